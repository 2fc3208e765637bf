/** The spec's fixed placeholder rating (4.7 from 56 on cards, 5.0 from 54 on detail). */
export function Rating({ value, count }: { value: string; count: number }) {
  return (
    <span role="img" className="inline-flex items-center gap-1 text-sm" aria-label={`Rated ${value} out of 5 from ${count} reviews`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-amber-400">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
      </svg>
      <span aria-hidden="true" className="font-semibold text-slate-900">
        {value}
      </span>
      <span aria-hidden="true" className="text-slate-500">
        ({count})
      </span>
    </span>
  );
}
