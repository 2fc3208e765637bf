import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Fragment } from "react";
import { FormError, SubmitButton, TextAreaField, useIsSubmitting } from "~/components/ui/form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { MESSAGE_MAX, MessageSchema } from "~/lib/schemas/message";

export type ThreadMessage = { id: number; author: "customer" | "studio"; body: string; created_at: string };

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
  messages,
  viewer,
  action,
  lastResult,
  open,
}: {
  messages: ThreadMessage[];
  viewer: "customer" | "studio";
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  open: boolean;
}) {
  const { form, fields, formProps, error } = useSchemaForm(MessageSchema, { id: "message", lastResult });
  const sending = useIsSubmitting(action, "message");
  return (
    <section aria-labelledby="messages-title" className="space-y-3">
      <h2 id="messages-title" className="text-lg font-semibold">
        Messages
      </h2>
      {messages.length ? (
        <ol className="space-y-2">
          {messages.map((m) => (
            <li
              key={m.id}
              className={`max-w-prose rounded-2xl px-4 py-3 text-sm ${m.author === viewer ? "ml-auto bg-brand-50 text-slate-900" : "bg-slate-100 text-slate-900"}`}
            >
              <p className="text-xs font-semibold text-slate-600">
                {m.author === viewer ? "You" : m.author === "studio" ? "Studio" : "Customer"} · {time.format(new Date(m.created_at))} UTC
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap">
                <Linkified text={m.body} />
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No messages yet.</p>
      )}
      {open ? (
        <Form method="post" action={action} {...formProps} className="space-y-2">
          <FormError id={form.errorId} errors={form.errors} />
          <TextAreaField
            label={viewer === "customer" ? "Write to the studio" : "Write to the customer"}
            meta={fields.body}
            error={error(fields.body)}
            rows={3}
            maxLength={MESSAGE_MAX}
          />
          <SubmitButton name="intent" value="message" busy={sending} busyText="Sending..." className="sm:w-auto">
            Send message
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
