/**
 * What the listing's search box and the product suggestions read (the catalogue's FTS5 index,
 * products_fts): every word of the text as a word prefix ("3d anim" → `"3d"* "anim"*`), all of them
 * required, at most SEARCH_MAX_WORDS; anything but letters and digits separates words. Null when the
 * text has no words (it matches nothing).
 */
export const SEARCH_MAX_WORDS = 8;
/**
 * A search ranks the newest SEARCH_WINDOW products that match (reading that many index entries at
 * most, whatever the catalogue's size), and its count stops there: past it the listing says
 * "250+ results" and pages stop at SEARCH_MAX_PAGES (five a page). Suggestions rank the newest
 * SUGGEST_WINDOW title matches.
 */
export const SEARCH_WINDOW = 250;
export const SEARCH_COUNT_CAP = SEARCH_WINDOW;
export const SEARCH_MAX_PAGES = 50;
export const SUGGEST_WINDOW = 100;

export function productSearchMatch(text: string | null | undefined): string | null {
  const words = ((text ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
  return words.length ? words.map((word) => `"${word}"*`).join(" ") : null;
}
