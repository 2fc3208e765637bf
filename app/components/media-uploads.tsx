import { useCallback, useState } from "react";
import { uploadFile } from "~/components/uploads/send-file";
import type { MediaKind } from "../../db/schema";

export interface PendingUpload {
  kind: MediaKind;
  file: File;
}

interface UploadItem {
  name: string;
  size: number;
  sent: number;
  state: "waiting" | "sending" | "done" | "failed";
}

/**
 * Streams chosen files one by one to a product's media route, tracking bytes sent per file.
 * `run` resolves with the first failure's message (later files are not sent) or null.
 */
export function useMediaUploads() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const run = useCallback(async (productId: number, files: PendingUpload[]): Promise<string | null> => {
    setItems(files.map(({ file }) => ({ name: file.name, size: file.size, sent: 0, state: "waiting" })));
    const update = (index: number, change: Partial<UploadItem>) =>
      setItems((current) => current.map((item, i) => (i === index ? { ...item, ...change } : item)));
    for (const [index, { kind, file }] of files.entries()) {
      update(index, { state: "sending" });
      const url = `/admin/products/${productId}/media?${new URLSearchParams({ kind, name: file.name })}`;
      try {
        const { status, body } = await uploadFile(url, file, (sent) => update(index, { sent }));
        if (status >= 400) {
          update(index, { state: "failed" });
          return body.message ?? `Upload failed (${status})`;
        }
        update(index, { state: "done", sent: file.size });
      } catch {
        update(index, { state: "failed" });
        return "Network error while uploading";
      }
    }
    return null;
  }, []);
  return { items, run };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Per-file progress while media upload, announced politely to screen readers. */
export function MediaUploadList({ uploads }: { uploads: UploadItem[] }) {
  const total = uploads.reduce((sum, u) => sum + u.size, 0);
  const sent = uploads.reduce((sum, u) => sum + u.sent, 0);
  return (
    <section aria-labelledby="upload-progress-title" className="rounded-xl border border-brand-200 bg-brand-50/50 p-4">
      <h2 id="upload-progress-title" className="text-sm font-semibold">
        Uploading media… <span aria-live="polite">{total ? Math.floor((sent / total) * 100) : 0}%</span>
      </h2>
      <ul className="mt-3 space-y-2">
        {uploads.map((u, i) => (
          <li key={`${u.name}-${i}`} className="text-xs text-slate-700">
            <div className="flex justify-between gap-3">
              <span className="truncate">{u.name}</span>
              <span className="shrink-0 tabular-nums">
                {u.state === "failed" ? "Failed" : u.state === "done" ? "Done" : `${megabytes(u.sent)} / ${megabytes(u.size)}`}
              </span>
            </div>
            <progress className="mt-1 h-1.5 w-full accent-brand-700" max={u.size || 1} value={u.sent} aria-label={`Upload of ${u.name}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function FileInput({
  label,
  name,
  id,
  errorId,
  error,
  hint,
  ...input
}: {
  label: string;
  name: string;
  id: string;
  errorId: string;
  error: string | undefined;
  hint: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type">) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      <input
        id={id}
        name={name}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${errorId}`}
        className={`mt-1 block w-full rounded-lg border bg-white text-sm file:mr-3 file:border-0 file:bg-brand-50 file:px-3 file:py-2.5 file:font-semibold file:text-brand-800 ${error ? "border-red-600" : "border-slate-300"}`}
        {...input}
      />
      <p id={errorId} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
