/**
 * Change offers: new scope priced from the comment or message that asked for it (the studio raises
 * it; the customer accepts, declines, or lets it expire).
 */
export const OFFER_EXPIRY_DAYS = 7;
/** A creator's offer above this share of the order's net price needs an admin's approval first. */
export const CREATOR_OFFER_APPROVAL_SHARE = 0.5;
/** Offers still waiting (for an admin or the customer) on one order. */
export const OPEN_OFFERS_PER_ORDER = 10;
/** Offers raised on one order in any 24 hours, whoever raises them. */
export const OFFERS_PER_ORDER_PER_DAY = 10;
/** A creator's offer adding more days than this waits for an admin's approval too. */
export const CREATOR_OFFER_DAYS_WITHOUT_APPROVAL = 14;
export const OFFER_LIMITS = { descriptionMax: 1000, extraDaysMax: 90, netMax: 10_000_000 } as const;

export const OFFER_MESSAGES = {
  closed: "Change offers can be made while the order is paid and its work open.",
  notTheirs: "The comment or message must be this order's.",
  tooMany: `This order already has ${OPEN_OFFERS_PER_ORDER} offers waiting for an answer.`,
  notOpen: "This offer is not open: it was answered or expired.",
  perDay: `This order has had ${OFFERS_PER_ORDER_PER_DAY} offers in the last 24 hours. Try again tomorrow.`,
  tooLarge: "amount must be at most 100000.00",
  notPending: "This offer is not waiting for an approval.",
} as const;

/** When an offer expires, as the customer reads it ("4 December 2026, 18:20 UTC"). */
export function offerExpiryText(at: Date | string | number): string {
  return `${new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "UTC" }).format(new Date(at))} UTC`;
}
