/**
 * The tax a sale carries, decided from the shop's rule table: pure, so the price panel, checkout,
 * the API, invoices and reports all get the same answer for the same inputs (tax.server.ts reads
 * the rules and chooses the source). Money is integer minor units; the tax is rounded once, half
 * up, on the order's taxable total.
 */
import { countryInSentence } from "../../lib/countries";

/** A row of the rule table: `country` an ISO 3166-1 alpha-2 code or `*` (any country without its own row). */
export interface TaxRule {
  country: string;
  customerKind: "any" | "consumer" | "business";
  /** Basis points: 2000 = 20.00%. */
  rateBasisPoints: number;
  note: string | null;
  /** What checkout tells a buyer this rule applies to (the operator's words), if anything. */
  explanation?: string | null;
}

/** Who buys: the billing country, and whether they gave a business tax id. */
export interface TaxBuyer {
  country: string;
  taxId?: string | null | undefined;
}

export interface TaxDecision {
  rateBasisPoints: number;
  /** The billing country whose rule applied. */
  country: string;
  note: string | null;
  /** Whether the rule was the country's own (false: the `*` fallback). */
  countrySpecific: boolean;
  /** The rule's words for the buyer (why this rate), if the operator wrote them. */
  explanation: string | null;
}

export const ANY_COUNTRY = "*";

/**
 * The rule for a buyer: the most specific row wins (the buyer's country before `*`, the buyer's kind
 * before `any`). A buyer with a tax id is a business, anyone else a consumer. No matching row: no tax.
 */
export function decideTax(rules: readonly TaxRule[], buyer: TaxBuyer): TaxDecision {
  const country = buyer.country.toUpperCase();
  const kind = buyer.taxId ? "business" : "consumer";
  const rank = (rule: TaxRule) =>
    (rule.country === country ? 0 : rule.country === ANY_COUNTRY ? 2 : 9) + (rule.customerKind === kind ? 0 : rule.customerKind === "any" ? 1 : 9);
  let best: TaxRule | null = null;
  for (const rule of rules) if (rank(rule) < 9 && (!best || rank(rule) < rank(best))) best = rule;
  if (!best) return { rateBasisPoints: 0, country, note: null, countrySpecific: false, explanation: null };
  return { rateBasisPoints: best.rateBasisPoints, country, note: best.note, countrySpecific: best.country === country, explanation: best.explanation ?? null };
}

/** The invoice note of a supply the buyer accounts for (a business abroad with a VAT number). */
export const REVERSE_CHARGE_NOTE = "Reverse charge: customer to account for VAT";

/** The consumer rate of a country's own row, or null when only the fallback would apply (the price panel's line). */
export function consumerRateOf(rules: readonly TaxRule[], country: string): number | null {
  const decision = decideTax(rules, { country });
  return decision.countrySpecific ? decision.rateBasisPoints : null;
}

/** What a consumer pays in tax in a country with a row of its own: the price panel's line (tax.server.ts `consumerTaxReads`). */
export interface ConsumerTax {
  country: string;
  rateBasisPoints: number;
  /** What the tax is called ("VAT"; shop settings). */
  taxName: string;
}

/**
 * The price panel's line for a consumer: each package's price with its tax (half up, as checkout
 * charges it without a discount) and what that includes, "incl. 20% VAT in the United Kingdom".
 */
export function consumerPrices(amountsMinor: readonly number[], tax: ConsumerTax): { totalsMinor: number[]; includes: string } {
  return {
    totalsMinor: amountsMinor.map((amount) => amount + taxOn(amount, tax.rateBasisPoints)),
    includes: `incl. ${ratePercent(tax.rateBasisPoints)} ${tax.taxName} in ${countryInSentence(tax.country)}`,
  };
}

/** `amount × rate`, rounded half up to a minor unit (amounts and rates are never negative). */
export function taxOn(amountMinor: number, rateBasisPoints: number): number {
  return Math.floor((amountMinor * rateBasisPoints + 5000) / 10000);
}

/** What an order charges: the package's price, less a discount, plus the tax on what remains. */
export interface OrderPrice {
  subtotalMinor: number;
  discountMinor: number;
  taxMinor: number;
  totalMinor: number;
  rateBasisPoints: number;
  taxCountry: string;
  taxNote: string | null;
}

export function priceOrder(subtotalMinor: number, discountMinor: number, tax: Pick<TaxDecision, "rateBasisPoints" | "country" | "note">): OrderPrice {
  const discount = Math.min(Math.max(discountMinor, 0), subtotalMinor);
  const taxMinor = taxOn(subtotalMinor - discount, tax.rateBasisPoints);
  return {
    subtotalMinor,
    discountMinor: discount,
    taxMinor,
    totalMinor: subtotalMinor - discount + taxMinor,
    rateBasisPoints: tax.rateBasisPoints,
    taxCountry: tax.country,
    taxNote: tax.note,
  };
}

/** A rate for people and the API: 2000 → "20.00". */
export function rateText(rateBasisPoints: number): string {
  return (rateBasisPoints / 100).toFixed(2);
}

/** A rate in a sentence: 2000 → "20%", 1950 → "19.5%". */
export function ratePercent(rateBasisPoints: number): string {
  return `${Number((rateBasisPoints / 100).toFixed(2))}%`;
}

/**
 * The tax part of a refund: half up of refund × order tax ÷ order total; the refund that empties
 * the order takes whatever tax remains, so the parts add up to the order's tax exactly; once all the
 * tax is back, the rest is net.
 */
export function refundTaxPart(
  refundMinor: number,
  order: { totalMinor: number; taxMinor: number },
  already: { refundedMinor: number; refundedTaxMinor: number },
): number {
  if (already.refundedMinor + refundMinor >= order.totalMinor) return order.taxMinor - already.refundedTaxMinor;
  // All the tax has gone back already (the VAT refunded alone once a VAT number verified): what is left is net.
  if (already.refundedTaxMinor >= order.taxMinor) return 0;
  if (order.totalMinor === 0) return 0;
  return Math.floor((2 * refundMinor * order.taxMinor + order.totalMinor) / (2 * order.totalMinor));
}
