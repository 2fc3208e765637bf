/**
 * A creator's monthly statement (UTC months): per currency, the opening balance, each movement of
 * the month and the closing balance. The opening balance is the sum of the months before it, kept
 * per creator, currency and month by the ledger's trigger (`creator_ledger_months`, migration 0060,
 * reconciled); the movements are the month's ledger rows, read by the creator's time index. So a
 * statement reads the creator's active months and that month's rows, never their whole history.
 */
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { creatorLedgerMonths, creators, selfBilledInvoices } from "../../../db/schema";
import { invoiceLineOf, invoiceView, type SelfBilledInvoiceView } from "./self-billing.server";
import { periodRows } from "./ledger.server";
import { INVOICED_KINDS } from "~/lib/rules/self-billing";
import { getShopSettings } from "../money/tax.server";
import { documentPdf, type PdfSection } from "../money/pdf.server";
import { formatMoney } from "~/lib/money";
import { LEDGER_KIND_LABELS, sentNote, type LedgerKind } from "~/lib/rules/payouts";
import { monthLabel, STATEMENT_MONTHS_LISTED, STATEMENT_MOVEMENTS_MAX, statementPeriod } from "~/lib/rules/statements";

export { monthLabel, statementPeriod };

export interface StatementMovement {
  id: number;
  kind: LedgerKind;
  order_id: number | null;
  product: string | null;
  amount_minor: number;
  note: string | null;
  created_at: string;
}

export interface StatementCurrency {
  currency: string;
  opening_minor: number;
  earned_minor: number;
  paid_minor: number;
  clawed_back_minor: number;
  adjusted_minor: number;
  closing_minor: number;
  movements: StatementMovement[];
  /** More movements than STATEMENT_MOVEMENTS_MAX: the list is cut, the totals are whole. */
  truncated: boolean;
}

export interface CreatorStatement {
  month: string;
  /** The month's bounds (UTC), from inclusive, to exclusive. */
  from: string;
  to: string;
  creator: { id: number; name: string };
  studio: { name: string; address: string; tax_id: string | null };
  currencies: StatementCurrency[];
  /** The creator's self-billed invoices for the month (one per currency billed), once it has closed, under their agreement. */
  self_billed_invoices: SelfBilledInvoiceView[];
}

/** The creator's statement for `month`, or null when the month is malformed or not begun. */
export async function creatorStatement(db: Database, creatorId: number, month: string, now = Date.now()): Promise<CreatorStatement | null> {
  const period = statementPeriod(month, now);
  if (!period) return null;
  const [who, before, during, rows, invoices] = await db.batch([
    db.select({ id: creators.id, name: creators.name }).from(creators).where(eq(creators.id, creatorId)).limit(1),
    db
      .select({ currency: creatorLedgerMonths.currency, opening: sql<number>`coalesce(sum(${creatorLedgerMonths.netMinor}), 0)` })
      .from(creatorLedgerMonths)
      .where(and(eq(creatorLedgerMonths.creatorId, creatorId), lt(creatorLedgerMonths.month, month)))
      .groupBy(creatorLedgerMonths.currency),
    db
      .select()
      .from(creatorLedgerMonths)
      .where(and(eq(creatorLedgerMonths.creatorId, creatorId), eq(creatorLedgerMonths.month, month))),
    periodRows(db, creatorId, period, STATEMENT_MOVEMENTS_MAX),
    db
      .select()
      .from(selfBilledInvoices)
      .where(and(eq(selfBilledInvoices.creatorId, creatorId), eq(selfBilledInvoices.month, month)))
      .orderBy(asc(selfBilledInvoices.currency)),
  ]);
  if (!who[0]) return null;
  const shop = await getShopSettings(db);
  const opening = new Map(before.map((row) => [row.currency, Number(row.opening)]));
  const kept = new Map(during.map((row) => [row.currency, row]));
  const currencies = [...new Set([...opening.keys(), ...kept.keys()])].sort();
  return {
    month,
    from: new Date(period.from).toISOString(),
    to: new Date(period.to).toISOString(),
    creator: who[0],
    studio: { name: shop.sellerName, address: shop.sellerAddress, tax_id: shop.sellerTaxId },
    currencies: currencies.map((currency): StatementCurrency => {
      const month = kept.get(currency);
      const movements = rows.filter((row) => row.currency === currency);
      const open = opening.get(currency) ?? 0;
      return {
        currency,
        opening_minor: open,
        earned_minor: month?.earnedMinor ?? 0,
        paid_minor: month?.paidMinor ?? 0,
        clawed_back_minor: month?.clawedBackMinor ?? 0,
        adjusted_minor: month?.adjustedMinor ?? 0,
        closing_minor: open + (month?.netMinor ?? 0),
        movements: movements.slice(0, STATEMENT_MOVEMENTS_MAX).map((row) => ({
          id: row.id,
          kind: row.kind,
          order_id: row.orderId,
          product: row.product,
          amount_minor: row.amountMinor,
          note: row.kind === "adjustment" ? row.reason : sentNote(row),
          created_at: row.createdAt.toISOString(),
        })),
        truncated: rows.length > STATEMENT_MOVEMENTS_MAX,
      };
    }),
    // An invoice's lines are the month's rows of the kinds it bills, read above with the rest.
    self_billed_invoices: invoices.map((invoice) =>
      invoiceView(
        invoice,
        rows.filter((row) => row.currency === invoice.currency && (INVOICED_KINDS as readonly string[]).includes(row.kind)).map(invoiceLineOf),
        // The month's rows were read up to the statement's limit: an invoice's lines may be cut too.
        rows.length > STATEMENT_MOVEMENTS_MAX,
      ),
    ),
  };
}

/** The months the creator has statements for (any movement, or a balance carried), newest first. */
export async function statementMonths(db: Database, creatorId: number, now = Date.now()): Promise<string[]> {
  const rows = await db
    .selectDistinct({ month: creatorLedgerMonths.month })
    .from(creatorLedgerMonths)
    .where(eq(creatorLedgerMonths.creatorId, creatorId))
    .orderBy(desc(creatorLedgerMonths.month))
    .limit(STATEMENT_MONTHS_LISTED);
  const current = new Date(now).toISOString().slice(0, 7);
  return rows.map((row) => row.month).filter((month) => month <= current);
}

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "Statement for November 2026". */
export function statementTitle(statement: Pick<CreatorStatement, "month">): string {
  return `Statement for ${monthLabel(statement.month)}`;
}

/** A movement's line as the statement prints it: date, what, the order, the amount. */
export function movementLine(movement: StatementMovement, currency: string): [string, string] {
  const what = [
    day.format(new Date(movement.created_at)),
    LEDGER_KIND_LABELS.creator[movement.kind],
    movement.order_id ? `order #${movement.order_id}${movement.product ? ` ${movement.product}` : ""}` : null,
    movement.note,
  ]
    .filter(Boolean)
    .join(" · ");
  return [what, formatMoney(movement.amount_minor, currency)];
}

/** The statement as an A4 PDF. */
export function statementPdf(statement: CreatorStatement): Promise<Uint8Array<ArrayBuffer>> {
  const sections: PdfSection[] = [
    { lines: [statement.studio.name, statement.studio.address, ...(statement.studio.tax_id ? [`VAT number: ${statement.studio.tax_id}`] : [])] },
    { heading: statementTitle(statement), lines: [`${statement.creator.name} (creator #${statement.creator.id})`] },
  ];
  if (!statement.currencies.length) sections.push({ lines: ["No movements and no balance this month."] });
  for (const block of statement.currencies) {
    const money = (minor: number) => formatMoney(minor, block.currency);
    sections.push({
      heading: block.currency,
      entries: [
        ["Opening balance", money(block.opening_minor)],
        ...block.movements.map((movement) => movementLine(movement, block.currency)),
        ["Closing balance", money(block.closing_minor)],
      ],
      notes: [
        `Earned ${money(block.earned_minor)}; paid to you ${money(block.paid_minor)}; taken back ${money(block.clawed_back_minor)}; adjusted ${money(block.adjusted_minor)}.`,
        ...(block.truncated ? [`Only the first ${STATEMENT_MOVEMENTS_MAX} movements are listed; the balances count them all.`] : []),
      ],
    });
  }
  return documentPdf({ title: `${statementTitle(statement)} · ${statement.creator.name}`, author: statement.studio.name, sections });
}
