import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { SubmitButton } from "~/components/ui/form";
import {
  DELIVERY_ACCEPT,
  DELIVERY_LIMITS,
  DELIVERY_ROLE_NAMES,
  DELIVERY_RULE,
  formatFileSize,
  roleFits,
  suggestedRole,
  type DeliveryRole,
} from "~/lib/rules/delivery-rules";
import type { PartsUpload, PartsUploadProgress } from "~/components/uploads/parts-upload";
import { partsUpload, TransferList, type Transfer } from "~/components/parts-uploads";
import { DEFAULT_FRAME_RATE, FRAME_RATES, MASTER_RULE, PREVIEW_RULE } from "~/lib/rules/upload-rules";
import { useHydrated } from "~/components/use-hydrated";

type Item = { key: string; file: File; role: DeliveryRole };

const IDLE: Omit<PartsUploadProgress, "size"> = { state: "starting", sent: 0, resumed: false, message: null };
const ROLES = Object.keys(DELIVERY_ROLE_NAMES) as DeliveryRole[];

/**
 * The studio's 'Upload delivery' form. Without JavaScript it posts to the order page (multipart:
 * small files, up to one request's worth). With it, one area takes several files at once (chosen or
 * dropped), each with its role: the preview and the masters (any size) go first, each in parts
 * straight into storage with its own progress, pause, resume and cancel (a reload and the same file
 * chosen again resumes where it stopped); then the delivery is sent to the page's `/deliveries`
 * naming them, with the files delivered as they are, each showing its progress. A refusal keeps the
 * note and names the rule.
 */
export function DeliveryUpload({
  orderId,
  pagePath,
  refused,
  note,
  busy,
}: {
  orderId: number;
  /** The order page the form belongs to (the admin's or the creator's): its `/deliveries` takes the upload with JavaScript. */
  pagePath: string;
  refused: string | null;
  note: string;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [working, setWorking] = useState(false);
  const uploads = useRef(new Map<string, PartsUpload>());
  const input = useRef<HTMLInputElement>(null);
  const added = useRef(0);
  const uploading = sent !== null || working;

  // Files chosen before the page's JavaScript ran join the list too.
  useEffect(() => {
    if (!hydrated || !input.current?.files?.length) return;
    add(input.current.files);
    input.current.value = "";
  }, [hydrated]);

  /** Adds chosen or dropped files to the list, each with its suggested role (one preview at most). */
  function add(files: FileList | null) {
    // Copied now: the input's list empties when its value is reset, before the update runs.
    const chosen = [...(files ?? [])];
    if (!chosen.length) return;
    setItems((list) => {
      const next = [...list];
      for (const file of chosen) {
        const hasPreview = next.some((item) => item.role === "preview");
        next.push({ key: `file-${added.current++}`, file, role: suggestedRole(file, hasPreview) });
      }
      return next;
    });
    setProblem(null);
  }

  function setRole(key: string, role: DeliveryRole) {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, role } : item)));
  }

  function remove(key: string) {
    setItems((list) => list.filter((item) => item.key !== key));
    input.current?.focus();
  }

  function track(key: string, progress: PartsUploadProgress) {
    setTransfers((all) => all.map((t) => (t.key === key ? { ...t, progress } : t)));
  }

  /** Sends the preview and masters in parts, one file after another; their upload ids. */
  async function sendInParts(inParts: Item[]): Promise<{ preview: string | null; masters: string[] } | null> {
    setTransfers(inParts.map(({ key, file, role }) => ({ key, name: file.name, detail: role, progress: { ...IDLE, size: file.size } })));
    let preview: string | null = null;
    const masters: string[] = [];
    for (const { key, file, role } of inParts) {
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
    if (items.length === 0) {
      setProblem("Add at least one file to deliver");
      input.current?.focus();
      return;
    }
    if (items.filter((item) => item.role === "preview").length > 1) {
      setProblem("Choose one preview: the customer reviews one film per version.");
      return;
    }
    const body = new FormData(event.currentTarget);
    body.delete("intent");
    setProblem(null);
    setWorking(true);
    const inParts = await sendInParts(items.filter((item) => item.role !== "file"));
    setWorking(false);
    if (!inParts) return;
    if (inParts.preview) body.set("preview_upload_id", inParts.preview);
    for (const id of inParts.masters) body.append("master_upload_ids", id);
    for (const item of items) if (item.role === "file") body.append("files", item.file);
    const request = new XMLHttpRequest();
    request.open("POST", `${pagePath}/deliveries`);
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

  // The bytes sent with the form so far, laid over its files in the order they go (a multipart part's headers are a few bytes).
  let before = 0;
  const percents = new Map<string, number>();
  for (const item of items) {
    if (item.role !== "file") continue;
    const start = before;
    before += item.file.size;
    const done = sent === null ? 0 : Math.min(1, Math.max(0, (sent - start) / Math.max(1, item.file.size)));
    percents.set(item.key, Math.round(done * 100));
  }
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
      <div
        onDragOver={(e) => {
          if (!hydrated || uploading) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          if (!hydrated || uploading) return;
          e.preventDefault();
          setDragging(false);
          add(e.dataTransfer.files);
        }}
        className={hydrated ? `rounded-lg border-2 border-dashed p-3 ${dragging ? "border-brand-600 bg-white" : "border-brand-200"}` : undefined}
      >
        <label htmlFor="delivery-files" className="block text-sm font-medium text-slate-800">
          Files to deliver
        </label>
        <input
          ref={input}
          id="delivery-files"
          name={hydrated ? undefined : "files"}
          type="file"
          multiple
          required={!hydrated}
          accept={hydrated ? undefined : DELIVERY_ACCEPT}
          aria-describedby="delivery-rule"
          disabled={uploading}
          onChange={(e) => {
            if (!hydrated) return;
            add(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
          className={fileClass}
        />
        <div id="delivery-rule" className="mt-1 space-y-1 text-xs text-slate-600">
          {hydrated ? (
            <>
              <p>Choose or drop several files at once, then give each its role. {PREVIEW_RULE}</p>
              <p>{MASTER_RULE} Previews and masters are sent in parts: pause and resume at will; after a reload, choose the same file to carry on.</p>
              <p>Files delivered as they are: {DELIVERY_RULE.replace(/^Up to/, "up to")}</p>
            </>
          ) : (
            <p>{DELIVERY_RULE}</p>
          )}
        </div>
        {hydrated && items.length ? (
          <ul aria-label="Files to upload" className="mt-3 space-y-2">
            {items.map((item) => {
              const percent = percents.get(item.key);
              return (
                <li key={item.key} className="rounded-lg border border-slate-200 bg-white p-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 flex-1 truncate font-medium">{item.file.name}</span>
                    <span className="shrink-0 text-slate-600 tabular-nums">
                      {sent !== null && percent !== undefined ? `${percent}%` : formatFileSize(item.file.size)}
                    </span>
                  </div>
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <select
                      aria-label={`Role of ${item.file.name}`}
                      value={item.role}
                      disabled={uploading}
                      onChange={(e) => setRole(item.key, e.currentTarget.value as DeliveryRole)}
                      className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role} disabled={!roleFits(role, item.file)}>
                          {DELIVERY_ROLE_NAMES[role]}
                        </option>
                      ))}
                    </select>
                    <button
                      type="button"
                      onClick={() => remove(item.key)}
                      disabled={uploading}
                      aria-label={`Remove ${item.file.name}`}
                      className="rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 underline hover:text-slate-900 disabled:opacity-50"
                    >
                      Remove
                    </button>
                  </div>
                  {percent !== undefined && sent !== null ? (
                    <progress max={100} value={percent} aria-label={`Upload of ${item.file.name}`} className="mt-2 h-1.5 w-full accent-brand-700" />
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      <TransferList transfers={transfers} controls={uploads.current} label="Files sent in parts" />
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
