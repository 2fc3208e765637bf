import { Form, useNavigate } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { SubmitButton } from "~/components/ui/form";
import { DELIVERY_ACCEPT, DELIVERY_LIMITS, DELIVERY_RULE, formatFileSize } from "~/lib/rules/delivery-rules";
import type { PartsUpload, PartsUploadProgress } from "~/components/uploads/parts-upload";
import { partsUpload, TransferList, type Transfer } from "~/components/parts-uploads";
import { DEFAULT_FRAME_RATE, FRAME_RATES, MASTER_RULE, PREVIEW_RULE } from "~/lib/rules/upload-rules";
import { useHydrated } from "~/components/use-hydrated";
import { paths } from "~/lib/paths";

type Picked = { name: string; size: number };

const IDLE: Omit<PartsUploadProgress, "size"> = { state: "starting", sent: 0, resumed: false, message: null };

/**
 * The studio's 'Upload delivery' form. Without JavaScript it posts to the order page (multipart:
 * small files, up to one request's worth). With it, the preview and the masters (any size) go first,
 * each in parts straight into storage with its own progress, pause, resume and cancel (a reload and
 * the same file chosen again resumes where it stopped); then the delivery is sent to
 * /admin/orders/{id}/deliveries naming them, with any small files, each showing its progress. A
 * refusal keeps the note and names the rule.
 */
export function DeliveryUpload({ orderId, refused, note, busy }: { orderId: number; refused: string | null; note: string; busy: boolean }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [sent, setSent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [working, setWorking] = useState(false);
  const uploads = useRef(new Map<string, PartsUpload>());
  const previewRef = useRef<HTMLInputElement>(null);
  const mastersRef = useRef<HTMLInputElement>(null);
  const uploading = sent !== null || working;

  function track(key: string, progress: PartsUploadProgress) {
    setTransfers((all) => all.map((t) => (t.key === key ? { ...t, progress } : t)));
  }

  /** Sends the preview and masters in parts, one file after another; their upload ids, in order. */
  async function sendInParts(): Promise<{ preview: string | null; masters: string[] } | null> {
    const files = [
      ...[...(previewRef.current?.files ?? [])].map((file) => ({ file, role: "preview" as const })),
      ...[...(mastersRef.current?.files ?? [])].map((file) => ({ file, role: "master" as const })),
    ];
    const list: Transfer[] = files.map(({ file, role }, i) => ({
      key: `${role}-${i}-${file.name}`,
      name: file.name,
      detail: role,
      progress: { ...IDLE, size: file.size },
    }));
    setTransfers(list);
    let preview: string | null = null;
    const masters: string[] = [];
    for (const [i, { file, role }] of files.entries()) {
      const key = list[i]!.key;
      try {
        const upload = await partsUpload(file, { purpose: "delivery", order_id: orderId }, (progress) => track(key, progress));
        uploads.current.set(key, upload);
        const id = await upload.start();
        if (role === "preview") preview = id;
        else masters.push(id);
      } catch (error) {
        setProblem(
          (error as Error).message === "cancelled" ? `${file.name} was cancelled: choose it again, or remove it, to deliver.` : (error as Error).message,
        );
        return null;
      }
    }
    return { preview, masters };
  }

  async function upload(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.delete("intent");
    setProblem(null);
    setWorking(true);
    const inParts = await sendInParts();
    setWorking(false);
    if (!inParts) return;
    if (inParts.preview) body.set("preview_upload_id", inParts.preview);
    for (const id of inParts.masters) body.append("master_upload_ids", id);
    const request = new XMLHttpRequest();
    request.open("POST", `${paths.adminOrder(orderId)}/deliveries`);
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
  const fileClass = "mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-semibold";

  return (
    <Form method="post" encType="multipart/form-data" onSubmit={upload} className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
      <h3 className="font-semibold">Upload delivery</h3>
      {message ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
      ) : null}
      {hydrated ? (
        <>
          <div>
            <label htmlFor="delivery-preview" className="block text-sm font-medium text-slate-800">
              Preview for review
            </label>
            <input
              ref={previewRef}
              id="delivery-preview"
              type="file"
              accept="video/mp4,video/webm"
              aria-describedby="delivery-preview-rule"
              disabled={uploading}
              className={fileClass}
            />
            <p id="delivery-preview-rule" className="mt-1 text-xs text-slate-600">
              {PREVIEW_RULE}
            </p>
          </div>
          <div>
            <label htmlFor="delivery-masters" className="block text-sm font-medium text-slate-800">
              Masters
            </label>
            <input
              ref={mastersRef}
              id="delivery-masters"
              type="file"
              multiple
              aria-describedby="delivery-masters-rule"
              disabled={uploading}
              className={fileClass}
            />
            <p id="delivery-masters-rule" className="mt-1 text-xs text-slate-600">
              {MASTER_RULE} Sent in parts: pause and resume at will; after a reload, choose the same file to carry on.
            </p>
          </div>
        </>
      ) : null}
      <TransferList transfers={transfers} controls={uploads.current} label="Files sent in parts" />
      <div>
        <label htmlFor="delivery-files" className="block text-sm font-medium text-slate-800">
          Files to deliver
        </label>
        <input
          id="delivery-files"
          name="files"
          type="file"
          multiple
          required={!hydrated}
          accept={DELIVERY_ACCEPT}
          aria-describedby="delivery-rule"
          disabled={uploading}
          onChange={(e) => setPicked([...(e.currentTarget.files ?? [])].map((f) => ({ name: f.name, size: f.size })))}
          className={fileClass}
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
                <span className="shrink-0 text-slate-600 tabular-nums">{sent !== null ? `${file.percent}%` : formatFileSize(file.size)}</span>
              </div>
              <progress max={100} value={file.percent} aria-label={`Upload of ${file.name}`} className="h-1.5 w-full accent-brand-700" />
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label htmlFor="delivery-frame-rate" className="block text-sm font-medium text-slate-800">
          Frame rate
        </label>
        <select
          id="delivery-frame-rate"
          name="frame_rate"
          defaultValue={DEFAULT_FRAME_RATE}
          disabled={uploading}
          aria-describedby="delivery-frame-rate-hint"
          className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm"
        >
          {FRAME_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {rate} fps
            </option>
          ))}
        </select>
        <p id="delivery-frame-rate-hint" className="mt-1 text-xs text-slate-600">
          Review comments show timecodes at this rate.
        </p>
      </div>
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
          disabled={sent !== null}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
      <SubmitButton name="intent" value="deliver" busy={busy || uploading} busyText="Uploading..." className="sm:w-auto">
        Deliver
      </SubmitButton>
    </Form>
  );
}
