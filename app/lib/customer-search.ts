/**
 * What the studio types into the customers list's search box, read as two searches by index: the
 * start of an email address (a single word, lower-cased, through the unique index on email) and
 * the words of a name, each as a prefix (through the name index, users_fts). Bounded: at most 100
 * characters and 5 words are read; anything else in the text is ignored.
 */
export const CUSTOMER_SEARCH_MAX = 100;
const MAX_WORDS = 5;

export interface CustomerSearch {
  /** Emails starting with this (lower case); null when the text is more than one word. */
  emailPrefix: string | null;
  /** An FTS5 query: every word as a prefix (`"ada"* "lov"*`); null when there are no words. */
  nameMatch: string | null;
}

export function customerSearch(text: string | null | undefined): CustomerSearch | null {
  const query = (text ?? "").slice(0, CUSTOMER_SEARCH_MAX).trim().toLowerCase();
  if (!query) return null;
  const words = (query.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  const emailPrefix = /^\S+$/.test(query) ? query : null;
  const nameMatch = words.length ? words.map((word) => `"${word}"*`).join(" ") : null;
  return emailPrefix || nameMatch ? { emailPrefix, nameMatch } : null;
}
