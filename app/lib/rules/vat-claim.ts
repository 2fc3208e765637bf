/**
 * A business buyer's VAT number that did not verify when they paid (VAT charged): how long it is
 * checked again, and what the studio is told after checking it (app/domain/orders/vat-claims.server.ts).
 */
/** What the studio is told after checking a claim again (the admin's order page, `?vat=`). */
export const VAT_CLAIM_MESSAGES = {
  credited: "The VAT number is confirmed: the VAT went back to the customer, with a credit note.",
  verified: "The VAT number is confirmed; nothing was owed back.",
  unverified: "The VAT number is still not confirmed, so the VAT stays charged. The scheduled run checks it again daily.",
  none: "This order has no VAT number waiting to be confirmed.",
} as const;

/** How long an unverified claim is checked again (daily, by the scheduled run) before it lapses. */
export const VAT_CLAIM_DAYS = 30;
