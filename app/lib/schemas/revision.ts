import { z } from "zod";
import { parseTimestamp } from "../rules/delivery-rules";
import { plainText } from "./text";
import { documented } from "./json-schema";

export const REVISION_LIMITS = { noteMax: 5000, comments: 50, commentMax: 1000 } as const;

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

/** A revision request (`POST /api/v1/orders/{id}/revisions` under `revision`, and the review form). */
export const RevisionSchema = z.object({
  note: plainText(
    z
      .string({ required_error: "Tell the studio what to change" })
      .trim()
      .min(1, "Tell the studio what to change")
      .max(REVISION_LIMITS.noteMax, `The note must be at most ${REVISION_LIMITS.noteMax} characters`),
    "The note",
    { multiline: true },
  ),
  // A form's empty comment rows (no time, no text) are not comments.
  comments: z.preprocess(
    (list) => (Array.isArray(list) ? list.filter((c: unknown) => !isEmptyRow(c)) : list),
    z.array(comment).max(REVISION_LIMITS.comments, `At most ${REVISION_LIMITS.comments} comments`).optional().default([]),
  ),
});
export type RevisionInput = z.output<typeof RevisionSchema>;
