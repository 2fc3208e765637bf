import type { SubmissionResult } from "@conform-to/react";
import { Form, useFetcher } from "@remix-run/react";
import { LargeFilesInput, useWaitForUploads } from "~/components/parts-uploads";
import { Fragment, useEffect, useRef, useState, type ReactNode } from "react";
import { FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useCheckedForm } from "~/components/ui/use-checked-form";
import { useHydrated } from "~/components/use-hydrated";
import { AttachmentInput, AttachmentList, type Attachment } from "./attachment-list";
import type { MessageSchema } from "~/lib/schemas/message";
import { MESSAGE_MAX } from "~/lib/rules/text-limits";
import type { z } from "zod";

export type ThreadMessage = {
  id: number;
  author: "customer" | "studio" | "creator";
  author_name: string | null;
  body: string;
  created_at: string;
  attachments: Attachment[];
};
/** Who reads the thread: the customer, an admin (the studio), or the order's creator. */
export type ThreadViewer = "customer" | "studio" | "creator";
/** The viewer's own messages are "You"; the other side's (the customer's, or the studio's for the customer) can be new. */
const isOwn = (m: ThreadMessage, viewer: ThreadViewer) => m.author === viewer;
const isOtherSide = (m: ThreadMessage, viewer: ThreadViewer) => (viewer === "customer" ? m.author !== "customer" : m.author === "customer");
const authorLabel = (m: ThreadMessage) => (m.author === "customer" ? "Customer" : m.author === "studio" ? "Studio" : (m.author_name ?? "Creator"));

const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]])/g;

/** Plain text with its web addresses as links (React escapes the rest; only http(s) addresses become links). */
export function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} rel="nofollow noopener noreferrer ugc" target="_blank" className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

const time = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/** One order's thread between the customer and the studio, with a form to write in it (works without JavaScript). */
export function MessageThread({
  orderId,
  messages,
  viewer,
  action,
  lastResult,
  open,
  seenMessageId,
  messageExtra,
}: {
  /** The order, for large files sent in parts. */
  orderId: number;
  messages: ThreadMessage[];
  viewer: ThreadViewer;
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  open: boolean;
  /** The newest message the viewer has seen: the other side's later ones are marked new. */
  seenMessageId: number;
  /** What the page shows under a message (its change offers). */
  messageExtra?: (messageId: number) => ReactNode;
}) {
  const unread = messages.filter((m) => isOtherSide(m, viewer) && m.id > seenMessageId).length;
  // What was new when the page opened stays marked while it is open (reading it is sent at once).
  const [seenAtOpen] = useState(seenMessageId);
  return (
    <section aria-labelledby="messages-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="messages-title" className="text-lg font-semibold">
          Messages
        </h2>
        {unread ? <MarkRead action={action} unread={unread} /> : null}
      </div>
      {messages.length ? (
        <ol className="space-y-2">
          {messages.map((m) => (
            <li
              key={m.id}
              className={`max-w-prose rounded-2xl px-4 py-3 text-sm ${isOwn(m, viewer) ? "ml-auto bg-brand-50 text-slate-900" : "bg-slate-100 text-slate-900"}`}
            >
              <p className="text-xs font-semibold text-slate-600">
                {isOwn(m, viewer) ? "You" : authorLabel(m)} · {time.format(new Date(m.created_at))} UTC
                {isOtherSide(m, viewer) && m.id > seenAtOpen ? <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-white">New</span> : null}
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap">
                <Linkified text={m.body} />
              </p>
              <AttachmentList attachments={m.attachments} label="Attached files" />
              {messageExtra?.(m.id)}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No messages yet.</p>
      )}
      {open ? (
        // A new form once the viewer's own newest message changes: a sent message leaves an empty box
        // (and no files chosen); a refused one keeps the text, since nothing new arrived.
        <MessageForm
          key={messages.reduce((id, m) => (isOwn(m, viewer) ? m.id : id), 0)}
          orderId={orderId}
          viewer={viewer}
          action={action}
          lastResult={lastResult}
        />
      ) : null}
    </section>
  );
}

function MessageForm({
  orderId,
  viewer,
  action,
  lastResult,
}: {
  orderId: number;
  viewer: ThreadViewer;
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, formProps, error } = useCheckedForm<z.input<typeof MessageSchema>>({ id: "message", lastResult });
  const sending = useIsSubmitting(action, "message");
  const large = useWaitForUploads();
  return (
    <Form method="post" action={action} encType="multipart/form-data" {...formProps} onSubmit={large.wrap(formProps.onSubmit)} className="space-y-2">
      <FormError id={form.errorId} errors={form.errors} />
      {large.notice}
      <TextAreaField
        label={viewer === "customer" ? "Write to the studio" : "Write to the customer"}
        meta={fields.body}
        error={error(fields.body)}
        rows={3}
        maxLength={MESSAGE_MAX}
      />
      <AttachmentInput id="message-attachments" label="Attach files (optional)" />
      <LargeFilesInput orderId={orderId} id="message-large-files" onBusyChange={large.onBusyChange} />
      <SubmitButton name="intent" value="message" busy={sending} busyText="Sending..." className="sm:w-auto">
        Send message
      </SubmitButton>
    </Form>
  );
}

/**
 * "N new messages" with a 'Mark as read' button (a POST, so reading is never a side effect of a
 * GET). With JavaScript the page sends it by itself once shown; the "New" marks stay while the page is open.
 */
function MarkRead({ action, unread }: { action: string; unread: number }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    fetcher.submit({ intent: "read" }, { method: "post", action });
  }, [action, fetcher]);
  return (
    <Form method="post" action={action} className="flex items-center gap-2 text-sm">
      <span className="rounded-full bg-brand-100 px-2.5 py-0.5 font-semibold text-brand-800">{unread === 1 ? "1 new message" : `${unread} new messages`}</span>
      {!hydrated ? (
        <button type="submit" name="intent" value="read" className="font-semibold text-brand-700 hover:underline">
          Mark as read
        </button>
      ) : null}
    </Form>
  );
}
