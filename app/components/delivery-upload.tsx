import { Form, useNavigate } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { SubmitButton } from "~/components/ui/form";
import { DELIVERY_ACCEPT, DELIVERY_LIMITS, DELIVERY_RULE, formatFileSize } from "~/lib/delivery-rules";
import { useHydrated } from "~/lib/use-hydrated";

type Picked = { name: string; size: number };

/**
 * The studio's 'Upload delivery' form. Without JavaScript it posts to the order page (multipart).
 * With it, the files go to /admin/orders/{id}/deliveries in one streamed request and each file shows
 * its own progress (a multipart body carries the files in order, so the bytes sent tell which file
 * is on its way and how far); a refusal keeps the note and names the rule.
 */
export function DeliveryUpload({ orderId, refused, note, busy }: { orderId: number; refused: string | null; note: string; busy: boolean }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [sent, setSent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const uploading = sent !== null;

  function upload(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.delete("intent");
    const request = new XMLHttpRequest();
    request.open("POST", `/admin/orders/${orderId}/deliveries`);
    request.responseType = "json";
    request.upload.onprogress = (e) => setSent(e.loaded);
    request.onload = () => {
      const answer = (request.response ?? {}) as { success?: boolean; location?: string; message?: string };
      if (request.status === 201 && answer.location) {
        navigate(answer.location, { replace: true });
        return;
      }
      setSent(null);
      setProblem(answer.message ?? "The delivery could not be uploaded. Please try again.");
    };
    request.onerror = () => {
      setSent(null);
      setProblem("The upload was interrupted. Check your connection and try again.");
    };
    setProblem(null);
    setSent(0);
    request.send(body);
  }

  // The bytes sent so far, laid over the files in the order they go (a multipart part's headers are a few bytes).
  let before = 0;
  const progress = picked.map((file) => {
    const start = before;
    before += file.size;
    const done = sent === null ? 0 : Math.min(1, Math.max(0, (sent - start) / Math.max(1, file.size)));
    return { ...file, percent: Math.round(done * 100) };
  });
  const message = problem ?? refused;

  return (
    <Form method="post" encType="multipart/form-data" onSubmit={upload} className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
      <h3 className="font-semibold">Upload delivery</h3>
      {message ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
      ) : null}
      <div>
        <label htmlFor="delivery-files" className="block text-sm font-medium text-slate-800">
          Files to deliver
        </label>
        <input
          ref={inputRef}
          id="delivery-files"
          name="files"
          type="file"
          multiple
          required
          accept={DELIVERY_ACCEPT}
          aria-describedby="delivery-rule"
          disabled={uploading}
          onChange={(e) => setPicked([...(e.currentTarget.files ?? [])].map((f) => ({ name: f.name, size: f.size })))}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-semibold"
        />
        <p id="delivery-rule" className="mt-1 text-xs text-slate-600">
          {DELIVERY_RULE}
        </p>
      </div>
      {hydrated && picked.length ? (
        <ul aria-label="Files to upload" className="space-y-2">
          {progress.map((file) => (
            <li key={file.name} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="truncate">{file.name}</span>
                <span className="shrink-0 text-slate-600 tabular-nums">{uploading ? `${file.percent}%` : formatFileSize(file.size)}</span>
              </div>
              <progress max={100} value={file.percent} aria-label={`Upload of ${file.name}`} className="h-1.5 w-full accent-brand-700" />
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label htmlFor="delivery-note" className="block text-sm font-medium text-slate-800">
          Note to the customer
        </label>
        <textarea
          id="delivery-note"
          name="note"
          rows={3}
          maxLength={DELIVERY_LIMITS.noteMax}
          defaultValue={note}
          disabled={uploading}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
      <SubmitButton name="intent" value="deliver" busy={busy || uploading} busyText="Uploading..." className="sm:w-auto">
        Deliver
      </SubmitButton>
    </Form>
  );
}
