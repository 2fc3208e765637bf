import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatFileSize } from "~/lib/rules/delivery-rules";
import type { PartsUpload, PartsUploadProgress, PartsUploadTarget } from "~/components/uploads/parts-upload";
import { ORDER_ATTACHMENTS_MAX_BYTES } from "~/lib/rules/delivery-rules";
import { useHydrated } from "~/components/use-hydrated";

export type Transfer = { key: string; name: string; detail?: string; progress: PartsUploadProgress };

const STATE_TEXT: Record<PartsUploadProgress["state"], string> = {
  starting: "Waiting",
  uploading: "Uploading",
  paused: "Paused",
  completing: "Finishing",
  done: "Uploaded",
  failed: "Stopped",
  cancelled: "Cancelled",
};

/**
 * A file sent in parts to `target`. The uploader's code (4 KB) is fetched when the first file is
 * chosen, not with the page: most visits to an order send no file.
 */
export async function partsUpload(file: File, target: PartsUploadTarget, onProgress: (progress: PartsUploadProgress) => void): Promise<PartsUpload> {
  const { PartsUpload } = await import("~/components/uploads/parts-upload");
  return new PartsUpload(file, target, onProgress);
}

export const percentOf = (progress: PartsUploadProgress) => Math.round((progress.sent / Math.max(1, progress.size)) * 100);

/** Files on their way in parts: each with its progress, and pause, resume and cancel while it goes. */
export function TransferList({ transfers, controls, label }: { transfers: Transfer[]; controls: Map<string, PartsUpload>; label: string }) {
  if (transfers.length === 0) return null;
  return (
    <ul aria-label={label} className="space-y-2">
      {transfers.map((t) => {
        const control = controls.get(t.key);
        const live = t.progress.state === "uploading" || t.progress.state === "paused" || t.progress.state === "failed";
        return (
          <li key={t.key} className="text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="truncate">
                {t.name} {t.detail ? <span className="text-slate-500">({t.detail})</span> : null}
              </span>
              <span className="shrink-0 text-slate-600 tabular-nums" aria-live="polite">
                {STATE_TEXT[t.progress.state]} · {percentOf(t.progress)}% of {formatFileSize(t.progress.size)}
                {t.progress.resumed ? " · resumed" : ""}
              </span>
            </div>
            <progress max={100} value={percentOf(t.progress)} aria-label={`Upload of ${t.name}`} className="h-1.5 w-full accent-brand-700" />
            {t.progress.message ? <p className="text-xs text-red-800">{t.progress.message}</p> : null}
            {live && control ? (
              <div className="mt-1 flex gap-3">
                {t.progress.state === "uploading" ? (
                  <button type="button" onClick={() => control.pause()} className="text-xs font-semibold text-brand-700 hover:underline">
                    Pause<span className="sr-only"> {t.name}</span>
                  </button>
                ) : (
                  <button type="button" onClick={() => control.resume()} className="text-xs font-semibold text-brand-700 hover:underline">
                    Resume<span className="sr-only"> {t.name}</span>
                  </button>
                )}
                <button type="button" onClick={() => void control.cancel()} className="text-xs font-semibold text-red-700 hover:underline">
                  Cancel<span className="sr-only"> {t.name}</span>
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Large attachments (raw footage and the like) for a message or the brief, with JavaScript: each file
 * starts in parts as soon as it is chosen, and once uploaded is named in the form by a hidden
 * `upload_ids` field. `onBusyChange` says whether any is still on its way (the form waits for them).
 * Without JavaScript it is not shown; the form's own small attachments remain.
 */
export function LargeFilesInput({ orderId, id, onBusyChange }: { orderId: number; id: string; onBusyChange?: (busy: boolean) => void }) {
  const hydrated = useHydrated();
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [done, setDone] = useState<{ key: string; uploadId: string }[]>([]);
  const controls = useRef(new Map<string, PartsUpload>());
  const busy = transfers.some((t) => t.progress.state !== "done" && t.progress.state !== "cancelled");

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  if (!hydrated) return null;

  function choose(files: File[]) {
    for (const [i, file] of files.entries()) {
      const key = `${Date.now()}-${i}-${file.name}`;
      const target: PartsUploadTarget = { purpose: "attachment", order_id: orderId };
      const track = (progress: PartsUploadProgress) => setTransfers((all) => all.map((t) => (t.key === key ? { ...t, progress } : t)));
      setTransfers((all) => [...all, { key, name: file.name, progress: { state: "starting", sent: 0, size: file.size, resumed: false, message: null } }]);
      partsUpload(file, target, track)
        .then((upload) => {
          controls.current.set(key, upload);
          return upload.start();
        })
        .then(
          (uploadId) => setDone((all) => [...all, { key, uploadId }]),
          (error: unknown) => {
            setDone((all) => all.filter((d) => d.key !== key));
            // The uploader's code could not be fetched (offline): the file says so; a failed upload has said it already.
            if (!controls.current.has(key)) track({ state: "failed", sent: 0, size: file.size, resumed: false, message: (error as Error).message });
          },
        );
    }
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Large files (optional)
      </label>
      <input
        id={id}
        type="file"
        multiple
        aria-describedby={`${id}-rule`}
        onChange={(e) => {
          choose([...(e.currentTarget.files ?? [])]);
          e.currentTarget.value = "";
        }}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-semibold"
      />
      <p id={`${id}-rule`} className="mt-1 text-xs text-slate-600">
        Raw footage, audio, ZIPs and other large files, sent in parts as soon as you choose them: up to {formatFileSize(ORDER_ATTACHMENTS_MAX_BYTES)} per order
        in all.
      </p>
      <div className="mt-2">
        <TransferList transfers={transfers} controls={controls.current} label="Large files" />
      </div>
      {done.map((d) => (
        <input key={d.key} type="hidden" name="upload_ids" value={d.uploadId} />
      ))}
    </div>
  );
}

/**
 * A form that carries large files sent in parts (`LargeFilesInput`) waits for them: `wrap` turns the
 * form's submit handler into one that stops while files are still on their way, and `notice` says so.
 */
export function useWaitForUploads() {
  const [uploading, setUploading] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const wrap =
    (submit: (event: FormEvent<HTMLFormElement>) => void) =>
    (event: FormEvent<HTMLFormElement>): void => {
      if (uploading) {
        event.preventDefault();
        setWaiting(true);
        return;
      }
      setWaiting(false);
      submit(event);
    };
  const notice =
    waiting && uploading ? (
      <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Wait for the large files to finish uploading, or cancel them, then send.
      </p>
    ) : null;
  return { onBusyChange: setUploading, wrap, notice };
}
