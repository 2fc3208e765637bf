/**
 * Promotion codes' rules, pure, so the checkout screen, the API and the order's own insert agree
 * (promotions.server.ts reads the facts and keeps the reservation): whether a code may be used by
 * this customer on this service now, the reason when it may not, and the discount it gives. Money is
 * integer minor units; the discount comes off the package's price before tax (tax-rules.ts `priceOrder`).
 */
import { PROMO_CODE_PATTERN, type PromoDiscount } from "~/lib/schemas/promotion";

export type { PromoDiscount };

/** The screen's and the API's words for each reason a code is refused. */
export const PROMO_MESSAGES = {
  unknown: "This code does not exist",
  expired: "This code has expired",
  notYet: "This code is not active yet",
  usedUp: "This code has been used up",
  alreadyUsed: "You have already used this code",
  firstOrder: "This code is for a customer's first order",
  notThisService: "This code does not apply to this service",
} as const;

/** An amount-off code in another currency than the package's. */
export function wrongCurrencyMessage(currency: string): string {
  return `This code is for prices in ${currency}`;
}

/** A code as typed ("  launch20 ") as it is stored ("LAUNCH20"), or null when no code could look like that. */
export function normalisePromoCode(text: string | null | undefined): string | null {
  const code = (text ?? "").trim();
  return PROMO_CODE_PATTERN.test(code) ? code.toUpperCase() : null;
}

export interface PromotionTerms {
  discount: PromoDiscount;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  oncePerCustomer: boolean;
  firstOrderOnly: boolean;
}

/** What the database says about this use of the code (promotions.server.ts reads them in one batch). */
export interface RedemptionFacts {
  /** The service is in the code's list, or the code is for every service. */
  appliesToProduct: boolean;
  /** The package's currency. */
  currency: string;
  /** Reserved and final redemptions of the code. */
  redemptions: number;
  /** The customer holds a reserved or final redemption of this code. */
  customerUsedCode: boolean;
  /** The customer has a paid order (succeeded, completed or refunded). */
  customerHasPaidOrder: boolean;
  /** The customer holds a reserved redemption of any code. */
  customerHasReservation: boolean;
}

/**
 * Why the code may not be used, or null when it may: its dates and state first, then whether it fits
 * this service and price, then the limits that count redemptions. An ended code (the admin's End sets
 * its end to that moment) has expired; one switched off without an end is not active yet.
 */
export function redemptionProblem(terms: PromotionTerms, facts: RedemptionFacts, now: number): string | null {
  if (terms.endsAt && terms.endsAt.getTime() <= now) return PROMO_MESSAGES.expired;
  if (!terms.active || (terms.startsAt && terms.startsAt.getTime() > now)) return PROMO_MESSAGES.notYet;
  if (!facts.appliesToProduct) return PROMO_MESSAGES.notThisService;
  if (terms.discount.kind === "amount" && terms.discount.currency !== facts.currency) return wrongCurrencyMessage(terms.discount.currency);
  if (terms.maxRedemptions !== null && facts.redemptions >= terms.maxRedemptions) return PROMO_MESSAGES.usedUp;
  if (terms.oncePerCustomer && facts.customerUsedCode) return PROMO_MESSAGES.alreadyUsed;
  if (terms.firstOrderOnly && (facts.customerHasPaidOrder || facts.customerHasReservation)) return PROMO_MESSAGES.firstOrder;
  return null;
}

/**
 * The discount on `subtotalMinor`: a percentage rounded half up to a minor unit (subtotal × percent ÷
 * 100), or the fixed amount, never more than the subtotal.
 */
export function discountFor(discount: PromoDiscount, subtotalMinor: number): number {
  if (subtotalMinor <= 0) return 0;
  if (discount.kind === "percent") return Math.min(subtotalMinor, Math.floor((subtotalMinor * discount.percent + 50) / 100));
  return Math.min(discount.amountMinor, subtotalMinor);
}

export type PromotionStatus = "active" | "scheduled" | "expired" | "ended" | "used_up";

/** How the admin list names a code's state: ended by an admin, past its end, not started, at its cap, or running. */
export function promotionStatus(
  terms: Omit<PromotionTerms, "discount" | "oncePerCustomer" | "firstOrderOnly">,
  redemptions: number,
  now: number,
): PromotionStatus {
  if (!terms.active) return "ended";
  if (terms.endsAt && terms.endsAt.getTime() <= now) return "expired";
  if (terms.startsAt && terms.startsAt.getTime() > now) return "scheduled";
  if (terms.maxRedemptions !== null && redemptions >= terms.maxRedemptions) return "used_up";
  return "active";
}
