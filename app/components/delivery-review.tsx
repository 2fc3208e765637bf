import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useCheckedForm } from "~/components/ui/use-checked-form";
import { formatFileSize, formatTimestamp } from "~/lib/rules/delivery-rules";
import { MASTERS_HELD } from "~/lib/rules/upload-rules";
import type { RevisionSchema } from "~/lib/schemas/revision";
import type { z } from "zod";
import { useHydrated } from "~/components/use-hydrated";

/** The player of a delivery (its first video): the pinning button reads its time, pinned comments seek it. */
export const deliveryVideoId = (deliveryId: number) => `delivery-video-${deliveryId}`;

function seekVideo(videoId: string, seconds: number) {
  const video = document.getElementById(videoId) as HTMLVideoElement | null;
  if (!video) return;
  video.currentTime = seconds;
  video.focus();
}

type FileKind = "video" | "image" | "document" | "audio" | "archive";
export type DeliveryFile = { id: number; name: string; content_type: string; size: number; kind: FileKind; url: string; role?: "file" | "preview" };
export type MasterFile = { id: number; name: string; size: number; kind: FileKind; released: boolean; href: string | null };

/** A delivery's files: videos play inline (seeking streams with Range; the preview first), images show, other files download. */
export function DeliveryFiles({ deliveryId, files }: { deliveryId: number; files: DeliveryFile[] }) {
  const firstVideo = files.find((f) => f.role === "preview") ?? files.find((f) => f.kind === "video");
  return (
    <ul className="space-y-3">
      {files.map((file) => (
        <li key={file.id}>
          {file.kind === "video" ? (
            <video
              id={file === firstVideo ? deliveryVideoId(deliveryId) : undefined}
              src={file.url}
              controls
              preload="metadata"
              tabIndex={-1}
              className="aspect-video w-full rounded-xl bg-black"
              aria-label={file.name}
            />
          ) : file.kind === "image" ? (
            <img src={file.url} alt={file.name} loading="lazy" className="max-h-96 rounded-xl border border-slate-200" />
          ) : null}
          <a href={file.url} download={file.name} className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline">
            Download {file.name} ({formatFileSize(file.size)})
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A delivery's masters: full-quality files, each a download through a signed link once released (the
 * customer's approval), otherwise listed with what releases them.
 */
export function MasterFiles({ masters, zip }: { masters: MasterFile[]; zip?: { href: string; size: number } | null }) {
  if (masters.length === 0) return null;
  const held = masters.some((m) => !m.released);
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">Masters</h3>
        {zip ? (
          <a href={zip.href} download className="text-sm font-semibold text-brand-700 hover:underline">
            Download all (ZIP, {formatFileSize(zip.size)})
          </a>
        ) : null}
      </div>
      {held ? <p className="mt-1 text-sm text-slate-600">{MASTERS_HELD}</p> : null}
      <ul aria-label="Masters" className="mt-2 space-y-1 text-sm">
        {masters.map((master) => (
          <li key={master.id}>
            {master.href ? (
              <a href={master.href} download={master.name} className="font-semibold text-brand-700 hover:underline">
                Download {master.name} ({formatFileSize(master.size)})
              </a>
            ) : (
              <span>
                {master.name} ({formatFileSize(master.size)})
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A pinned comment: with JavaScript a button that seeks its delivery's player to its moment. */
export function PinnedComment({ videoId, atSeconds, text }: { videoId: string; atSeconds: number; text: string }) {
  const hydrated = useHydrated();
  const time = formatTimestamp(atSeconds);
  return (
    <li className="flex gap-2 text-sm">
      {hydrated ? (
        <button type="button" onClick={() => seekVideo(videoId, atSeconds)} className="font-mono font-semibold text-brand-700 hover:underline">
          {time}
          <span className="sr-only"> (play from here)</span>
        </button>
      ) : (
        <span className="font-mono font-semibold">{time}</span>
      )}
      <span className="whitespace-pre-wrap">{text}</span>
    </li>
  );
}

/** An open comment a revision request may include, as the room shows it. */
export type OpenComment = { id: number; author: string; text: string; time: string };

/**
 * The customer's two answers to the newest delivery: approve it, or ask for changes. The request is
 * the version's open comments (each ticked, to include or not) and an optional note: comments get
 * their time in the room above, so this form has no time field of its own.
 */
export function ReviewActions({
  action,
  revisionsLeft,
  openComments,
  lastResult,
  cancellationRequested = false,
  stage = null,
  signOff = null,
}: {
  action: string;
  /** Named approvers on the order: whether the customer has approved this version, and who is still awaited (their approval completes it). */
  signOff?: { customerApproved: boolean; waiting: string[]; rule: string } | null;
  revisionsLeft: number;
  /** An order made in stages: the stage in hand and the one after it (none when it is the last). */
  stage?: { name: string; next: string | null } | null;
  /** The newest version's open comments (not resolved, in no request yet). */
  openComments: OpenComment[];
  lastResult: SubmissionResult<string[]> | undefined;
  /** The customer's cancellation request is open: approving withdraws it, and the page says so. */
  cancellationRequested?: boolean;
}) {
  const approving = useIsSubmitting(action, "approve");
  const stopping = useIsSubmitting(action, "approve-stop");
  const requesting = useIsSubmitting(action, "revision");
  const withdrawing = useIsSubmitting(action, "withdraw-approval");
  const { form, fields, formProps, error } = useCheckedForm<z.input<typeof RevisionSchema>>({ id: "revision", lastResult });
  const idsError = Object.entries(form.allErrors).flatMap(([name, e]) => (name.startsWith("comment_ids") ? e : []))[0];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {signOff?.customerApproved && signOff.waiting.length ? (
        <Form method="post" action={action} className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4" data-testid="sign-off-waiting">
          <h3 className="font-semibold text-emerald-900">You approved this version</h3>
          <p className="mt-1 text-sm text-emerald-900">
            {`Still awaited: ${signOff.waiting.join(", ")}. ${signOff.rule} You can withdraw your approval until then.`}
          </p>
          <SubmitButton name="intent" value="withdraw-approval" busy={withdrawing} busyText="Withdrawing..." tone="secondary" className="mt-3 sm:w-auto">
            Withdraw my approval
          </SubmitButton>
        </Form>
      ) : (
        <Form method="post" action={action} className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4">
          <h3 className="font-semibold text-emerald-900">Happy with it?</h3>
          <p className="mt-1 text-sm text-emerald-900">
            {stage
              ? `${stage.next ? `Approving locks ${stage.name} as it is and starts ${stage.next}.` : `Approving locks ${stage.name} and completes the order.`}${cancellationRequested ? " It also withdraws your cancellation request: nothing is refunded." : ""}`
              : cancellationRequested
                ? "Approving completes the order and withdraws your cancellation request: nothing is refunded."
                : "Approving completes the order."}
            {signOff
              ? ` ${signOff.rule} ${signOff.waiting.length ? `Awaited besides you: ${signOff.waiting.join(", ")}.` : "Your approvers have approved: yours completes it."}`
              : ""}
          </p>
          <SubmitButton name="intent" value="approve" busy={approving} busyText="Approving..." className="mt-3 bg-emerald-700 hover:bg-emerald-800 sm:w-auto">
            {stage?.next ? `Approve ${stage.name} and continue` : "Approve delivery"}
          </SubmitButton>
          {stage?.next ? (
            <>
              <p className="mt-3 text-sm text-emerald-900">
                Or stop after {stage.name}: the stages not started are refunded, and the approved stages&apos; files are yours.
              </p>
              <SubmitButton name="intent" value="approve-stop" busy={stopping} busyText="Stopping..." tone="secondary" className="mt-2 sm:w-auto">
                {`Approve ${stage.name} and stop here`}
              </SubmitButton>
            </>
          ) : null}
        </Form>
      )}

      {revisionsLeft > 0 ? (
        <Form method="post" action={action} {...formProps} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
          <h3 className="font-semibold">Ask for changes</h3>
          <p className="text-sm text-slate-600">
            {revisionsLeft} of your revisions left. Your comments on this version are the request: tick those to include.
          </p>
          <FormError id={form.errorId} errors={form.errors} />
          {/* Always sent, so that ticking none is a choice (without it every open comment goes, as the API allows). */}
          <input type="hidden" name="comment_ids" value="" />
          {openComments.length ? (
            <fieldset className="space-y-1" aria-describedby={idsError ? "comment-ids-error" : undefined}>
              <legend className="text-sm font-medium text-slate-800">Comments to include</legend>
              <ul className="max-h-64 space-y-1 overflow-auto">
                {openComments.map((c) => (
                  <li key={c.id}>
                    <label className="flex items-start gap-2 text-sm">
                      <input type="checkbox" name="comment_ids" value={c.id} defaultChecked className="mt-0.5 size-4 shrink-0 accent-brand-700" />
                      <span className="min-w-0 break-words">
                        <span className="font-mono font-semibold">{c.time}</span> {c.author}: {c.text}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              {idsError ? (
                <p id="comment-ids-error" className="text-sm text-red-700">
                  {idsError}
                </p>
              ) : null}
            </fieldset>
          ) : (
            <p className="text-sm text-slate-600">No open comments on this version yet: add them on the video above, or write what should change.</p>
          )}
          <TextAreaField label="Anything else? (optional)" meta={fields.note} error={error(fields.note)} rows={3} />
          <SubmitButton name="intent" value="revision" busy={requesting} busyText="Sending..." className="sm:w-auto">
            Request revision
          </SubmitButton>
        </Form>
      ) : (
        <div role="note" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <h3 className="font-semibold">No revisions left</h3>
          <p className="mt-1">All revisions of this package are used. Please write to the studio in the order&apos;s messages.</p>
        </div>
      )}
    </div>
  );
}
