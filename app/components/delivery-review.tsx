import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
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

/**
 * Approve, or ask for a revision with a note and comments pinned to moments of the video: pause or
 * click the timeline, then 'Comment at 0:42'. Without JavaScript each comment row takes its time as
 * m:ss. Past the allowance the revision form gives way to a message.
 */
export function ReviewActions({
  action,
  revisionsLeft,
  videoId,
  lastResult,
  cancellationRequested = false,
}: {
  action: string;
  revisionsLeft: number;
  /** The reviewed delivery's player, when it has a video. */
  videoId: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The customer's cancellation request is open: approving withdraws it, and the page says so. */
  cancellationRequested?: boolean;
}) {
  const hydrated = useHydrated();
  const approving = useIsSubmitting(action, "approve");
  const requesting = useIsSubmitting(action, "revision");
  const { form, fields, formProps, error } = useCheckedForm<z.input<typeof RevisionSchema>>({ id: "revision", lastResult });
  const [rows, setRows] = useState<{ key: number; at: string }[]>([{ key: 0, at: "" }]);
  const [now, setNow] = useState(0);
  const nextKey = useRef(1);
  const focusRow = useRef<number | null>(null);

  useEffect(() => {
    const video = videoId ? (document.getElementById(videoId) as HTMLVideoElement | null) : null;
    if (!video) return;
    const update = () => setNow(video.currentTime);
    video.addEventListener("timeupdate", update);
    video.addEventListener("seeked", update);
    return () => {
      video.removeEventListener("timeupdate", update);
      video.removeEventListener("seeked", update);
    };
  }, [videoId]);

  useEffect(() => {
    if (focusRow.current === null) return;
    document.getElementById(`comment-text-${focusRow.current}`)?.focus();
    focusRow.current = null;
  }, [rows]);

  const pin = () => {
    const key = nextKey.current++;
    const at = formatTimestamp(now);
    focusRow.current = key;
    // Fill the first empty row, else add one.
    setRows((previous) => {
      const emptyIndex = previous.findIndex((r) => r.at === "");
      if (emptyIndex >= 0) {
        focusRow.current = previous[emptyIndex]!.key;
        return previous.map((r, i) => (i === emptyIndex ? { ...r, at } : r));
      }
      return [...previous, { key, at }];
    });
  };

  const commentErrors = [...new Set(Object.entries(form.allErrors).flatMap(([name, e]) => (name.startsWith("comments") ? e : [])))];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Form method="post" action={action} className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4">
        <h3 className="font-semibold text-emerald-900">Happy with it?</h3>
        <p className="mt-1 text-sm text-emerald-900">
          {cancellationRequested
            ? "Approving completes the order and withdraws your cancellation request: nothing is refunded."
            : "Approving completes the order."}
        </p>
        <SubmitButton name="intent" value="approve" busy={approving} busyText="Approving..." className="mt-3 bg-emerald-700 hover:bg-emerald-800 sm:w-auto">
          Approve delivery
        </SubmitButton>
      </Form>

      {revisionsLeft > 0 ? (
        <Form method="post" action={action} {...formProps} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
          <h3 className="font-semibold">Ask for changes</h3>
          <p className="text-sm text-slate-600">
            {revisionsLeft} of your revisions left.{" "}
            {videoId
              ? hydrated
                ? "Pause the video where something should change and pin a comment there."
                : "Give each comment its time in the video, like 0:42."
              : null}
          </p>
          <FormError id={form.errorId} errors={form.errors} />
          <TextAreaField label="What should change?" meta={fields.note} error={error(fields.note)} rows={3} />
          {videoId ? (
            <fieldset className="space-y-2" aria-describedby="comment-errors">
              <legend className="text-sm font-medium text-slate-800">Comments on the video</legend>
              {hydrated ? (
                <button
                  type="button"
                  onClick={pin}
                  className="rounded-lg border border-brand-300 px-3 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Comment at {formatTimestamp(now)}
                </button>
              ) : null}
              {rows.map((row, i) => (
                <div key={row.key} className="flex gap-2">
                  <label className="sr-only" htmlFor={`comment-at-${row.key}`}>
                    Time of comment {i + 1}
                  </label>
                  <input
                    id={`comment-at-${row.key}`}
                    name={`comments[${i}].at_seconds`}
                    value={row.at}
                    onChange={(e) => setRows((previous) => previous.map((r) => (r.key === row.key ? { ...r, at: e.target.value } : r)))}
                    placeholder="0:42"
                    inputMode="numeric"
                    className="w-20 rounded-lg border border-slate-300 px-2 py-2 font-mono text-sm"
                  />
                  <label className="sr-only" htmlFor={`comment-text-${row.key}`}>
                    Comment {i + 1}
                  </label>
                  <input
                    id={`comment-text-${row.key}`}
                    name={`comments[${i}].text`}
                    placeholder="What to change at this moment"
                    maxLength={1000}
                    className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
                  />
                </div>
              ))}
              <p id="comment-errors" className="min-h-5 text-sm text-red-700" aria-live="polite">
                {commentErrors.join(" ")}
              </p>
            </fieldset>
          ) : null}
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
