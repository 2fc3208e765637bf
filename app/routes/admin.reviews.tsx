import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/auth/index.server";
import { Pagination } from "~/components/ui/pagination";
import { hideReview, listReviewsForStudio, replyToReview, type StudioReviewView } from "~/domain/reviews/reviews.server";
import { unreadableForm } from "~/http/form-submission.server";
import { settle, refusedData, invalidForm } from "~/http/screen-refusal.server";
import { redirectWithToast } from "~/http/toast.server";
import { parsePageParam } from "~/lib/query";
import { HIDE_REASON_LABEL, HIDE_REASONS, ReviewHideSchema, ReviewReplySchema } from "~/lib/schemas/review";
import { Stars } from "~/components/ui/stars";
import { readForm } from "~/http/request-body.server";

const HERE = "/admin/reviews";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  const result = await listReviewsForStudio(context.db, page);
  if (page > result.totalPages) throw redirect(`${HERE}?page=${result.totalPages}`);
  return { reviews: result.data, page, totalPages: result.totalPages };
}

/** Which review a form is about: its own hidden fields (anything else is a form this page cannot have sent). */
const Target = z.object({ review_id: z.coerce.number().int().positive(), product_id: z.coerce.number().int().positive() });

/** Two plain forms per review: the studio's one answer, and hiding it for a policy reason. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const form = Object.fromEntries(await readForm(request));
  const target = Target.safeParse(form);
  if (!target.success) throw unreadableForm();
  const { review_id: reviewId, product_id: productId } = target.data;
  const done = (message: string) => redirectWithToast(context.env, request, HERE, [{ kind: "success", message }]);
  if (form.intent === "reply") {
    const parsed = ReviewReplySchema.safeParse(form);
    if (!parsed.success) return data({ reviewId, refused: parsed.error.issues[0]?.message ?? "Write an answer" }, invalidForm());
    const replied = await settle(replyToReview(context.db, productId, reviewId, parsed.data.body));
    if (!replied.ok) return refusedData(replied.refusal, { reviewId });
    return done("Your answer is published.");
  }
  if (form.intent === "hide") {
    const parsed = ReviewHideSchema.safeParse(form);
    if (!parsed.success) return data({ reviewId, refused: "Choose the policy reason for hiding it" }, invalidForm());
    const hidden = await settle(hideReview(context.db, productId, reviewId, admin.id, parsed.data.reason));
    if (!hidden.ok) return refusedData(hidden.refusal, { reviewId });
    return done("The review is hidden; the product page counts it as hidden.");
  }
  throw unreadableForm();
}

export const meta: MetaFunction = () => [{ title: "Reviews · Admin · Reelcraft" }];

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export default function AdminReviews() {
  const { reviews, page, totalPages } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Reviews</h1>
        <p className="mt-2 text-sm text-slate-700">
          Customers review completed orders. You can answer each review once, publicly. You cannot change a review’s stars or words; you may hide one only when
          it shares personal data, is abusive or is not about the service, and the product page says how many were hidden.{" "}
          <Link to="/reviews-policy" className="font-semibold text-brand-700 hover:underline">
            The reviews policy
          </Link>
        </p>
      </div>
      {reviews.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">No reviews yet.</p>
      ) : (
        <ol className="space-y-4" aria-label="Reviews">
          {reviews.map((review) => (
            <StudioReview key={review.id} review={review} error={answer && answer.reviewId === review.id ? answer.refused : null} />
          ))}
        </ol>
      )}
      <Pagination page={page} totalPages={totalPages} label="Reviews pages" />
    </div>
  );
}

function StudioReview({ review, error }: { review: StudioReviewView; error: string | null }) {
  const errorId = `review-${review.id}-error`;
  return (
    <li className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5" aria-describedby={error ? errorId : undefined}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Stars rating={review.rating} />
        <Link to={`/products/${review.product_id}`} className="font-semibold text-brand-700 hover:underline">
          {review.product_title}
        </Link>
        <span className="text-slate-600">
          {review.reviewer} · {review.package_name} · {dateFormat.format(new Date(review.created_at))}
          {review.edited ? " (edited)" : ""}
        </span>
        {review.hidden ? (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Hidden: {HIDE_REASON_LABEL[review.hidden.reason]}</span>
        ) : null}
      </div>
      {review.title ? <h2 className="font-semibold">{review.title}</h2> : null}
      <p className="whitespace-pre-line text-slate-700">{review.body}</p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {review.reply ? (
        <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
          <strong className="text-slate-900">Your answer:</strong> {review.reply.body}
        </p>
      ) : (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="review_id" value={review.id} />
          <input type="hidden" name="product_id" value={review.product_id} />
          <label htmlFor={`reply-${review.id}`} className="text-sm font-medium text-slate-800">
            Answer publicly (once)
          </label>
          <textarea
            id={`reply-${review.id}`}
            name="body"
            rows={2}
            maxLength={2000}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <button type="submit" name="intent" value="reply" className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            Publish answer
          </button>
        </Form>
      )}
      {review.hidden ? null : (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="review_id" value={review.id} />
          <input type="hidden" name="product_id" value={review.product_id} />
          <div>
            <label htmlFor={`reason-${review.id}`} className="block text-sm font-medium text-slate-800">
              Hide for a policy reason
            </label>
            <select id={`reason-${review.id}`} name="reason" defaultValue="" className="mt-1 rounded-lg border border-slate-300 px-2 py-1.5 text-sm">
              <option value="" disabled>
                Choose a reason
              </option>
              {HIDE_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {HIDE_REASON_LABEL[reason]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" name="intent" value="hide" className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50">
            Hide review
          </button>
        </Form>
      )}
    </li>
  );
}
