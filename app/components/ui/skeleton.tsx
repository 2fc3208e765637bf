/** Placeholder card shown while a product page loads (SPEC §2: five of them). */
export function ProductCardSkeleton() {
  return (
    <div data-testid="product-skeleton" aria-hidden="true" className="animate-pulse overflow-hidden rounded-2xl border border-slate-200">
      <div className="aspect-[8/5] bg-slate-200" />
      <div className="space-y-3 p-4">
        <div className="h-4 w-3/4 rounded bg-slate-200" />
        <div className="h-3 w-1/3 rounded bg-slate-200" />
        <div className="h-4 w-1/2 rounded bg-slate-200" />
      </div>
    </div>
  );
}
