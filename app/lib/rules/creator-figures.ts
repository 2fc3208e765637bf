/**
 * What a creator's own completed orders measured, as "Made by", the creators list and a profile show
 * it; and the public list's rule and page size. Pure: the figures are kept by triggers on orders and
 * reviews (migration 0047, `creator_figures`).
 */
import { FIGURES_MIN_ORDERS } from "./package-figures";

/** Creators shown per page of /creators (and GET /api/v1/creators by default). */
export const CREATORS_PAGE_SIZE = 12;

/** The ranking, as the list states it (and /how-we-work-with-creators explains). */
export const CREATORS_RANKING_RULE =
  "Ranked by orders completed in the last 12 months, then by the average rating of their reviewed orders. Figures come from completed orders only; nobody can pay to rank higher.";

/** Shown instead of figures under FIGURES_MIN_ORDERS completed orders (the threshold packages use). */
export const NEW_CREATOR = "New creator";

export interface CreatorFigures {
  /** Orders completed while assigned to them. */
  completed: number;
  /** Completed in the last 12 months (the list's first key). */
  completed_last_12_months: number;
  /** Of the measured ones, the share first delivered within the promised days, in whole percent (null: none measured). */
  on_time_percent: number | null;
  /** The average of the shown reviews of their orders, to one decimal (null without any), and how many. */
  rating: { average: number | null; count: number };
  /** Fewer than FIGURES_MIN_ORDERS completed: shown as "New creator", without figures. */
  is_new: boolean;
}

export interface CreatorFigureCounts {
  completed: number;
  measured: number;
  onTime: number;
  ratingCount: number;
  ratingSum: number;
  recentCompleted: number;
}

export function toCreatorFigures(row: CreatorFigureCounts | null | undefined): CreatorFigures {
  const r = row ?? { completed: 0, measured: 0, onTime: 0, ratingCount: 0, ratingSum: 0, recentCompleted: 0 };
  return {
    completed: r.completed,
    completed_last_12_months: r.recentCompleted,
    on_time_percent: r.measured > 0 ? Math.round((r.onTime * 100) / r.measured) : null,
    rating: r.ratingCount > 0 ? { average: Math.round((r.ratingSum * 10) / r.ratingCount) / 10, count: r.ratingCount } : { average: null, count: 0 },
    is_new: r.completed < FIGURES_MIN_ORDERS,
  };
}

/** The figures in a line ("24 orders completed · 96% on time · ★ 4.8 (19 reviews)"), or "New creator". */
export function figuresLine(figures: CreatorFigures): string {
  if (figures.is_new) return NEW_CREATOR;
  const parts = [`${figures.completed} orders completed`];
  if (figures.on_time_percent !== null) parts.push(`${figures.on_time_percent}% on time`);
  if (figures.rating.average !== null)
    parts.push(`★ ${figures.rating.average.toFixed(1)} (${figures.rating.count} ${figures.rating.count === 1 ? "review" : "reviews"})`);
  return parts.join(" · ");
}

/** The landing page's count: "{n} creators in {k} countries". */
export function headcountLine({ creators, countries }: { creators: number; countries: number }): string {
  return `${creators} ${creators === 1 ? "creator" : "creators"} in ${countries} ${countries === 1 ? "country" : "countries"}`;
}

/** The first month of the 12-month window that ends with `now`'s month (UTC), "YYYY-MM". */
export function windowStart(now: number): string {
  const d = new Date(now);
  const start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1));
  return start.toISOString().slice(0, 7);
}
