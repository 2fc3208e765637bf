/**
 * Where an order's tax comes from, chosen like the payment gateway (ADR 024): the shop's own rule
 * table (tax-rules.ts, edited at /admin/settings/tax), or, with Stripe keys and `STRIPE_TAX=on`,
 * Stripe Tax: a calculation prices the order, a tax transaction records the sale once it is paid and
 * a reversal records each refund (`syncTaxRecords`). Checkout's summary, the order and the API ask
 * the same `quote`; the product page's consumer line always reads the rule table (a calculation per
 * page view would cost a Stripe call per visitor), so an operator on Stripe Tax keeps the table's
 * consumer rates in step for that line.
 *
 * A business buyer's VAT number is checked (vat-numbers.server.ts) before either source sees it: only
 * a verified number reaches the rule table's business rows or Stripe Tax's `tax_ids`; otherwise the
 * buyer is priced as a consumer and the quote says why (`vatCheck`).
 */
import Stripe from "stripe";
import type { Database } from "../../../db/client";
import { refuse } from "../refusal";
import { stripeClient } from "../payments/stripe-gateway.server";
import { loadTaxRules } from "./tax.server";
import { decideTax, priceOrder, REVERSE_CHARGE_NOTE, type OrderPrice, type TaxRule } from "./tax-rules";
import { checkVatNumber, LOCAL_VAT_VERIFIER, vatNumberHolds, createVatVerifier, type VatCheck, type VatVerifier } from "./vat-numbers.server";
import { buysAsBusiness } from "../../lib/rules/buyer";

/** The buyer as the billing address gives it (the postal code and region matter to Stripe Tax in some countries). */
export interface TaxAddress {
  country: string;
  /** With a tax id, the declaration of a business (~/lib/rules/buyer.ts). */
  company?: string | null;
  taxId?: string | null;
  postalCode?: string | null;
  state?: string | null;
  city?: string | null;
  line1?: string | null;
}

/** A billing address (the address book's shape) as the tax service reads it. */
export function taxAddressOf(address: {
  country: string;
  company_name: string | null;
  tax_id: string | null;
  zip_code: string;
  state: string;
  city: string;
  street: string;
}): TaxAddress {
  // Stripe reads a region as its ISO 3166-2 code ("CA", "NY"); a region typed out in full is left to the postal code.
  const state = /^[A-Za-z0-9]{1,3}$/.test(address.state.trim()) ? address.state.trim().toUpperCase() : null;
  return {
    country: address.country,
    company: address.company_name,
    taxId: address.tax_id,
    postalCode: address.zip_code,
    state,
    city: address.city,
    line1: address.street,
  };
}

export interface TaxQuoteInput {
  subtotalMinor: number;
  discountMinor: number;
  currency: string;
  buyer: TaxAddress;
}

/**
 * A price and, with Stripe Tax, the calculation it came from (an order keeps it to record the sale);
 * for a business buyer, the check of their VAT number the price followed (null for a consumer).
 */
export type TaxQuote = OrderPrice & {
  calculationId: string | null;
  vatCheck: VatCheck | null;
  /** What the rule that applied tells the buyer (the operator's words; none from Stripe Tax). */
  explanation: string | null;
};

export interface TaxService {
  readonly source: "rules" | "stripe";
  /** Who checks business buyers' VAT numbers. */
  readonly vatNumbers: VatVerifier;
  /** What an order charges; `rules`, when the caller has the table already (read in its own batch), spares a read. */
  quote(db: Database, input: TaxQuoteInput, rules?: readonly TaxRule[]): Promise<TaxQuote>;
  /** Records a paid order's sale from its calculation; the record's id (null: nothing to record). */
  recordSale(sale: { orderId: number; calculationId: string }): Promise<string | null>;
  /** Records a refund (`amountMinor`, tax included; all tax when `taxOnly`: the VAT given back once a VAT number verified) against the sale: the record's id. */
  recordRefund(refund: { refundId: number; transactionId: string; amountMinor: number; taxOnly?: boolean }): Promise<string | null>;
}

/**
 * The buyer as a tax source may see them: a business's number only once it is verified (or no
 * service covers it), with the check that decided it.
 */
export async function verifiedBuyer(db: Database, verifier: VatVerifier, buyer: TaxAddress): Promise<{ buyer: TaxAddress; vatCheck: VatCheck | null }> {
  if (!buysAsBusiness({ company: buyer.company, tax_id: buyer.taxId })) return { buyer: { ...buyer, taxId: null }, vatCheck: null };
  const vatCheck = await checkVatNumber(db, verifier, buyer.taxId!);
  return { buyer: vatNumberHolds(vatCheck) ? buyer : { ...buyer, taxId: null }, vatCheck };
}

/** The shop's own table: nothing to record beyond the order and its credit notes. */
export function ruleTableTax(vatNumbers: VatVerifier): TaxService {
  return {
    source: "rules",
    vatNumbers,
    async quote(db, input, rules) {
      const [{ buyer, vatCheck }, table] = await Promise.all([verifiedBuyer(db, vatNumbers, input.buyer), rules ?? loadTaxRules(db)]);
      const decision = decideTax(table, { country: buyer.country, taxId: buyer.taxId });
      return { ...priceOrder(input.subtotalMinor, input.discountMinor, decision), calculationId: null, vatCheck, explanation: decision.explanation };
    },
    recordSale: async () => null,
    recordRefund: async () => null,
  };
}

/** The rule table with the local list of test VAT numbers (a local run's, and the tests'). */
export const RULE_TABLE_TAX: TaxService = ruleTableTax(LOCAL_VAT_VERIFIER);

/** Whether this deployment's tax comes from Stripe Tax: `STRIPE_TAX=on` with a Stripe secret key. */
export function stripeTaxOn(env: Pick<Env, "STRIPE_TAX" | "STRIPE_SECRET_KEY">): boolean {
  return env.STRIPE_TAX === "on" && Boolean(env.STRIPE_SECRET_KEY);
}

export function createTaxService(env: Env): TaxService {
  if (env.STRIPE_TAX === "on" && !env.STRIPE_SECRET_KEY) throw new Error("STRIPE_TAX=on needs STRIPE_SECRET_KEY");
  const vatNumbers = createVatVerifier(env);
  if (stripeTaxOn(env)) return stripeTaxService(stripeClient(env), env.STRIPE_TAX_CODE || DEFAULT_TAX_CODE, vatNumbers);
  return vatNumbers === LOCAL_VAT_VERIFIER ? RULE_TABLE_TAX : ruleTableTax(vatNumbers);
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
export function priceFromCalculation(calculation: Stripe.Tax.Calculation, input: TaxQuoteInput): Omit<TaxQuote, "vatCheck" | "explanation"> {
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
export function stripeTaxService(stripe: Stripe, taxCode: string, vatNumbers: VatVerifier = LOCAL_VAT_VERIFIER): TaxService {
  return {
    source: "stripe",
    vatNumbers,
    async quote(db, input) {
      const { buyer, vatCheck } = await verifiedBuyer(db, vatNumbers, input.buyer);
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
        return { ...priceFromCalculation(calculation, input), vatCheck, explanation: null };
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
    async recordRefund({ refundId, transactionId, amountMinor, taxOnly = false }) {
      // Always a partial reversal: a full one is refused once a partial one exists. By the amount
      // refunded (Stripe spreads it over net and tax), or, for the VAT alone, on the sale's line with
      // no net part, so Stripe's records show tax given back and no sale undone.
      if (taxOnly) {
        const lines = await stripe.tax.transactions.listLineItems(transactionId, { limit: 1 });
        const line = lines.data[0];
        if (!line) throw new Error(`Stripe Tax transaction ${transactionId} has no line to reverse`);
        const reversal = await stripe.tax.transactions.createReversal(
          {
            mode: "partial",
            original_transaction: transactionId,
            reference: `refund-${refundId}`,
            line_items: [{ original_line_item: line.id, reference: line.reference, amount: 0, amount_tax: -amountMinor }],
          },
          { idempotencyKey: `tax-reversal-refund-${refundId}` },
        );
        return reversal.id;
      }
      const reversal = await stripe.tax.transactions.createReversal(
        { mode: "partial", original_transaction: transactionId, reference: `refund-${refundId}`, flat_amount: -amountMinor },
        { idempotencyKey: `tax-reversal-refund-${refundId}` },
      );
      return reversal.id;
    },
  };
}
