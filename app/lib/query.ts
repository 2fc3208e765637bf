import { z } from "zod";
import { documented } from "./schemas/json-schema";

/**
 * A page number from a screen's `?page=`: junk, zero or negative values mean page 1 (screens must
 * never fail on a hand-edited URL). Very large values are capped; the loader clamps to the last page.
 */
export function parsePageParam(value: string | null | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page >= 1 ? page : 1;
}

/** A tag from `?tag=`: trimmed; empty means no filter. */
export function parseTagParam(value: string | null | undefined): string | undefined {
  const tag = value?.trim();
  return tag ? tag.slice(0, 60) : undefined;
}

export const TAG_MAX_LENGTH = 60;
export const QUERY_MAX_LENGTH = 100;

const positiveInt = (name: string, max: number, example: number) =>
  documented(
    z
      .string()
      .regex(/^\d+$/, `${name} must be a positive whole number`)
      .transform(Number)
      .refine((n) => n >= 1 && n <= max, `${name} must be between 1 and ${max}`),
    { type: "integer", minimum: 1, maximum: max, pattern: undefined, examples: [example] },
  );

/** `?limit&pageNumber` of the API's lists (SPEC §7): strict, because API clients should hear about mistakes. */
export const PaginationQuerySchema = z.object({
  limit: positiveInt("limit", 50, 5).optional(),
  pageNumber: positiveInt("pageNumber", 100_000, 1).optional(),
});

/** Query of `GET /api/v1/products`. */
export const ProductListQuerySchema = PaginationQuerySchema.extend({
  // An empty tag (a client that cleared its filter) means no filter, like the screen's Clear.
  tag: documented(
    z
      .string()
      .trim()
      .max(TAG_MAX_LENGTH, `tag must be at most ${TAG_MAX_LENGTH} characters`)
      .optional()
      .transform((tag) => tag || undefined),
    { examples: ["animation"] },
  ),
});

/** Query of the autosuggest calls: `?query=` (may be empty, which suggests nothing). */
export const AutosuggestQuerySchema = z.object({
  query: documented(z.string().max(QUERY_MAX_LENGTH, `query must be at most ${QUERY_MAX_LENGTH} characters`).default(""), { examples: ["ani"] }),
});

/** The first message of a failed Zod parse, for `{ success: false, message }` responses. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const path = issue.path.join(".");
  return issue.message.includes(String(issue.path[0] ?? "")) || !path ? issue.message : `${path}: ${issue.message}`;
}

/** Reads the given keys of URLSearchParams into a plain object, leaving out absent ones. */
export function searchParamsObject(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}
