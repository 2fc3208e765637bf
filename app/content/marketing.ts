/**
 * The landing page's claims about the studio, in one place for the operator to edit. They are the
 * SPEC's marketing text, not measurements: they must be true of the shop that runs them (how many
 * creators it works with, the turnaround it promises). The figures measured from real orders are
 * elsewhere (reviews, package figures) and are never typed in.
 */
export const MARKETING = {
  /** How many creators the studio works with, as the landing page says it. */
  creators: "4,000+",
  /** Where they are. */
  creatorsWhere: "across the UK, US and Europe",
  /** The turnaround the landing page promises, in days. */
  turnaroundDays: 10,
} as const;
