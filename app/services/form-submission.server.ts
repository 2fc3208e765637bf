/**
 * Conform's `parseWithZod` for actions, with one difference: the reply, which echoes what was typed
 * back into the form, never echoes more of a field than its schema allows (a 100 KB "email" comes
 * back as its first 254 characters), and never more than ECHO_LIMIT of a field the schema does not
 * bound. Screens call this instead of `parseWithZod` on the server.
 */
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/** The longest text any screen form takes (a product description). */
export const ECHO_LIMIT = 5000;

type Echo = Record<string, unknown>;

function bounded(value: unknown, max: number): unknown {
  if (typeof value === "string") return value.length > max ? value.slice(0, max) : value;
  if (Array.isArray(value)) return value.map((item) => bounded(item, ECHO_LIMIT));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bounded(v, ECHO_LIMIT)]));
  return value;
}

/**
 * Whether a form's `__intent__` (Conform's list and validation buttons) is something Conform itself
 * would not have sent: Conform throws on those, which would answer 500 instead of refusing.
 */
function forgedIntent(intent: FormDataEntryValue | null): boolean {
  if (intent === null) return false;
  let parsed: unknown;
  try {
    parsed = typeof intent === "string" ? JSON.parse(intent) : null;
  } catch {
    parsed = null;
  }
  const control = parsed as { type?: unknown; payload?: unknown } | null;
  const payload = control?.payload as { name?: unknown; index?: unknown } | null | undefined;
  const ok =
    typeof control?.type === "string" &&
    typeof payload === "object" &&
    payload !== null &&
    (payload.name === undefined || typeof payload.name === "string") &&
    (payload.index === undefined || Number.isInteger(payload.index));
  return !ok;
}

/** Parses a screen's form; a forged `__intent__` is refused with 400 (thrown, like Remix's own refusals). */
export function parseSubmission<Schema extends z.ZodTypeAny>(formData: FormData, options: { schema: Schema }) {
  if (forgedIntent(formData.get("__intent__"))) {
    throw new Response("The form's button could not be understood. Please try again.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const submission = parseWithZod(formData, options);
  const constraint = getZodConstraint(options.schema) as Record<string, { maxLength?: number } | undefined>;
  const reply = submission.reply.bind(submission);
  submission.reply = ((replyOptions) => {
    const result = reply(replyOptions);
    if (!result.initialValue) return result;
    const echo: Echo = {};
    for (const [name, value] of Object.entries(result.initialValue))
      echo[name] = bounded(value, Math.min(constraint[name]?.maxLength ?? ECHO_LIMIT, ECHO_LIMIT));
    return { ...result, initialValue: echo as typeof result.initialValue };
  }) as typeof submission.reply;
  return submission;
}
