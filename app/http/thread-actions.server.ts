/**
 * The message thread's two screen actions, shared by the customer's and the studio's order pages:
 * `message` (a message with attachments, validated with `MessageSchema` as the API's call is) and
 * `read` (the thread marked read up to its latest message). A refusal (the order closed to files,
 * not yet paid) is shown beside the thread with its status.
 */
import { data, redirect } from "@remix-run/cloudflare";
import type { Database } from "../../db/client";
import { markThreadRead, postMessage } from "~/domain/orders/thread.server";
import { type WorkState } from "~/domain/orders/work-state.server";
import type { Actor } from "~/domain/orders/work-events.server";
import { formFiles } from "./order-forms.server";
import { settle } from "~/domain/refusal";
import { MessageSchema } from "~/lib/schemas/message";
import { parseSubmission } from "./form-submission.server";
import { formAnswer, refusedData } from "./screen-refusal.server";

export const THREAD_INTENTS = ["message", "read"] as const;

export function isThreadIntent(intent: FormDataEntryValue | null): intent is (typeof THREAD_INTENTS)[number] {
  return intent === "message" || intent === "read";
}

/**
 * Answers a thread intent of `form` on the order page at `pagePath`: a sent message goes back to
 * the thread; a read thread answers `{ read: true }`.
 */
export async function threadAction({ db, bucket }: { db: Database; bucket: R2Bucket }, form: FormData, order: WorkState, actor: Actor, pagePath: string) {
  if (form.get("intent") === "read") {
    const read = await settle(markThreadRead(db, order.id, actor));
    return read.ok ? data({ read: true }) : refusedData(read.refusal);
  }
  const submission = parseSubmission(form, { schema: MessageSchema, allow: ["attachments"] });
  if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "message" } });
  const sent = await settle(postMessage(db, bucket, order, actor, submission.value, formFiles(form, "attachments")));
  // A refused file (type, size, count) is named in the form, the text kept.
  if (!sent.ok) return formAnswer(submission, { refusal: sent.refusal, beside: { intent: "message" } });
  return redirect(`${pagePath}#messages-title`);
}
