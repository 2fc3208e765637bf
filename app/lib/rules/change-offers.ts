/**
 * Change offers: new scope priced from the comment or message that asked for it (the studio raises
 * it; the customer accepts, declines, or lets it expire).
 */
export const OFFER_EXPIRY_DAYS = 7;
/** A creator's offer above this share of the order's net price needs an admin's approval first. */
export const CREATOR_OFFER_APPROVAL_SHARE = 0.5;
/** Offers still waiting (for an admin or the customer) on one order. */
export const OPEN_OFFERS_PER_ORDER = 10;
export const OFFER_LIMITS = { descriptionMax: 1000, extraDaysMax: 90, netMax: 10_000_000 } as const;

export const OFFER_MESSAGES = {
  closed: "Change offers can be made while the order is paid and its work open.",
  notTheirs: "The comment or message must be this order's.",
  tooMany: `This order already has ${OPEN_OFFERS_PER_ORDER} offers waiting for an answer.`,
  notOpen: "This offer is not open: it was answered, expired, or is waiting for the studio's approval.",
  notPending: "This offer is not waiting for an approval.",
} as const;

/** Whether a creator's offer of `netMinor` needs an admin's approval on an order of `orderNetMinor`. */
export function needsApproval(by: "admin" | "creator", netMinor: number, orderNetMinor: number): boolean {
  return by === "creator" && netMinor > orderNetMinor * CREATOR_OFFER_APPROVAL_SHARE;
}
