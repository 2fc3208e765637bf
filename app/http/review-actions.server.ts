/**
 * The review's screen actions, shared by the customer's order page, the studio's and a guest's
 * review page: `comment` (a time typed as m:ss or m:ss:ff without JavaScript, or the player's frames
 * and a drawing with it), `reply`, and `resolve` (the studio). Validated with the API's schemas; a
 * refused form comes back as its reply (`formAnswer`: `{ intent, result }`, a reply's with its
 * `comment_id`): its messages and what was typed (the drawing is not sent back).
 */
import { redirect } from "@remix-run/cloudflare";
import type { Database } from "../../db/client";
import { addComment, replyToComment, resolveComment, versionRate, type Reviewer } from "~/domain/orders/review-comments.server";
import { refuse, settle, type Refusal } from "~/domain/refusal";
import { CommentFormSchema, CommentReplySchema, DrawingSchema, ReplyFormSchema, ResolveFormSchema, ReviewCommentSchema } from "~/lib/schemas/review-comment";
import { parseTimecode } from "~/lib/timecode";
import { parseSubmission } from "./form-submission.server";
import { formAnswer, refusedData } from "./screen-refusal.server";

export const REVIEW_INTENTS = ["comment", "reply", "resolve"] as const;

export function isReviewIntent(intent: FormDataEntryValue | null): intent is (typeof REVIEW_INTENTS)[number] {
  return intent === "comment" || intent === "reply" || intent === "resolve";
}

const TIME_HINT = "Enter a time like 0:42, 1:02:03 or 00:00:42:12";

/** Several messages as the one the form shows, each once. */
const messagesOf = (issues: { message: string }[]) => [...new Set(issues.map((issue) => issue.message))].join(" ");

/** Answers a review intent of `form` on the page at `pagePath` (back to the comment, or the form with its messages). */
export async function reviewAction(db: Database, form: FormData, orderId: number, reviewer: Reviewer, pagePath: string) {
  const intent = form.get("intent");
  const back = (deliveryId: number, commentId: number) =>
    redirect(`${pagePath}${pagePath.includes("?") ? "&" : "?"}version=${deliveryId}#comment-${commentId}`);
  if (intent === "resolve") {
    const submission = parseSubmission(form, { schema: ResolveFormSchema });
    const studio = reviewer.kind === "admin" || reviewer.kind === "creator" ? { kind: reviewer.kind, id: reviewer.id } : null;
    if (submission.status !== "success" || !studio) return refusedData(refuse.malformed("The comment could not be resolved."));
    const done = await settle(resolveComment(db, orderId, submission.value.delivery_id, submission.value.comment_id, studio));
    if (!done.ok) return refusedData(done.refusal);
    return back(submission.value.delivery_id, submission.value.comment_id);
  }
  if (intent === "reply") {
    const submission = parseSubmission(form, { schema: ReplyFormSchema });
    if (submission.status !== "success") return refusedData(refuse.malformed("The reply could not be read."));
    const { delivery_id, comment_id, text } = submission.value;
    const refused = (refusal: Refusal) => formAnswer(submission, { refusal, beside: { intent: "reply" as const, comment_id } });
    const checked = CommentReplySchema.safeParse({ text });
    if (!checked.success) return refused(refuse.invalid(messagesOf(checked.error.issues)));
    const done = await settle(replyToComment(db, orderId, delivery_id, comment_id, reviewer, checked.data.text));
    if (!done.ok) return refused(done.refusal);
    return back(delivery_id, comment_id);
  }
  const submission = parseSubmission(form, { schema: CommentFormSchema });
  if (submission.status !== "success") return refusedData(refuse.malformed("The comment could not be read."));
  const { delivery_id, time, until, at_frame, end_frame, text, drawing } = submission.value;
  const refused = (refusal: Refusal) => formAnswer(submission, { refusal, hideFields: ["drawing"], beside: { intent: "comment" as const } });
  const rate = await settle(versionRate(db, orderId, delivery_id, reviewer));
  if (!rate.ok) return refused(rate.refusal);
  const errors: string[] = [];
  const at = at_frame ?? (time ? parseTimecode(time, rate.value) : null);
  if (at === null) errors.push(time ? TIME_HINT : "Give the comment its time, like 0:42");
  const end = end_frame ?? (until ? parseTimecode(until, rate.value) : null);
  if (until && end === null) errors.push(`Until: ${TIME_HINT}`);
  let shapes: unknown = null;
  if (drawing) {
    try {
      shapes = JSON.parse(drawing);
    } catch {
      errors.push("The drawing could not be read");
    }
    if (shapes !== null && !DrawingSchema.safeParse(shapes).success) errors.push("The drawing could not be read");
  }
  const checked = ReviewCommentSchema.safeParse({ at_frame: at ?? 0, end_frame: end, text, drawing: shapes });
  if (!checked.success) errors.push(...checked.error.issues.filter((i) => i.path[0] !== "drawing").map((i) => i.message));
  if (errors.length || !checked.success) return refused(refuse.invalid(messagesOf(errors.map((message) => ({ message })))));
  const added = await settle(addComment(db, orderId, delivery_id, reviewer, checked.data));
  if (!added.ok) return refused(added.refusal);
  return back(delivery_id, added.value.id);
}
