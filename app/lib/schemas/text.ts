import type { z } from "zod";
import { documented, textPattern } from "./json-schema";

/* eslint-disable no-control-regex -- control characters are exactly what these patterns find */
/**
 * NUL, escape, DEL, the other C0 controls and the C1 controls; single-line fields refuse tabs and line
 * breaks too, and the invisible characters that reorder or break a line as it is shown (the bidi
 * overrides and isolates, the line and paragraph separators): a name or an address printed on an
 * invoice must read as it was typed.
 */
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** Multi-line fields (a description, a message) keep tabs and line breaks. */
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */

export function controlCharacterMessage(label: string) {
  return `${label} must not contain control characters`;
}

/** True when `value` holds a control character a person cannot have typed into that field. */
export function hasControlCharacters(value: string, { multiline = false } = {}) {
  return (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value);
}

/**
 * Refuses control characters in a text field, with a message naming it: they are invisible on
 * screen, break emails and CSV exports, and NUL truncates text in some clients.
 */
export function plainText<T extends z.ZodTypeAny>(schema: T, label: string, options: { multiline?: boolean } = {}) {
  const refined = schema.refine((value: unknown) => typeof value !== "string" || !hasControlCharacters(value, options), controlCharacterMessage(label));
  // For the API's document: the same rule as a pattern, over the lengths of the trimmed text where the field trims.
  const checks = ((schema._def as { checks?: { kind: string }[] }).checks ?? []).map((check) => check.kind);
  const pattern = textPattern({ multiline: options.multiline, trimmed: checks.includes("trim") });
  return documented(refined, checks.includes("regex") ? { allOf: [{ pattern }] } : { pattern });
}
