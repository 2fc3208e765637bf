/**
 * What a package's completed orders measured, as the product page and the dashboard show it. Pure:
 * the counts are kept by `domain/orders/package-figures.server.ts`.
 */

/** Below this many completed orders a package shows no figures (too few to mean anything). */
export const FIGURES_MIN_ORDERS = 5;

/** Days from work start to first delivery are counted per day up to this; longer ones share the last bucket. */
export const DELIVERY_DAYS_BUCKETS = 60;

export interface PackageFigures {
  /** Completed orders measured. */
  orders: number;
  /** Median whole days from the start of work to the first delivery. */
  median_days: number;
  /** Share of orders first delivered within the promised days, in whole percent. */
  on_time_percent: number;
  /** Revisions used per order, to one decimal. */
  average_revisions: number;
}

/**
 * The median of a histogram of whole days (`days → orders`): the lower middle value for an even
 * count, so the figure is always a day some order actually took.
 */
export function medianOfHistogram(buckets: readonly { days: number; orders: number }[]): number | null {
  const sorted = [...buckets].filter((b) => b.orders > 0).sort((a, b) => a.days - b.days);
  const total = sorted.reduce((sum, b) => sum + b.orders, 0);
  if (total === 0) return null;
  const middle = Math.ceil(total / 2);
  let seen = 0;
  for (const bucket of sorted) {
    seen += bucket.orders;
    if (seen >= middle) return bucket.days;
  }
  return sorted.at(-1)!.days;
}

/** Whole days from work start to first delivery, as counted (at least 1: a same-day delivery took a day). */
export function deliveryDaysBucket(workStartedAt: number, firstDeliveredAt: number): number {
  const days = Math.ceil((firstDeliveredAt - workStartedAt) / 86_400_000);
  return Math.min(DELIVERY_DAYS_BUCKETS, Math.max(1, days));
}

/** The figures shown for a package, or null below FIGURES_MIN_ORDERS. */
export function toPackageFigures(
  counts: { completed: number; onTime: number; revisionsUsed: number },
  buckets: readonly { days: number; orders: number }[],
): PackageFigures | null {
  if (counts.completed < FIGURES_MIN_ORDERS) return null;
  const median = medianOfHistogram(buckets);
  if (median === null) return null;
  return {
    orders: counts.completed,
    median_days: median,
    on_time_percent: Math.round((counts.onTime * 100) / counts.completed),
    average_revisions: Math.round((counts.revisionsUsed * 10) / counts.completed) / 10,
  };
}
