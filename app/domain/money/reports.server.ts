/**
 * The studio's money reports, from what invoices and credit notes record: per calendar month (UTC)
 * and currency, net sales (subtotal − discount − net refunds, tax excluded), discounts, tax
 * collected and refunds; and for a chosen period, tax by jurisdiction (the billing country whose
 * rule applied) and rate, what a VAT return needs. A sale counts in the month its invoice was
 * issued, a refund in the month of its credit note. Amounts are minor units.
 */
import { and, gte, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { moneyDays } from "../../../db/schema";

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

/** A day's key in money_days (`2026-11-26`), and a month's (`M2026-11`: after every day's key, so each kind is one range). */
const dayKey = (date: Date) => date.toISOString().slice(0, 10);
const monthKey = (date: Date) => `M${date.toISOString().slice(0, 7)}`;
const monthStart = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
const nextMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));

/**
 * The period's rows of money_days: its whole months by their month rows, the days before the first
 * and after the last whole month by their day rows (a year is twelve rows per currency, country and
 * rate, whatever was sold).
 */
function inPeriod({ from, to }: ReportPeriod) {
  const firstWhole = from.getTime() === monthStart(from).getTime() ? from : nextMonth(from);
  const wholeEnd = monthStart(to);
  const days = (start: Date, end: Date) => and(gte(moneyDays.day, dayKey(start)), lt(moneyDays.day, dayKey(end)));
  if (firstWhole.getTime() >= wholeEnd.getTime()) return days(from, to);
  return or(days(from, firstWhole), and(gte(moneyDays.day, monthKey(firstWhole)), lt(moneyDays.day, monthKey(wholeEnd))), days(wholeEnd, to));
}

/** The calendar month of a money_days row, "2026-11", whichever kind of row. */
const monthOf = sql<string>`CASE WHEN ${moneyDays.day} LIKE 'M%' THEN substr(${moneyDays.day}, 2) ELSE substr(${moneyDays.day}, 1, 7) END`;
/** Days with something issued (a deletion can leave a day at zero). */
const issued = sql`sum(${moneyDays.invoices}) <> 0 OR sum(${moneyDays.creditNotes}) <> 0`;

/**
 * Sales and refunds by month and currency for invoices and credit notes issued in the period, newest
 * month first: read from the days kept (money_days, a row per day, currency, country and rate), not
 * from every invoice.
 */
export async function monthlyReport(db: Database, period: ReportPeriod): Promise<MonthRow[]> {
  const rows = await db
    .select({
      month: monthOf.as("month"),
      currency: moneyDays.currency,
      invoices: sql<number>`sum(${moneyDays.invoices})`.mapWith(Number),
      salesMinor: sql<number>`sum(${moneyDays.salesMinor})`.mapWith(Number),
      discountMinor: sql<number>`sum(${moneyDays.discountMinor})`.mapWith(Number),
      taxMinor: sql<number>`sum(${moneyDays.taxMinor})`.mapWith(Number),
      creditNotes: sql<number>`sum(${moneyDays.creditNotes})`.mapWith(Number),
      refundsMinor: sql<number>`sum(${moneyDays.refundsMinor})`.mapWith(Number),
      refundsTaxMinor: sql<number>`sum(${moneyDays.refundsTaxMinor})`.mapWith(Number),
    })
    .from(moneyDays)
    .where(inPeriod(period))
    .groupBy(sql`1`, moneyDays.currency)
    .having(issued);
  return rows
    .map((r) => ({ ...r, netSalesMinor: r.salesMinor - (r.refundsMinor - r.refundsTaxMinor), netTaxMinor: r.taxMinor - r.refundsTaxMinor }))
    .sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency));
}

/** Tax by jurisdiction and rate for the period: invoices issued in it, less credit notes issued in it (from the days kept). */
export async function taxReport(db: Database, period: ReportPeriod): Promise<TaxRow[]> {
  const rows = await db
    .select({
      country: moneyDays.country,
      rateBasisPoints: moneyDays.rateBasisPoints,
      currency: moneyDays.currency,
      netMinor: sql<number>`sum(${moneyDays.salesMinor} - (${moneyDays.refundsMinor} - ${moneyDays.refundsTaxMinor}))`.mapWith(Number),
      taxMinor: sql<number>`sum(${moneyDays.taxMinor} - ${moneyDays.refundsTaxMinor})`.mapWith(Number),
    })
    .from(moneyDays)
    .where(inPeriod(period))
    .groupBy(moneyDays.country, moneyDays.rateBasisPoints, moneyDays.currency)
    .having(issued);
  return rows.sort((a, b) => a.country.localeCompare(b.country) || b.rateBasisPoints - a.rateBasisPoints || a.currency.localeCompare(b.currency));
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
