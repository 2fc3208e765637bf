import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FieldError } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import type { ReviewState } from "~/domain/reviews/reviews.server";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "~/lib/rules/text-limits";
import { Stars } from "~/components/ui/stars";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const input =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none";

/**
 * The order page's review: once the order is completed its customer may review it (stars, an
 * optional title and the text), and edit the review for a while after; a plain form either way.
 */
export function OrderReview({ state, lastResult }: { state: ReviewState; lastResult: SubmissionResult<string[]> | undefined }) {
  const { review } = state;
  if (!state.canReview && !review) return null;
  const editing = Boolean(review && state.canEdit);
  return (
    <section aria-labelledby="review-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="review-title" className="text-lg font-semibold">
        Your review
      </h2>
      {review ? (
        <div className="space-y-1 text-sm text-slate-700" data-testid="my-review">
          <p>
            <Stars rating={review.rating} /> {review.title ? <strong>{review.title}</strong> : null}
          </p>
          <p className="whitespace-pre-line">{review.body}</p>
          {review.reply ? <p className="text-slate-600">The studio replied: {review.reply.body}</p> : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          Tell other customers how it went. Your review shows your first name and initial, your country, the package and the date, marked as a verified purchase
          {state.reviewUntil ? `; you can write it until ${dateFormat.format(new Date(state.reviewUntil))}` : ""}.
        </p>
      )}
      {state.canReview || editing ? (
        <ReviewFields
          key={editing ? "edit" : "new"}
          intent={editing ? "edit-review" : "review"}
          defaults={
            review
              ? { rating: String(review.rating), title: review.title ?? "", body: review.body, name_company: review.reviewer_company ? "on" : "" }
              : undefined
          }
          company={state.company}
          lastResult={lastResult}
          note={editing && state.editUntil ? `You can edit your review until ${dateFormat.format(new Date(state.editUntil))}.` : null}
        />
      ) : null}
    </section>
  );
}

function ReviewFields({
  intent,
  defaults,
  company,
  lastResult,
  note,
}: {
  intent: "review" | "edit-review";
  defaults: { rating: string; title: string; body: string; name_company: string } | undefined;
  company: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  note: string | null;
}) {
  const busy = useIsSubmitting("", intent);
  const [form, fields] = useForm({ lastResult, defaultValue: defaults, shouldRevalidate: "onInput" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">Stars</legend>
        {/* A radio group drawn as stars: highest first in the page, shown lowest first, so a checked star lights itself and those before it (CSS only: no JavaScript, arrow keys as any radio group). */}
        <div className="mt-1 flex flex-row-reverse justify-end gap-1 [&>label:has(:checked)_svg]:fill-amber-400 [&>label:has(:checked)~label_svg]:fill-amber-400 [&>label:hover_svg]:fill-amber-300 [&>label:hover~label_svg]:fill-amber-300">
          {["5", "4", "3", "2", "1"].map((stars) => (
            <label key={stars} className="relative cursor-pointer">
              <input
                type="radio"
                name={fields.rating.name}
                value={stars}
                defaultChecked={fields.rating.initialValue === stars}
                required
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <span className="sr-only">{stars === "1" ? "1 star" : `${stars} stars`}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-9 fill-slate-300 transition-colors peer-focus-visible:rounded peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600"
              >
                <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
              </svg>
            </label>
          ))}
        </div>
        <FieldError id={fields.rating.errorId} error={fields.rating.errors?.[0]} />
      </fieldset>
      <div>
        <label htmlFor={fields.title.id} className="text-sm font-medium text-slate-800">
          Title (optional)
        </label>
        <input {...getInputProps(fields.title, { type: "text" })} maxLength={REVIEW_TITLE_MAX} className={input} />
        <FieldError id={fields.title.errorId} error={fields.title.errors?.[0]} />
      </div>
      <div>
        <label htmlFor={fields.body.id} className="text-sm font-medium text-slate-800">
          Your review
        </label>
        <textarea {...getTextareaProps(fields.body)} rows={5} maxLength={REVIEW_BODY_MAX} className={input} />
        <FieldError id={fields.body.errorId} error={fields.body.errors?.[0]} />
      </div>
      {company ? (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name={fields.name_company.name}
            defaultChecked={fields.name_company.initialValue === "on"}
            className="size-4 accent-brand-700"
          />
          {`Name my company (${company}) beside my name`}
        </label>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? "Saving..." : intent === "review" ? "Publish review" : "Save changes"}
      </button>
    </Form>
  );
}
