/** A product's rating as shown: the average of its shown reviews to one decimal (null without any) and their count. */
export interface Rating {
  average: number | null;
  count: number;
}

/** The rating from the kept figures (`product_ratings`: count and sum of the shown reviews' stars). */
export function ratingFrom(row: { count: number; sum: number } | null | undefined): Rating {
  if (!row || row.count <= 0) return { average: null, count: 0 };
  return { average: Math.round((row.sum * 10) / row.count) / 10, count: row.count };
}
