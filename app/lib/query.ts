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

/** Where a walk of a list goes on from: the last item seen, as its `created_at` and `id`. */
export interface Keyset {
  createdAt: number;
  id: number;
}

const AFTER_MESSAGE = "after must be the created_at and id of a listed item, as 2026-11-01T10:00:00.000Z_123";

/**
 * `?after=` of the API's lists of orders and customers: the next page after the item given by its
 * `created_at` and `id` (`2026-11-01T10:00:00.000Z_123`, both from the list's own items), read from
 * an index however deep the walk goes, and stable while items are added (pageNumber shifts then).
 */
const AFTER_PATTERN = "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,3})?Z_[1-9]\\d{0,14}$";

export const afterParam = documented(
  z
    .string()
    .max(40, AFTER_MESSAGE)
    .transform((text, context): Keyset => {
      const match = new RegExp(AFTER_PATTERN).exec(text);
      if (!match) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: AFTER_MESSAGE });
        return z.NEVER;
      }
      // The moment the parts name (a 30 February is 2 March: a position in the walk, whatever the calendar says).
      const [date = "", time = ""] = text.slice(0, text.indexOf("Z")).split("T");
      const [y, mo, d] = date.split("-").map(Number);
      const [h, mi, sec] = time.split(":").map(Number);
      const at = new Date(0);
      at.setUTCFullYear(y!, mo! - 1, d!);
      at.setUTCHours(h!, mi!, 0, Math.round(sec! * 1000));
      return { createdAt: at.getTime(), id: Number(text.slice(text.indexOf("_") + 1)) };
    }),
  { type: "string", pattern: AFTER_PATTERN, examples: ["2026-11-01T10:00:00.000Z_123"] },
);

/** A screen's `?after=` (a Next link's keyset): anything unreadable means none (screens never fail on a hand-edited URL). */
export function parseAfterParam(value: string | null | undefined): Keyset | undefined {
  const parsed = afterParam.safeParse(value ?? "");
  return parsed.success ? parsed.data : undefined;
}

/** `?limit&pageNumber` or `?limit&after` of the API's lists of orders and customers. */
export const KeysetQuerySchema = PaginationQuerySchema.extend({ after: afterParam.optional() });

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

/** Query of `GET /api/v1/creators`: a page, and filters by skill (a tag's name) and country (ISO 3166-1 alpha-2). */
export const CreatorListQuerySchema = PaginationQuerySchema.extend({
  skill: documented(
    z
      .string()
      .trim()
      .max(TAG_MAX_LENGTH, `skill must be at most ${TAG_MAX_LENGTH} characters`)
      .optional()
      .transform((skill) => skill || undefined),
    { examples: ["3d"] },
  ),
  country: documented(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, "country must be a two-letter country code")
      .optional()
      .transform((country) => country || undefined),
    { examples: ["GB"] },
  ),
});
