/**
 * What the listing's search box and the product suggestions read (the catalogue's FTS5 index,
 * products_fts): every word of the text as a word prefix ("3d anim" → `"3d"* "anim"*`), all of them
 * required, at most SEARCH_MAX_WORDS; anything but letters and digits separates words. Null when the
 * text has no words (it matches nothing).
 */
export const SEARCH_MAX_WORDS = 8;
/** A search's count stops here: past it the listing says "1,000+ results" and pages stop at SEARCH_MAX_PAGES. */
export const SEARCH_COUNT_CAP = 1000;
export const SEARCH_MAX_PAGES = 200;

export function productSearchMatch(text: string | null | undefined): string | null {
  const words = ((text ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
  return words.length ? words.map((word) => `"${word}"*`).join(" ") : null;
}
