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

export function parseSubmission<Schema extends z.ZodTypeAny>(formData: FormData, options: { schema: Schema }) {
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
