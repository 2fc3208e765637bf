import { ATTACHMENT_ACCEPT, ATTACHMENT_RULE, formatFileSize } from "~/lib/rules/delivery-rules";

export type Attachment = { id: number; name: string; size: number; kind: "video" | "image" | "document" | "audio" | "archive"; url: string };

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
            <FileIcon kind={a.kind} />
            {a.name} ({formatFileSize(a.size)})
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Paths of a play button, a picture, a page, a note and a box (20 × 20), drawn inline: an emoji is an empty box where the font lacks it. */
const FILE_ICONS: Record<Attachment["kind"], string> = {
  video: "M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16ZM8.5 6.9l4.4 2.7a.5.5 0 0 1 0 .8l-4.4 2.7a.5.5 0 0 1-.8-.4V7.3a.5.5 0 0 1 .8-.4Z",
  image:
    "M3 4.5A1.5 1.5 0 0 1 4.5 3h11A1.5 1.5 0 0 1 17 4.5v11a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 3 15.5v-11Zm1.5 8.6v2.4h11v-3.4l-3-3-4 4-1.5-1.5-2.5 1.5ZM7 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z",
  document: "M5.5 2A1.5 1.5 0 0 0 4 3.5v13A1.5 1.5 0 0 0 5.5 18h9a1.5 1.5 0 0 0 1.5-1.5V7l-5-5H5.5ZM10.5 3.5 14.5 7.5h-4v-4ZM7 11h6v1.5H7V11Zm0 3h6v1.5H7V14Z",
  /** A note: an audio file. */
  audio: "M15 2.5v10.2a2.8 2.8 0 1 1-1.5-2.5V5.6L8 6.9v7.8a2.8 2.8 0 1 1-1.5-2.5V4.3L15 2.5Z",
  /** A box: an archive. */
  archive: "M3 4.5A1.5 1.5 0 0 1 4.5 3h11A1.5 1.5 0 0 1 17 4.5V7H3V4.5ZM4 8.5h12v7a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 4 15.5v-7Zm4 2v1.5h4v-1.5H8Z",
};

function FileIcon({ kind }: { kind: Attachment["kind"] }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 fill-current">
      <path fillRule="evenodd" d={FILE_ICONS[kind]} />
    </svg>
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
