import { z } from "zod";
import { parseTimestamp } from "../rules/delivery-rules";
import { plainText } from "./text";
import { documented } from "./json-schema";
import { jsonNumber } from "./json-number";
import { COMMENT_LIMITS } from "../rules/review-rules";

export const REVISION_LIMITS = { noteMax: 5000, comments: 50, commentMax: 1000 } as const;

/** A request that names nothing to change. */
export const NOTHING_TO_CHANGE = "Tell the studio what to change: tick a comment or write a note";

const comment = z.object({
  at_seconds: z.union([
    z.number().int("at_seconds must be whole seconds").min(0, "at_seconds must be 0 or more").max(86_400, "at_seconds is past the end of any video"),
    documented(
      z.string().transform((value, ctx) => {
        const seconds = parseTimestamp(value);
        if (seconds === null) {
          ctx.addIssue({ code: "custom", message: "Each comment needs a time like 0:42" });
          return z.NEVER;
        }
        return seconds;
      }),
      // m:ss (up to 1439:59) or h:mm:ss (up to 23:59:59): within a day, as parseTimestamp reads them.
      { pattern: "^\\s*(?:(?:[0-9]{1,3}|1[0-3][0-9]{2}|14[0-3][0-9])|(?:[01]?[0-9]|2[0-3]):[0-5][0-9]):[0-5][0-9]\\s*$", examples: ["0:42"] },
    ),
  ]),
  text: plainText(
    z
      .string()
      .trim()
      .min(1, "Each comment needs text")
      .max(REVISION_LIMITS.commentMax, `Each comment must be at most ${REVISION_LIMITS.commentMax} characters`),
    "Each comment",
    { multiline: true },
  ),
});

function isEmptyRow(row: unknown): boolean {
  if (row === undefined || row === null) return true;
  if (typeof row !== "object") return false;
  const { at_seconds: at, text } = row as { at_seconds?: unknown; text?: unknown };
  return (at === undefined || at === "") && (text === undefined || text === "");
}

/** Ids of comments to include: a form's repeated checkbox (one value or many; the empty marker dropped), or the API's list. */
const commentIds = z.preprocess(
  (value) => (value === undefined ? undefined : (Array.isArray(value) ? value : [value]).filter((v) => v !== "" && v !== null)),
  z
    .array(
      // A number or its digits (a form's value); never Number() on an object, which can throw (found by the fuzz test).
      documented(
        jsonNumber("comment_ids must be comment ids").pipe(z.number().int("comment_ids must be comment ids").min(1, "comment_ids must be comment ids")),
        { type: "integer", minimum: 1 },
      ),
    )
    .max(COMMENT_LIMITS.perVersion, `At most ${COMMENT_LIMITS.perVersion} comments`)
    .optional(),
);

/**
 * A revision request (`POST /api/v1/orders/{id}/revisions` under `revision`, and the review form):
 * the version's open frame comments to include (`comment_ids`; without it, every open comment, as
 * before), and (the API's older way) comments with their own times. A note is needed unless a
 * comment is chosen.
 */
export const RevisionSchema = documented(
  z.object({
    note: plainText(z.string().trim().max(REVISION_LIMITS.noteMax, `The note must be at most ${REVISION_LIMITS.noteMax} characters`), "The note", {
      multiline: true,
    })
      .optional()
      .transform((note) => note ?? ""),
    comment_ids: commentIds,
    // A form's empty comment rows (no time, no text) are not comments.
    comments: z.preprocess(
      (list) => (Array.isArray(list) ? list.filter((c: unknown) => !isEmptyRow(c)) : list),
      z.array(comment).max(REVISION_LIMITS.comments, `At most ${REVISION_LIMITS.comments} comments`).optional().default([]),
    ),
  }),
  // The document says what the refinement below checks: without a comment chosen, a note is needed.
  {
    allOf: [
      {
        if: { not: { required: ["comment_ids"], properties: { comment_ids: { type: "array", minItems: 1 } } } },
        then: { required: ["note"], properties: { note: { type: "string", pattern: "\\S", examples: ["A warmer voice, please"] } } },
      },
    ],
  },
).superRefine((value, ctx) => {
  if (value.note === "" && !value.comment_ids?.length) ctx.addIssue({ code: "custom", path: ["note"], message: NOTHING_TO_CHANGE });
});
export type RevisionInput = z.output<typeof RevisionSchema>;
