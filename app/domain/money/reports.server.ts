/**
 * The studio's money reports, from what invoices and credit notes record: per calendar month (UTC)
 * and currency, net sales (subtotal − discount − net refunds, tax excluded), discounts, tax
 * collected and refunds; and for a chosen period, tax by jurisdiction (the billing country whose
 * rule applied) and rate, what a VAT return needs. A sale counts in the month its invoice was
 * issued, a refund in the month of its credit note. Amounts are minor units.
 */
import { and, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderRefunds, orders } from "../../../db/schema";

export interface MonthRow {
  /** "2026-11" */
  month: string;
  currency: string;
  invoices: number;
  /** Subtotal − discount of the month's invoices. */
  salesMinor: number;
  discountMinor: number;
  taxMinor: number;
  creditNotes: number;
  refundsMinor: number;
  refundsTaxMinor: number;
  /** Sales less refunds, both without tax. */
  netSalesMinor: number;
  /** Tax invoiced less tax credited. */
  netTaxMinor: number;
}

export interface TaxRow {
  country: string;
  rateBasisPoints: number;
  currency: string;
  /** Net (taxable) amount and tax of the period's invoices, less its credit notes'. */
  netMinor: number;
  taxMinor: number;
}

export interface ReportPeriod {
  /** Inclusive, UTC midnight. */
  from: Date;
  /** Exclusive, UTC midnight. */
  to: Date;
}

const month = (column: unknown) => sql<string>`strftime('%Y-%m', ${column} / 1000, 'unixepoch')`;

/** Sales and refunds by month and currency for invoices and credit notes issued in the period, newest month first. */
export async function monthlyReport(db: Database, { from, to }: ReportPeriod): Promise<MonthRow[]> {
  const [sales, refunds] = await db.batch([
    db
      .select({
        month: month(orders.invoiceIssuedAt).as("month"),
        currency: orders.currency,
        invoices: sql<number>`count(*)`.as("invoices"),
        salesMinor: sql<number>`sum(${orders.subtotalMinor} - ${orders.discountMinor})`.as("sales"),
        discountMinor: sql<number>`sum(${orders.discountMinor})`.as("discount"),
        taxMinor: sql<number>`sum(${orders.taxMinor})`.as("tax"),
      })
      .from(orders)
      .where(and(isNotNull(orders.invoiceNumber), gte(orders.invoiceIssuedAt, from), lt(orders.invoiceIssuedAt, to)))
      .groupBy(sql`1`, orders.currency),
    db
      .select({
        month: month(orderRefunds.refundedAt).as("month"),
        currency: orderRefunds.currency,
        creditNotes: sql<number>`count(*)`.as("notes"),
        refundsMinor: sql<number>`sum(${orderRefunds.amountMinor})`.as("refunds"),
        refundsTaxMinor: sql<number>`sum(${orderRefunds.taxMinor})`.as("refunds_tax"),
      })
      .from(orderRefunds)
      .where(and(isNotNull(orderRefunds.creditNoteNumber), gte(orderRefunds.refundedAt, from), lt(orderRefunds.refundedAt, to)))
      .groupBy(sql`1`, orderRefunds.currency),
  ]);
  const rows = new Map<string, MonthRow>();
  const row = (m: string, currency: string) => {
    const key = `${m} ${currency}`;
    let found = rows.get(key);
    if (!found) {
      found = {
        month: m,
        currency,
        invoices: 0,
        salesMinor: 0,
        discountMinor: 0,
        taxMinor: 0,
        creditNotes: 0,
        refundsMinor: 0,
        refundsTaxMinor: 0,
        netSalesMinor: 0,
        netTaxMinor: 0,
      };
      rows.set(key, found);
    }
    return found;
  };
  for (const s of sales)
    Object.assign(row(s.month, s.currency), {
      invoices: Number(s.invoices),
      salesMinor: Number(s.salesMinor),
      discountMinor: Number(s.discountMinor),
      taxMinor: Number(s.taxMinor),
    });
  for (const r of refunds)
    Object.assign(row(r.month, r.currency), {
      creditNotes: Number(r.creditNotes),
      refundsMinor: Number(r.refundsMinor),
      refundsTaxMinor: Number(r.refundsTaxMinor),
    });
  for (const r of rows.values()) {
    r.netSalesMinor = r.salesMinor - (r.refundsMinor - r.refundsTaxMinor);
    r.netTaxMinor = r.taxMinor - r.refundsTaxMinor;
  }
  return [...rows.values()].sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency));
}

/** Tax by jurisdiction and rate for the period: invoices issued in it, less credit notes issued in it. */
export async function taxReport(db: Database, { from, to }: ReportPeriod): Promise<TaxRow[]> {
  const [sales, refunds] = await db.batch([
    db
      .select({
        country: sql<string>`coalesce(${orders.taxCountry}, '')`.as("country"),
        rate: orders.taxRateBasisPoints,
        currency: orders.currency,
        net: sql<number>`sum(${orders.subtotalMinor} - ${orders.discountMinor})`.as("net"),
        tax: sql<number>`sum(${orders.taxMinor})`.as("tax"),
      })
      .from(orders)
      .where(and(isNotNull(orders.invoiceNumber), gte(orders.invoiceIssuedAt, from), lt(orders.invoiceIssuedAt, to)))
      .groupBy(sql`1`, orders.taxRateBasisPoints, orders.currency),
    db
      .select({
        country: sql<string>`coalesce(${orders.taxCountry}, '')`.as("country"),
        rate: orders.taxRateBasisPoints,
        currency: orderRefunds.currency,
        net: sql<number>`sum(${orderRefunds.amountMinor} - ${orderRefunds.taxMinor})`.as("net"),
        tax: sql<number>`sum(${orderRefunds.taxMinor})`.as("tax"),
      })
      .from(orderRefunds)
      .innerJoin(orders, sql`${orders.id} = ${orderRefunds.orderId}`)
      .where(and(isNotNull(orderRefunds.creditNoteNumber), gte(orderRefunds.refundedAt, from), lt(orderRefunds.refundedAt, to)))
      .groupBy(sql`1`, orders.taxRateBasisPoints, orderRefunds.currency),
  ]);
  const rows = new Map<string, TaxRow>();
  const add = (r: { country: string; rate: number; currency: string; net: number; tax: number }, sign: 1 | -1) => {
    const key = `${r.country} ${r.rate} ${r.currency}`;
    const found = rows.get(key) ?? { country: r.country, rateBasisPoints: r.rate, currency: r.currency, netMinor: 0, taxMinor: 0 };
    found.netMinor += sign * Number(r.net);
    found.taxMinor += sign * Number(r.tax);
    rows.set(key, found);
  };
  for (const s of sales) add(s, 1);
  for (const r of refunds) add(r, -1);
  return [...rows.values()].sort((a, b) => a.country.localeCompare(b.country) || b.rateBasisPoints - a.rateBasisPoints || a.currency.localeCompare(b.currency));
}

/** A period from `from`/`to` query values (YYYY-MM-DD, `to` inclusive); the current calendar year when absent or unreadable. */
export function readPeriod(fromText: string | null, toText: string | null, now = new Date()): ReportPeriod & { fromText: string; toText: string } {
  const day = (text: string | null) => {
    if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
    const date = new Date(`${text}T00:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : date;
  };
  const from = day(fromText) ?? new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  const lastDay = day(toText) ?? new Date(Date.UTC(now.getUTCFullYear(), 11, 31));
  const to = new Date(Math.max(lastDay.getTime(), from.getTime()) + 86_400_000);
  return { from, to, fromText: from.toISOString().slice(0, 10), toText: new Date(to.getTime() - 86_400_000).toISOString().slice(0, 10) };
}

/** A CSV file: a header row, then rows; values quoted when they need it. */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  const cell = (value: string | number) => {
    const text = String(value);
    // A leading = + - @ would be a formula in a spreadsheet: quoted with a leading apostrophe.
    const safe = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}
