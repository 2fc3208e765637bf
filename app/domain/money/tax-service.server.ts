/**
 * Where an order's tax comes from, chosen like the payment gateway (ADR 024): the shop's own rule
 * table (tax-rules.ts, edited at /admin/settings/tax), or, with Stripe keys and `STRIPE_TAX=on`,
 * Stripe Tax: a calculation prices the order, a tax transaction records the sale once it is paid and
 * a reversal records each refund (`syncTaxRecords`). Checkout's summary, the order and the API ask
 * the same `quote`; the product page's consumer line always reads the rule table (a calculation per
 * page view would cost a Stripe call per visitor), so an operator on Stripe Tax keeps the table's
 * consumer rates in step for that line.
 */
import Stripe from "stripe";
import type { Database } from "../../../db/client";
import { refuse } from "../refusal";
import { stripeClient } from "../payments/stripe-gateway.server";
import { loadTaxRules } from "./tax.server";
import { decideTax, priceOrder, REVERSE_CHARGE_NOTE, type OrderPrice, type TaxRule } from "./tax-rules";

/** The buyer as the billing address gives it (the postal code and region matter to Stripe Tax in some countries). */
export interface TaxAddress {
  country: string;
  taxId?: string | null;
  postalCode?: string | null;
  state?: string | null;
  city?: string | null;
  line1?: string | null;
}

/** A billing address (the address book's shape) as the tax service reads it. */
export function taxAddressOf(address: { country: string; tax_id: string | null; zip_code: string; state: string; city: string; street: string }): TaxAddress {
  // Stripe reads a region as its ISO 3166-2 code ("CA", "NY"); a region typed out in full is left to the postal code.
  const state = /^[A-Za-z0-9]{1,3}$/.test(address.state.trim()) ? address.state.trim().toUpperCase() : null;
  return { country: address.country, taxId: address.tax_id, postalCode: address.zip_code, state, city: address.city, line1: address.street };
}

export interface TaxQuoteInput {
  subtotalMinor: number;
  discountMinor: number;
  currency: string;
  buyer: TaxAddress;
}

/** A price and, with Stripe Tax, the calculation it came from (an order keeps it to record the sale). */
export type TaxQuote = OrderPrice & { calculationId: string | null };

export interface TaxService {
  readonly source: "rules" | "stripe";
  /** What an order charges; `rules`, when the caller has the table already (read in its own batch), spares a read. */
  quote(db: Database, input: TaxQuoteInput, rules?: readonly TaxRule[]): Promise<TaxQuote>;
  /** Records a paid order's sale from its calculation; the record's id (null: nothing to record). */
  recordSale(sale: { orderId: number; calculationId: string }): Promise<string | null>;
  /** Records a refund (`amountMinor`, tax included) against the sale: the record's id. */
  recordRefund(refund: { refundId: number; transactionId: string; amountMinor: number }): Promise<string | null>;
}

/** The shop's own table: nothing to record beyond the order and its credit notes. */
export const RULE_TABLE_TAX: TaxService = {
  source: "rules",
  async quote(db, input, rules) {
    const decision = decideTax(rules ?? (await loadTaxRules(db)), { country: input.buyer.country, taxId: input.buyer.taxId });
    return { ...priceOrder(input.subtotalMinor, input.discountMinor, decision), calculationId: null };
  },
  recordSale: async () => null,
  recordRefund: async () => null,
};

/** Whether this deployment's tax comes from Stripe Tax: `STRIPE_TAX=on` with a Stripe secret key. */
export function stripeTaxOn(env: Pick<Env, "STRIPE_TAX" | "STRIPE_SECRET_KEY">): boolean {
  return env.STRIPE_TAX === "on" && Boolean(env.STRIPE_SECRET_KEY);
}

export function createTaxService(env: Env): TaxService {
  if (env.STRIPE_TAX === "on" && !env.STRIPE_SECRET_KEY) throw new Error("STRIPE_TAX=on needs STRIPE_SECRET_KEY");
  return stripeTaxOn(env) ? stripeTaxService(stripeClient(env), env.STRIPE_TAX_CODE || DEFAULT_TAX_CODE) : RULE_TABLE_TAX;
}

/** Stripe's product tax code for services in general; STRIPE_TAX_CODE names a more exact one (e.g. a video production code). */
const DEFAULT_TAX_CODE = "txcd_20030000";

/** The tax id types Stripe Tax reads for a reverse charge: the UK's and the EU's VAT numbers. */
const EU_COUNTRIES = new Set("AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split(" "));
function stripeTaxId(country: string, taxId: string | null | undefined): Stripe.Tax.CalculationCreateParams.CustomerDetails.TaxId[] | undefined {
  if (!taxId) return undefined;
  if (country === "GB") return [{ type: "gb_vat", value: taxId }];
  if (EU_COUNTRIES.has(country)) return [{ type: "eu_vat", value: taxId }];
  return undefined;
}

/** "20" or "8.875" (Stripe's percentage) to basis points, rounded half up: 2000, 888. */
export function percentToBasisPoints(percentage: string | null | undefined): number {
  const match = /^(\d{1,3})(?:\.(\d+))?$/.exec(percentage ?? "");
  if (!match) return 0;
  const [, whole = "0", fraction = ""] = match;
  const thousandths = Number((fraction + "000").slice(0, 3));
  return Number(whole) * 100 + Math.floor((thousandths + 5) / 10);
}

/** An order's price from a Stripe Tax calculation (one line: the package less its discount). */
export function priceFromCalculation(calculation: Stripe.Tax.Calculation, input: TaxQuoteInput): TaxQuote {
  const discount = Math.min(Math.max(input.discountMinor, 0), input.subtotalMinor);
  const taxed = calculation.tax_breakdown.find((b) => b.amount > 0) ?? calculation.tax_breakdown[0];
  const country = (taxed?.tax_rate_details?.country ?? input.buyer.country).toUpperCase();
  return {
    subtotalMinor: input.subtotalMinor,
    discountMinor: discount,
    taxMinor: calculation.tax_amount_exclusive,
    totalMinor: input.subtotalMinor - discount + calculation.tax_amount_exclusive,
    rateBasisPoints: percentToBasisPoints(taxed?.tax_rate_details?.percentage_decimal),
    taxCountry: country,
    taxNote: taxed?.taxability_reason === "reverse_charge" ? REVERSE_CHARGE_NOTE : null,
    calculationId: calculation.id,
  };
}

/** Stripe Tax through the SDK; the same idempotency keys make a retried record the same record. */
export function stripeTaxService(stripe: Stripe, taxCode: string): TaxService {
  return {
    source: "stripe",
    async quote(_db, input) {
      const buyer = input.buyer;
      const country = buyer.country.toUpperCase();
      try {
        const calculation = await stripe.tax.calculations.create({
          currency: input.currency.toLowerCase(),
          line_items: [
            {
              amount: input.subtotalMinor - Math.min(Math.max(input.discountMinor, 0), input.subtotalMinor),
              reference: "package",
              tax_behavior: "exclusive",
              tax_code: taxCode,
            },
          ],
          customer_details: {
            address: {
              country,
              ...(buyer.postalCode ? { postal_code: buyer.postalCode } : {}),
              ...(buyer.state ? { state: buyer.state } : {}),
              ...(buyer.city ? { city: buyer.city } : {}),
              ...(buyer.line1 ? { line1: buyer.line1 } : {}),
            },
            address_source: "billing",
            ...(stripeTaxId(country, buyer.taxId) ? { tax_ids: stripeTaxId(country, buyer.taxId) } : {}),
          },
        });
        return priceFromCalculation(calculation, input);
      } catch (error) {
        // Stripe could not place the address (an incomplete US or Canadian address, say): the buyer can fix it.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          throw refuse.invalid(`Tax could not be calculated for this billing address: ${error.message}`);
        throw error;
      }
    },
    async recordSale({ orderId, calculationId }) {
      const transaction = await stripe.tax.transactions.createFromCalculation(
        { calculation: calculationId, reference: `order-${orderId}` },
        { idempotencyKey: `tax-sale-order-${orderId}` },
      );
      return transaction.id;
    },
    async recordRefund({ refundId, transactionId, amountMinor }) {
      // Always a partial reversal by the amount refunded: a full one is refused once a partial one exists.
      const reversal = await stripe.tax.transactions.createReversal(
        { mode: "partial", original_transaction: transactionId, reference: `refund-${refundId}`, flat_amount: -amountMinor },
        { idempotencyKey: `tax-reversal-refund-${refundId}` },
      );
      return reversal.id;
    },
  };
}
