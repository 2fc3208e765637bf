export type PageItem = { type: "page"; page: number } | { type: "ellipsis"; key: string };

/**
 * The pages a pager shows (SPEC §9): first, last, and the current page ±1, with an ellipsis for
 * every gap. A gap of exactly one page shows that page instead of an ellipsis.
 */
export function paginationWindow(current: number, totalPages: number): PageItem[] {
  const total = Math.max(1, Math.floor(totalPages));
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const wanted = new Set([1, total, page - 1, page, page + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ type: "page", page: p - 1 });
    else if (p - previous > 2) items.push({ type: "ellipsis", key: `gap-${previous}-${p}` });
    items.push({ type: "page", page: p });
    previous = p;
  }
  return items;
}

/** Number of pages for `count` rows at `pageSize` per page; never less than 1 (SPEC §3 default). */
export function totalPagesFor(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
