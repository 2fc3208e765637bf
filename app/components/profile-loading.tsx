/** Placeholders while profile pages load (SPEC §2: skeleton order cards, 'Loading addresses...'). */
export function OrdersSkeleton() {
  return (
    <ul className="grid gap-4" aria-hidden="true">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} data-testid="order-skeleton" className="flex animate-pulse gap-4 rounded-2xl border border-slate-200 p-4">
          <div className="h-20 w-32 rounded-lg bg-slate-200" />
          <div className="flex-1 space-y-3">
            <div className="h-4 w-1/2 rounded bg-slate-200" />
            <div className="h-3 w-1/3 rounded bg-slate-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function AddressesLoading() {
  return (
    <p role="status" className="text-slate-600">
      Loading addresses...
    </p>
  );
}
