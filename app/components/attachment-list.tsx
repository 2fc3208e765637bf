import { ATTACHMENT_ACCEPT, ATTACHMENT_RULE, formatFileSize } from "~/lib/delivery-rules";

export type Attachment = { id: number; name: string; size: number; kind: "video" | "image" | "document"; url: string };

/** Files attached to a brief or a message: videos open in the browser, others download. */
export function AttachmentList({ attachments, label }: { attachments: Attachment[]; label: string }) {
  if (!attachments.length) return null;
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-2">
      {attachments.map((a) => (
        <li key={a.id}>
          <a
            href={a.url}
            {...(a.kind === "video" ? {} : { download: a.name })}
            className="inline-flex items-center gap-1 rounded-lg bg-white px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-slate-200 hover:underline"
          >
            <span aria-hidden="true">{a.kind === "video" ? "▶" : a.kind === "image" ? "🖼" : "📄"}</span>
            {a.name} ({formatFileSize(a.size)})
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The file field of a brief or message: several files, the accepted types, and the rule named. */
export function AttachmentInput({ id, label = "Attachments (optional)" }: { id: string; label?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name="attachments"
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        aria-describedby={`${id}-rule`}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-semibold"
      />
      <p id={`${id}-rule`} className="mt-1 text-xs text-slate-600">
        {ATTACHMENT_RULE}
      </p>
    </div>
  );
}
