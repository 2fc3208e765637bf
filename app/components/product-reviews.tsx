import { Form, Link } from "@remix-run/react";
import type { ProductReviews as Reviews, ReviewView } from "~/domain/reviews/reviews.server";
import { Pagination } from "~/components/ui/pagination";
import { Stars } from "~/components/ui/stars";

const SORT_LABEL = { newest: "Newest", highest: "Highest rated", lowest: "Lowest rated" } as const;

/**
 * A review as the page shows it: with the day it was written already in words ("14 October 2026"),
 * from the loader, so the browser builds no date formatter for it (the first one a page makes costs
 * a long task on a slow phone).
 */
export type ShownReview = ReviewView & { written_on: string };
export type ShownReviews = Omit<Reviews, "data"> & { data: ShownReview[] };

/** The words for the day a review was written, made on the server. */
export function writtenOn(createdAt: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(createdAt));
}

/**
 * A product's verified reviews (SPEC's placeholder stars replaced by what customers wrote): the
 * figures with a bar per star count, how many the studio hid, newest first or by stars, 10 a page.
 * The sort is a plain GET form, so it works without JavaScript.
 */
export function ProductReviews({ reviews, sort, page }: { reviews: ShownReviews; sort: keyof typeof SORT_LABEL; page: number }) {
  const { rating, distribution, hidden } = reviews;
  return (
    <section aria-labelledby="reviews-title" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="reviews-title" className="text-xl font-bold">
          Reviews
        </h2>
        <Link to="/reviews-policy" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          How reviews are checked
        </Link>
      </div>
      {rating.count === 0 ? (
        <p className="text-slate-700" data-testid="no-reviews">
          No reviews yet. Only customers whose order is completed can review it.
          {hidden ? ` ${hidden === 1 ? "1 review was" : `${hidden} reviews were`} hidden for breaking the reviews policy.` : ""}
        </p>
      ) : (
        <>
          <div className="grid gap-6 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <div>
              <p className="text-4xl font-bold">{rating.average?.toFixed(1)}</p>
              <p className="text-sm text-slate-600">out of 5, from {rating.count === 1 ? "1 verified review" : `${rating.count} verified reviews`}</p>
            </div>
            <ul className="space-y-1.5" aria-label="Reviews by stars">
              {(["5", "4", "3", "2", "1"] as const).map((stars) => {
                const share = rating.count ? Math.round((distribution[stars] / rating.count) * 100) : 0;
                return (
                  <li key={stars} className="grid grid-cols-[4rem_minmax(0,1fr)_2.5rem] items-center gap-2 text-sm">
                    <span>{stars === "1" ? "1 star" : `${stars} stars`}</span>
                    <span className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                      <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
                    </span>
                    <span className="text-right text-slate-600">{distribution[stars]}</span>
                  </li>
                );
              })}
            </ul>
          </div>
          {hidden ? (
            <p className="text-sm text-slate-600" data-testid="reviews-hidden">
              {hidden === 1 ? "1 review was" : `${hidden} reviews were`} hidden for breaking the reviews policy.
            </p>
          ) : null}
          <Form method="get" className="flex items-center gap-2 text-sm" preventScrollReset>
            <label htmlFor="reviews_sort" className="font-medium text-slate-800">
              Sort reviews
            </label>
            <select id="reviews_sort" name="reviews_sort" defaultValue={sort} className="rounded-lg border border-slate-300 px-2 py-1.5">
              {Object.entries(SORT_LABEL).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50">
              Sort
            </button>
          </Form>
          <ol className="divide-y divide-slate-200" aria-label="Reviews">
            {reviews.data.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ol>
          <Pagination page={page} totalPages={reviews.totalPages} label="Reviews pages" param="reviews_page" />
        </>
      )}
    </section>
  );
}

function ReviewItem({ review }: { review: ShownReview }) {
  return (
    <li className="space-y-2 py-5" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Stars rating={review.rating} />
        <span>
          <span className="font-semibold text-slate-900">{review.reviewer}</span>
          {review.reviewer_from ? <span className="text-slate-600">{`, ${review.reviewer_from}`}</span> : null}
        </span>
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">Verified purchase</span>
        <span className="text-slate-600">{review.package_name} package</span>
        <span className="text-slate-600">
          {review.written_on}
          {review.edited ? " (edited)" : ""}
        </span>
      </div>
      {review.title ? <h3 className="font-semibold">{review.title}</h3> : null}
      <p className="whitespace-pre-line text-slate-700">{review.body}</p>
      {review.reply ? (
        <div className="rounded-xl bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-slate-900">The studio replied</p>
          <p className="mt-1 whitespace-pre-line text-slate-700">{review.reply.body}</p>
        </div>
      ) : null}
    </li>
  );
}
