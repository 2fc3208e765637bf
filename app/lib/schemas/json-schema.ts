import type { z } from "zod";

/**
 * What a Zod schema checks that JSON Schema cannot read from it: a refinement (`plainText`'s
 * control characters, the password rules), a transform before the checks (`chipValues`, a country
 * code upper-cased first) or a preprocess (numbers sent as strings). The API's OpenAPI document
 * (http/openapi.server.ts) is generated from the very schemas the routes validate with; where one of
 * them says more than its Zod types show, it says it here, beside the rule, so that the document is
 * exactly as strict as the server. Validation never reads these: they only describe.
 */
export type JsonSchema = { [keyword: string]: unknown };

const hints = new WeakMap<object, JsonSchema>();

/**
 * Registers what `schema` accepts, in JSON Schema, over what is generated from its Zod types: each
 * keyword given replaces the generated one (`undefined` removes it). Returns `schema` itself.
 */
export function documented<T extends z.ZodTypeAny>(schema: T, hint: JsonSchema): T {
  hints.set(schema._def as object, { ...hints.get(schema._def as object), ...hint });
  return schema;
}

/** The hint registered for a Zod definition (`schema._def`), if any. */
export function jsonSchemaHint(def: object): JsonSchema | undefined {
  return hints.get(def);
}

/** The control characters every text field refuses (`text.ts`: single-line fields the bidi and line-separator characters too), as a character class body. */
const CONTROL_SINGLE_LINE = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";
/** Multi-line fields keep tabs and line breaks. */
const CONTROL_MULTI_LINE = "\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f";

/**
 * A JSON Schema `pattern` for text without control characters; `trimmed` also holds it to what the
 * server keeps after trimming (no leading or trailing white space), so that the lengths the document
 * gives are the lengths the server checks. Empty text matches: a minimum length says whether it may be.
 */
export function textPattern({ multiline = false, trimmed = false, exclude = "" }: { multiline?: boolean; trimmed?: boolean; exclude?: string } = {}): string {
  const control = (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE) + exclude;
  if (!trimmed) return `^[^${control}]*$`;
  const edge = `[^\\s${control}]`;
  return `^(?:${edge}(?:[^${control}]*${edge})?)?$`;
}
