/** A review's stars, filled up to its rating, named for screen readers ("4 out of 5 stars"). */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="font-semibold text-amber-600">
      {"★".repeat(rating)}
      <span className="text-slate-300">{"★".repeat(5 - rating)}</span>
    </span>
  );
}
