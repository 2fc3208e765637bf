/** Creators' monthly statements (app/domain/payouts/statements.server.ts), in numbers the API document quotes. Isomorphic. */

/** `2026-11`: a month, UTC. */
export const STATEMENT_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** A month's movements a statement lists at most (a month of work; more says so). */
export const STATEMENT_MOVEMENTS_MAX = 1000;
/** Months the statements list offers, newest first. */
export const STATEMENT_MONTHS_LISTED = 24;

/** The month's bounds in ms (UTC), or null for a malformed month or one not begun yet. */
export function statementPeriod(month: string, now = Date.now()): { from: number; to: number } | null {
  const match = STATEMENT_MONTH.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (year < 2000) return null;
  const from = Date.UTC(year, index, 1);
  if (from > now) return null;
  return { from, to: Date.UTC(year, index + 1, 1) };
}

const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
/** "November 2026". */
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** `2026-11` of a moment (UTC). */
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** The month `steps` after `2026-11` (−1: `2026-10`). */
export function monthAfter(month: string, steps = 1): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return monthOf(Date.UTC(year, index - 1 + steps, 1));
}
