/**
 * Self-billing: under an agreement the creator accepts (its text the operator's, kept as accepted),
 * the studio issues the creator's invoice to itself for each closed month: the month's earnings,
 * refunds' clawbacks and adjustments (the supplies; transfers are payments and are not billed), in
 * a sequence of numbers per creator, with both sides' details as they were at issue and the tax the
 * operator's rule table decides for the creator (their VAT where registered in the studio's country,
 * a reverse charge for a business across borders, none otherwise, in the seed's example).
 *
 * A creator's share is the whole of what the studio pays for the supply, any VAT included: an
 * invoice's total is the ledger's sum of its rows, and a registered creator's VAT is the part of it
 * the rate gives (ADR 040). The scheduled run issues each month once it has closed, by a conditional
 * insert (unique per creator, month and currency; the number is the creator's next, taken in the
 * same statement), so a replayed or doubled run issues nothing twice and leaves no gap.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client";
import { fullRowOf } from "../../../db/insert-select";
import { creatorTaxDetails, ledgerEntries, selfBilledInvoices, selfBillingAgreements, selfBillingRules, shopSettings } from "../../../db/schema";
import { countryName, isCountryCode } from "~/lib/countries";
import { formatMoney } from "~/lib/money";
import { LEDGER_KIND_LABELS, type LedgerKind } from "~/lib/rules/payouts";
import {
  AGREEMENT_MAX,
  AGREEMENTS_INVOICED_PER_RUN,
  ISSUE_AFTER_MS,
  ANY_SUPPLIER_COUNTRY,
  decideSelfBillingTax,
  INVOICED_KINDS,
  INVOICES_LISTED,
  SELF_BILLING_MESSAGES,
  SELF_BILLING_RULES_MAX,
  selfBilledNumber,
  SUPPLIER_KIND_LABELS,
  SUPPLIER_KINDS,
  supplierKindOf,
  taxWithin,
  type SelfBillingRule,
  type SupplierKind,
} from "~/lib/rules/self-billing";
import { monthAfter, monthLabel, monthOf, STATEMENT_MOVEMENTS_MAX, statementPeriod } from "~/lib/rules/statements";
import { ratePercent } from "../money/tax-rules";
import { getShopSettings } from "../money/tax.server";
import { documentPdf, type PdfSection } from "../money/pdf.server";
import { periodRows } from "./ledger.server";
import type { StatementMovement } from "./statements.server";
import { refuse } from "../refusal";

// ---------------------------------------------------------------------------------------------
// The operator's settings: the agreement's text and the rule table.

export interface StoredSelfBillingRule extends SelfBillingRule {
  id: number;
}

const RULE_COLUMNS = {
  id: selfBillingRules.id,
  country: selfBillingRules.country,
  supplierKind: selfBillingRules.supplierKind,
  rateBasisPoints: selfBillingRules.rateBasisPoints,
  note: selfBillingRules.note,
};
const KIND_ORDER = Object.fromEntries(SUPPLIER_KINDS.map((kind, i) => [kind, i])) as Record<SupplierKind, number>;

/** The agreement creators may accept, or null when self-billing is not offered. */
export async function agreementText(db: Database): Promise<string | null> {
  const [row] = await db.select({ text: shopSettings.selfBillingAgreement }).from(shopSettings).where(eq(shopSettings.id, 1)).limit(1);
  return row?.text ?? null;
}

/** Saves the agreement's text (empty: self-billing no longer offered; agreements already accepted run on under the text accepted). */
export async function saveAgreementText(db: Database, text: string | null): Promise<string | null> {
  const value = text?.trim() || null;
  if (value && value.length > AGREEMENT_MAX) throw refuse.invalid(`Agreement must be at most ${AGREEMENT_MAX} characters`);
  await db.update(shopSettings).set({ selfBillingAgreement: value, updatedAt: new Date() }).where(eq(shopSettings.id, 1));
  return value;
}

/** The rule table: countries by code, then "any other country", each as registered, business, individual. */
export async function listSelfBillingRules(db: Database): Promise<StoredSelfBillingRule[]> {
  const rows = await db.select(RULE_COLUMNS).from(selfBillingRules).limit(SELF_BILLING_RULES_MAX);
  return rows.sort(
    (a, b) =>
      Number(a.country === ANY_SUPPLIER_COUNTRY) - Number(b.country === ANY_SUPPLIER_COUNTRY) ||
      a.country.localeCompare(b.country) ||
      KIND_ORDER[a.supplierKind] - KIND_ORDER[b.supplierKind],
  );
}

/** Adds a rule, or replaces the one of the same country and kind. Invoices already issued keep their tax. */
export async function saveSelfBillingRule(
  db: Database,
  input: SelfBillingRule,
): Promise<{ rule: StoredSelfBillingRule; replaced: StoredSelfBillingRule | null }> {
  const country = input.country.toUpperCase();
  if (country !== ANY_SUPPLIER_COUNTRY && !isCountryCode(country)) throw refuse.invalid("Please choose a country from the list, or Any other country");
  if (!SUPPLIER_KINDS.includes(input.supplierKind)) throw refuse.invalid("Please choose who the rule is for");
  if (!Number.isInteger(input.rateBasisPoints) || input.rateBasisPoints < 0 || input.rateBasisPoints > 10_000)
    throw refuse.invalid("Rate must be a percentage between 0 and 100, with at most two decimals");
  const note = input.note?.trim() || null;
  const [before] = await db
    .select(RULE_COLUMNS)
    .from(selfBillingRules)
    .where(and(eq(selfBillingRules.country, country), eq(selfBillingRules.supplierKind, input.supplierKind)))
    .limit(1);
  if (!before) {
    const [{ rules } = { rules: 0 }] = await db.select({ rules: sql<number>`count(*)` }).from(selfBillingRules);
    if (rules >= SELF_BILLING_RULES_MAX) throw refuse.invalid(`The table holds at most ${SELF_BILLING_RULES_MAX} rules: delete one first`);
  }
  const [rule] = await db
    .insert(selfBillingRules)
    .values({ country, supplierKind: input.supplierKind, rateBasisPoints: input.rateBasisPoints, note })
    .onConflictDoUpdate({ target: [selfBillingRules.country, selfBillingRules.supplierKind], set: { rateBasisPoints: input.rateBasisPoints, note } })
    .returning(RULE_COLUMNS);
  return { rule: rule!, replaced: before ?? null };
}

export async function deleteSelfBillingRule(db: Database, id: number): Promise<StoredSelfBillingRule> {
  const [deleted] = await db.delete(selfBillingRules).where(eq(selfBillingRules.id, id)).returning(RULE_COLUMNS);
  if (!deleted) throw refuse.notFound("That rule no longer exists: it may have been deleted already.");
  return deleted;
}

// ---------------------------------------------------------------------------------------------
// The creator's agreement.

export interface AgreementView {
  /** The operator's current text, or null when self-billing is not offered. */
  offered_text: string | null;
  /** What the creator accepted, while it runs or since it ended. */
  accepted: { text: string; accepted_at: string; ended_at: string | null; last_month: string | null } | null;
  /** Accepted and not ended: the studio issues the creator's invoices. */
  active: boolean;
  /** The operator's text differs from the one the creator accepted. */
  text_changed: boolean;
  /** The creator has given tax details (acceptance needs them). */
  has_tax_details: boolean;
}

export async function creatorAgreement(db: Database, creatorId: number): Promise<AgreementView> {
  const [[settings], [row], [details]] = await db.batch([
    db.select({ text: shopSettings.selfBillingAgreement }).from(shopSettings).where(eq(shopSettings.id, 1)).limit(1),
    db.select().from(selfBillingAgreements).where(eq(selfBillingAgreements.creatorId, creatorId)).limit(1),
    db.select({ id: creatorTaxDetails.creatorId }).from(creatorTaxDetails).where(eq(creatorTaxDetails.creatorId, creatorId)).limit(1),
  ]);
  const offered = settings?.text ?? null;
  return {
    offered_text: offered,
    accepted: row
      ? {
          text: row.agreementText,
          accepted_at: row.acceptedAt.toISOString(),
          ended_at: row.endedAt?.toISOString() ?? null,
          last_month: row.lastMonth,
        }
      : null,
    active: Boolean(row && !row.endedAt),
    text_changed: Boolean(row && offered !== null && row.agreementText !== offered),
    has_tax_details: Boolean(details),
  };
}

/**
 * The creator accepts the operator's current text: from this month on the studio issues their
 * invoices. Accepting again (a new text, or after ending) keeps the months already invoiced.
 */
export async function acceptAgreement(db: Database, creatorId: number, now = Date.now()): Promise<AgreementView> {
  const view = await creatorAgreement(db, creatorId);
  if (!view.offered_text) throw refuse.conflict(SELF_BILLING_MESSAGES.notOffered);
  if (!view.has_tax_details) throw refuse.invalid(SELF_BILLING_MESSAGES.taxDetailsFirst);
  if (view.active && !view.text_changed) return view;
  const [row] = await db.select().from(selfBillingAgreements).where(eq(selfBillingAgreements.creatorId, creatorId)).limit(1);
  const through = monthAfter(monthOf(now), -1);
  if (!row) {
    await db
      .insert(selfBillingAgreements)
      .values({ creatorId, agreementText: view.offered_text, acceptedAt: new Date(now), invoicedThrough: through })
      .onConflictDoNothing();
  } else if (!row.endedAt) {
    // A changed text, accepted: the months owed stay owed (the next run issues them as before).
    await db
      .update(selfBillingAgreements)
      .set({ agreementText: view.offered_text, acceptedAt: new Date(now) })
      .where(and(eq(selfBillingAgreements.creatorId, creatorId), isNull(selfBillingAgreements.endedAt)));
  } else {
    // After an end: the months it still owes are issued first; the months from its end to this one
    // are the creator's own to invoice (the end's month too, as they were told), never self-billed.
    if (row.lastMonth && row.invoicedThrough < row.lastMonth) throw refuse.conflict(SELF_BILLING_MESSAGES.stillIssuing);
    const ownMonth = monthOf(row.endedAt.getTime());
    const invoicedThrough = [row.invoicedThrough, through, ownMonth].sort().at(-1)!;
    await db
      .update(selfBillingAgreements)
      .set({ agreementText: view.offered_text, acceptedAt: new Date(now), endedAt: null, lastMonth: null, invoicedThrough })
      .where(and(eq(selfBillingAgreements.creatorId, creatorId), eq(selfBillingAgreements.endedAt, row.endedAt)));
  }
  return creatorAgreement(db, creatorId);
}

/** The creator ends the agreement: the months before this one are still issued; from this one on they invoice the studio themselves. */
export async function endAgreement(db: Database, creatorId: number, now = Date.now()): Promise<AgreementView> {
  const ended = await db
    .update(selfBillingAgreements)
    .set({ endedAt: new Date(now), lastMonth: monthAfter(monthOf(now), -1) })
    .where(and(eq(selfBillingAgreements.creatorId, creatorId), isNull(selfBillingAgreements.endedAt)))
    .returning({ id: selfBillingAgreements.creatorId });
  if (!ended.length) throw refuse.conflict(SELF_BILLING_MESSAGES.notAccepted);
  return creatorAgreement(db, creatorId);
}

// ---------------------------------------------------------------------------------------------
// Issuing.

/**
 * The scheduled run issues the invoices of closed months for creators with an agreement behind on
 * them (AGREEMENTS_INVOICED_PER_RUN a run, those with tax details: acceptance needs them): per month
 * and currency with a supply, one invoice (a credit note when the month's supplies are negative;
 * none when they sum to nothing). A month is issued ISSUE_AFTER_MS after it ends, when every row
 * dated in it has been written. Returns how many were issued. Idempotent: a month issued is never
 * issued again (the unique index, and the insert only while the agreement is as read). One
 * creator's failure is logged and leaves the others (and the rest of the scheduled run) going.
 */
export async function issueSelfBilledInvoices(db: Database, now = Date.now()): Promise<number> {
  const closed = monthAfter(monthOf(now - ISSUE_AFTER_MS), -1);
  const due = await db
    .select({ agreement: selfBillingAgreements, details: creatorTaxDetails })
    .from(selfBillingAgreements)
    .innerJoin(creatorTaxDetails, eq(creatorTaxDetails.creatorId, selfBillingAgreements.creatorId))
    .where(
      and(
        lt(selfBillingAgreements.invoicedThrough, closed),
        or(isNull(selfBillingAgreements.lastMonth), lt(selfBillingAgreements.invoicedThrough, selfBillingAgreements.lastMonth)),
      ),
    )
    .orderBy(asc(selfBillingAgreements.invoicedThrough))
    .limit(AGREEMENTS_INVOICED_PER_RUN);
  if (!due.length) return 0;
  const [shop, rules] = await Promise.all([getShopSettings(db), listSelfBillingRules(db)]);
  let issued = 0;
  for (const { agreement, details } of due) {
    try {
      issued += await issueFor(db, { agreement, details, shop, rules, closed }, now);
    } catch (error) {
      console.error(`Self-billed invoices of creator ${agreement.creatorId} not issued; the next run tries again`, error);
    }
  }
  return issued;
}

async function issueFor(
  db: Database,
  {
    agreement,
    details,
    shop,
    rules,
    closed,
  }: {
    agreement: typeof selfBillingAgreements.$inferSelect;
    details: typeof creatorTaxDetails.$inferSelect;
    shop: Awaited<ReturnType<typeof getShopSettings>>;
    rules: SelfBillingRule[];
    closed: string;
  },
  now: number,
): Promise<number> {
  const through = agreement.lastMonth && agreement.lastMonth < closed ? agreement.lastMonth : closed;
  const from = statementPeriod(monthAfter(agreement.invoicedThrough), Number.MAX_SAFE_INTEGER)!.from;
  const to = statementPeriod(monthAfter(through), Number.MAX_SAFE_INTEGER)!.from;
  const month = sql<string>`strftime('%Y-%m', ${ledgerEntries.createdAt} / 1000, 'unixepoch')`;
  const supplies = await db
    .select({ month, currency: ledgerEntries.currency, total: sql<number>`sum(${ledgerEntries.amountMinor})`, last: sql<number>`max(${ledgerEntries.id})` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.creatorId, agreement.creatorId),
        gte(ledgerEntries.createdAt, new Date(from)),
        lt(ledgerEntries.createdAt, new Date(to)),
        inArray(ledgerEntries.kind, [...INVOICED_KINDS]),
      ),
    )
    .groupBy(month, ledgerEntries.currency)
    .orderBy(month, ledgerEntries.currency);
  const kind = supplierKindOf({ entity: details.entity, vat_number: details.vatNumber });
  const tax = decideSelfBillingTax(rules, { country: details.country, kind });
  const asRead = and(
    eq(selfBillingAgreements.creatorId, agreement.creatorId),
    eq(selfBillingAgreements.invoicedThrough, agreement.invoicedThrough),
    eq(selfBillingAgreements.acceptedAt, agreement.acceptedAt),
  );
  // A month whose supplies sum to nothing (an earning refunded in full the same month) bills nothing.
  const inserts = supplies
    .filter((supply) => Number(supply.total) !== 0)
    .map((supply) =>
      db
        .insert(selfBilledInvoices)
        .select(
          db
            .select(
              fullRowOf(selfBilledInvoices, {
                creatorId: agreement.creatorId,
                number: sql`(SELECT coalesce(max(${sql.raw(`"self_billed_invoices"."number"`)}), 0) + 1 FROM ${selfBilledInvoices} WHERE ${sql.raw(`"self_billed_invoices"."creator_id"`)} = ${agreement.creatorId})`,
                month: supply.month,
                currency: supply.currency,
                totalMinor: Number(supply.total),
                taxMinor: taxWithin(Number(supply.total), tax.rateBasisPoints),
                rateBasisPoints: tax.rateBasisPoints,
                taxName: shop.taxName,
                taxNote: tax.note,
                supplierKind: kind,
                supplierName: details.legalName,
                supplierAddress: [details.street, details.city, details.state, details.zipCode, countryName(details.country)].filter(Boolean).join(", "),
                supplierCountry: details.country,
                supplierVatNumber: details.vatNumber,
                supplierCompanyNumber: details.companyNumber,
                customerName: shop.sellerName,
                customerAddress: shop.sellerAddress,
                customerTaxId: shop.sellerTaxId,
                agreementAcceptedAt: agreement.acceptedAt,
                lastEntryId: Number(supply.last),
                issuedAt: new Date(now),
              }),
            )
            .from(selfBillingAgreements)
            .where(asRead),
        )
        .onConflictDoNothing()
        .returning({ id: selfBilledInvoices.id }),
    );
  // The inserts first: each lands only while the agreement is as read, and the last statement moves it on.
  const advance = db.update(selfBillingAgreements).set({ invoicedThrough: through }).where(asRead).returning({ id: selfBillingAgreements.creatorId });
  const statements: BatchItem<"sqlite">[] = [...inserts, advance];
  const results = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as { id: number }[][];
  return results.slice(0, inserts.length).reduce((sum, rows) => sum + rows.length, 0);
}

// ---------------------------------------------------------------------------------------------
// Reading.

/** An invoice's line: a movement of the month's statement, of a kind it bills (an adjustment's note is its reason). */
export type SelfBilledLine = StatementMovement;

export interface SelfBilledInvoiceView {
  id: number;
  /** A credit note when the month's supplies were negative (refunds of work billed before). */
  document: "invoice" | "credit_note";
  /** `SB-12-0003`. */
  number: string;
  sequence: number;
  creator_id: number;
  month: string;
  currency: string;
  /** What the studio pays for the month's supply, tax included: the ledger's sum of the lines. */
  total_minor: number;
  tax_minor: number;
  net_minor: number;
  rate_basis_points: number;
  tax_name: string;
  tax_note: string | null;
  supplier: {
    kind: SupplierKind;
    name: string;
    address: string;
    country: string;
    vat_number: string | null;
    company_number: string | null;
  };
  customer: { name: string; address: string; tax_id: string | null };
  agreement_accepted_at: string;
  issued_at: string;
  lines: SelfBilledLine[];
  /** More lines than STATEMENT_MOVEMENTS_MAX: the list is cut, the totals are whole. */
  truncated: boolean;
}

export type InvoiceRow = typeof selfBilledInvoices.$inferSelect;

/**
 * The invoice as the creator's pages and the API show it. `lines`: the month's rows of the billed
 * kinds in its currency, of which those up to its last row are its own; `cut`: the read was cut.
 */
export function invoiceView(row: InvoiceRow, lines: SelfBilledLine[], cut = false): SelfBilledInvoiceView {
  const own = row.lastEntryId === null ? lines : lines.filter((line) => line.id <= row.lastEntryId!);
  return {
    id: row.id,
    document: row.totalMinor < 0 ? "credit_note" : "invoice",
    number: selfBilledNumber({ creator_id: row.creatorId, number: row.number }),
    sequence: row.number,
    creator_id: row.creatorId,
    month: row.month,
    currency: row.currency,
    total_minor: row.totalMinor,
    tax_minor: row.taxMinor,
    net_minor: row.totalMinor - row.taxMinor,
    rate_basis_points: row.rateBasisPoints,
    tax_name: row.taxName,
    tax_note: row.taxNote,
    supplier: {
      kind: row.supplierKind,
      name: row.supplierName,
      address: row.supplierAddress,
      country: row.supplierCountry,
      vat_number: row.supplierVatNumber,
      company_number: row.supplierCompanyNumber,
    },
    customer: { name: row.customerName, address: row.customerAddress, tax_id: row.customerTaxId },
    agreement_accepted_at: row.agreementAcceptedAt.toISOString(),
    issued_at: row.issuedAt.toISOString(),
    lines: own.slice(0, STATEMENT_MOVEMENTS_MAX),
    truncated: cut || own.length > STATEMENT_MOVEMENTS_MAX,
  };
}

/** A ledger row as an invoice's line. */
export function invoiceLineOf(row: {
  id: number;
  kind: LedgerKind;
  orderId: number | null;
  product: string | null;
  amountMinor: number;
  reason: string | null;
  createdAt: Date;
}): SelfBilledLine {
  return {
    id: row.id,
    kind: row.kind,
    order_id: row.orderId,
    product: row.product,
    amount_minor: row.amountMinor,
    note: row.kind === "adjustment" ? row.reason : null,
    created_at: row.createdAt.toISOString(),
  };
}

async function withLines(db: Database, rows: InvoiceRow[]): Promise<SelfBilledInvoiceView[]> {
  if (!rows.length) return [];
  const first = rows[0]!;
  const lines = await periodRows(
    db,
    first.creatorId,
    statementPeriod(first.month, Number.MAX_SAFE_INTEGER)!,
    STATEMENT_MOVEMENTS_MAX,
    and(
      inArray(ledgerEntries.kind, [...INVOICED_KINDS]),
      inArray(
        ledgerEntries.currency,
        rows.map((row) => row.currency),
      ),
    ),
  );
  return rows.map((row) => invoiceView(row, lines.filter((line) => line.currency === row.currency).map(invoiceLineOf)));
}

/** The creator's self-billed invoices for a month (one per currency billed; none before it closed or without an agreement). */
export async function monthInvoices(db: Database, creatorId: number, month: string): Promise<SelfBilledInvoiceView[]> {
  const rows = await db
    .select()
    .from(selfBilledInvoices)
    .where(and(eq(selfBilledInvoices.creatorId, creatorId), eq(selfBilledInvoices.month, month)))
    .orderBy(asc(selfBilledInvoices.currency));
  return withLines(db, rows);
}

/** One invoice by id: the creator's own (`creatorId`), or any for an admin (`creatorId` null). Not found otherwise. */
export async function selfBilledInvoice(db: Database, id: number, creatorId: number | null): Promise<SelfBilledInvoiceView> {
  const [row] = await db
    .select()
    .from(selfBilledInvoices)
    .where(and(eq(selfBilledInvoices.id, id), creatorId === null ? undefined : eq(selfBilledInvoices.creatorId, creatorId)))
    .limit(1);
  if (!row) throw refuse.notFound(SELF_BILLING_MESSAGES.invoiceNotFound);
  const [view] = await withLines(db, [row]);
  return view!;
}

export interface IssuedInvoiceSummary {
  id: number;
  number: string;
  creator_id: number;
  supplier_name: string;
  month: string;
  currency: string;
  total_minor: number;
  tax_minor: number;
  issued_at: string;
}

/** The latest invoices issued, newest first, for the admins' list. */
export async function latestSelfBilledInvoices(db: Database, limit = INVOICES_LISTED): Promise<IssuedInvoiceSummary[]> {
  const rows = await db
    .select({
      id: selfBilledInvoices.id,
      creatorId: selfBilledInvoices.creatorId,
      number: selfBilledInvoices.number,
      supplierName: selfBilledInvoices.supplierName,
      month: selfBilledInvoices.month,
      currency: selfBilledInvoices.currency,
      totalMinor: selfBilledInvoices.totalMinor,
      taxMinor: selfBilledInvoices.taxMinor,
      issuedAt: selfBilledInvoices.issuedAt,
    })
    .from(selfBilledInvoices)
    .orderBy(desc(selfBilledInvoices.issuedAt), desc(selfBilledInvoices.id))
    .limit(Math.min(limit, INVOICES_LISTED));
  return rows.map((row) => ({
    id: row.id,
    number: selfBilledNumber({ creator_id: row.creatorId, number: row.number }),
    creator_id: row.creatorId,
    supplier_name: row.supplierName,
    month: row.month,
    currency: row.currency,
    total_minor: row.totalMinor,
    tax_minor: row.taxMinor,
    issued_at: row.issuedAt.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// The document.

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
/** "7 Dec 2026". */
export const invoiceDate = (iso: string) => day.format(new Date(iso));

/** "Self-billed invoice SB-12-0003". */
export const selfBilledTitle = (invoice: Pick<SelfBilledInvoiceView, "number" | "document">) =>
  `${invoice.document === "credit_note" ? "Self-billed credit note" : "Self-billed invoice"} ${invoice.number}`;

/** A line as the invoice prints it: date, what, the order; the amount. */
export function invoiceLine(line: SelfBilledLine, currency: string): [string, string] {
  const what = [
    invoiceDate(line.created_at),
    line.kind === "earning" ? "Your share" : LEDGER_KIND_LABELS.creator[line.kind],
    line.order_id ? `order #${line.order_id}${line.product ? ` ${line.product}` : ""}` : null,
    line.note,
  ]
    .filter(Boolean)
    .join(" · ");
  return [what, formatMoney(line.amount_minor, currency)];
}

/** The tax line's words: "VAT at 20%", or "No VAT". */
export function taxLabel(invoice: Pick<SelfBilledInvoiceView, "tax_name" | "rate_basis_points">): string {
  return invoice.rate_basis_points > 0 ? `${invoice.tax_name} at ${ratePercent(invoice.rate_basis_points)}` : `No ${invoice.tax_name}`;
}

/** The notes every self-billed invoice carries: what it is, under what, and the tax rule's own words. */
export function invoiceNotes(invoice: SelfBilledInvoiceView): string[] {
  return [
    `${invoice.document === "credit_note" ? "Self-billed credit note" : "Self-billed invoice"}: issued by ${invoice.customer.name} on behalf of the supplier under the self-billing agreement accepted on ${invoiceDate(invoice.agreement_accepted_at)}.`,
    ...(invoice.tax_note ? [invoice.tax_note] : []),
    ...(invoice.truncated ? [`Only the first ${STATEMENT_MOVEMENTS_MAX} lines are listed; the totals count them all.`] : []),
  ];
}

/** The supplier's identity as the invoice prints it. */
export function supplierLines(invoice: SelfBilledInvoiceView): string[] {
  return [
    invoice.supplier.name,
    invoice.supplier.address,
    ...(invoice.supplier.vat_number ? [`${invoice.tax_name} number: ${invoice.supplier.vat_number}`] : []),
    ...(invoice.supplier.company_number ? [`Company number: ${invoice.supplier.company_number}`] : []),
    SUPPLIER_KIND_LABELS[invoice.supplier.kind],
  ];
}

export function selfBilledInvoicePdf(invoice: SelfBilledInvoiceView): Promise<Uint8Array<ArrayBuffer>> {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  // The supplier's document (the studio issues it for them): their name heads it, as a seller's heads an invoice.
  const sections: PdfSection[] = [
    { lines: supplierLines(invoice) },
    {
      heading: selfBilledTitle(invoice),
      rows: [
        ["Invoice number", invoice.number],
        ["Date of issue", invoiceDate(invoice.issued_at)],
        ["Supplies in", monthLabel(invoice.month)],
      ],
    },
    {
      heading: "Customer",
      lines: [invoice.customer.name, invoice.customer.address, ...(invoice.customer.tax_id ? [`${invoice.tax_name} number: ${invoice.customer.tax_id}`] : [])],
    },
    {
      heading: "Supplies",
      entries: [
        ...invoice.lines.map((line) => invoiceLine(line, invoice.currency)),
        ["Net", money(invoice.net_minor)],
        [taxLabel(invoice), money(invoice.tax_minor)],
        ["Total", money(invoice.total_minor)],
      ],
      notes: invoiceNotes(invoice),
    },
  ];
  return documentPdf({ title: `${selfBilledTitle(invoice)} · ${invoice.supplier.name}`, author: invoice.customer.name, sections });
}
