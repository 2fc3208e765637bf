import type { Rating as RatingFigures } from "~/domain/reviews/rating";

/**
 * A product's rating from its verified reviews: the star, the average to one decimal and the count;
 * "New" without reviews (no stars: nothing has been measured yet).
 */
export function Rating({ rating }: { rating: RatingFigures }) {
  if (rating.average === null || rating.count === 0) {
    return (
      <span className="inline-flex w-fit items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700" data-testid="rating-new">
        New
      </span>
    );
  }
  const average = rating.average.toFixed(1);
  const reviews = rating.count === 1 ? "1 review" : `${rating.count} reviews`;
  return (
    <span role="img" className="inline-flex items-center gap-1 text-sm" aria-label={`Rated ${average} out of 5 from ${reviews}`} data-testid="rating">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-amber-400">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
      </svg>
      <span aria-hidden="true" className="font-semibold text-slate-900">
        {average}
      </span>
      <span aria-hidden="true" className="text-slate-500">
        ({rating.count})
      </span>
    </span>
  );
}
