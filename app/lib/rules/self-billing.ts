/**
 * Self-billing (app/domain/payouts/self-billing.server.ts): under an agreement the creator accepts,
 * each closed month's statement is also the creator's invoice to the studio, which the studio
 * issues. What a creator is as a supplier, the tax the operator's rule table decides for them, and
 * the invoices' numbers, in terms the screens show as well as the server applies. Isomorphic.
 */

/**
 * What a creator is as a supplier, from their tax details: `registered` (a VAT number given),
 * `business` (a company without one), `individual` (anyone else).
 */
export const SUPPLIER_KINDS = ["registered", "business", "individual"] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];

export const SUPPLIER_KIND_LABELS: Record<SupplierKind, string> = {
  registered: "Registered for VAT",
  business: "Business, not registered",
  individual: "Individual, not registered",
};

/** The rule table's "any country without its own row" (as the tax table's). */
export const ANY_SUPPLIER_COUNTRY = "*";

export interface SelfBillingRule {
  country: string;
  supplierKind: SupplierKind;
  /** Basis points: 2000 = 20.00%. */
  rateBasisPoints: number;
  /** Printed on the invoice ("Reverse charge: …"). */
  note: string | null;
}

export interface SelfBillingDecision {
  rateBasisPoints: number;
  note: string | null;
  /** No rule fitted: no tax, and the invoice says so. */
  ruled: boolean;
}

/** A creator's kind as a supplier, from what their tax details say. */
export function supplierKindOf(details: { entity: "individual" | "company"; vat_number: string | null }): SupplierKind {
  if (details.vat_number) return "registered";
  return details.entity === "company" ? "business" : "individual";
}

/** The tax on a creator's supply: their country's rule for their kind, else "any other country"'s, else none. */
export function decideSelfBillingTax(rules: readonly SelfBillingRule[], supplier: { country: string; kind: SupplierKind }): SelfBillingDecision {
  const country = supplier.country.toUpperCase();
  const rule =
    rules.find((r) => r.country === country && r.supplierKind === supplier.kind) ??
    rules.find((r) => r.country === ANY_SUPPLIER_COUNTRY && r.supplierKind === supplier.kind);
  return rule ? { rateBasisPoints: rule.rateBasisPoints, note: rule.note, ruled: true } : { rateBasisPoints: 0, note: null, ruled: false };
}

/**
 * The tax within a tax-inclusive amount (a creator's share is the whole of what the studio pays for
 * the supply, any VAT included): rounded half away from zero, once per invoice.
 */
export function taxWithin(totalMinor: number, rateBasisPoints: number): number {
  if (rateBasisPoints <= 0) return 0;
  const magnitude = Math.floor((Math.abs(totalMinor) * rateBasisPoints * 2 + (10_000 + rateBasisPoints)) / (2 * (10_000 + rateBasisPoints)));
  return totalMinor < 0 ? -magnitude : magnitude;
}

/** "SB-12-0003": the creator's own sequence (the studio's other documents are INV and CN). */
export function selfBilledNumber(invoice: { creator_id: number; number: number }): string {
  return `SB-${invoice.creator_id}-${String(invoice.number).padStart(4, "0")}`;
}

/** The ledger's movements a self-billed invoice bills: the supplies (earnings, refunds' clawbacks, adjustments), not the payments. */
export const INVOICED_KINDS = ["earning", "clawback", "adjustment"] as const;

/** The agreement's text at most (the operator's words). */
export const AGREEMENT_MAX = 20_000;
/** Rules in the table at most (a row per country and kind). */
export const SELF_BILLING_RULES_MAX = 300;
/** How long after a month ends its invoices wait: every row dated in it has been written by then. */
export const ISSUE_AFTER_MS = 60 * 60_000;
/** Creators' agreements one scheduled run issues invoices for at most; the rest on the next run. */
export const AGREEMENTS_INVOICED_PER_RUN = 50;
/** Issued invoices the admins' list shows. */
export const INVOICES_LISTED = 50;

export const SELF_BILLING_MESSAGES = {
  notOffered: "The studio does not offer self-billing at the moment",
  taxDetailsFirst: "Add your tax details before accepting self-billing: the invoices the studio issues for you print them",
  confirm: "Please confirm that you accept the agreement",
  accepted: "Self-billing agreement accepted: the studio issues your invoice for each month from this month on",
  notAccepted: "You have not accepted the self-billing agreement",
  ended: "Self-billing agreement ended: from this month on you invoice the studio yourself",
  invoiceNotFound: "No self-billed invoice for that month",
  stillIssuing: "The studio is still issuing the invoices of your earlier agreement: please try again in an hour",
} as const;
