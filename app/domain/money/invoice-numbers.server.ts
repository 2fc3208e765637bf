/**
 * Invoice and credit note numbers: one gapless sequence per series and calendar year (UTC) of
 * issue, `INV-2026-000001`, restarting at 000001 each year. A number is taken in the same D1 batch
 * (one transaction) as the change it belongs to, and only when that change happened: the counter
 * moves on the condition the number is then given on, so a replayed webhook or two confirmations at
 * once give exactly one number, and no number is ever skipped.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { documentCounters, orders, shopSettings } from "../../../db/schema";

export type DocumentSeries = "INV" | "CN";

/** `INV-2026-000001` */
export function documentNumber(series: DocumentSeries, year: number, n: number): string {
  return `${series}-${year}-${String(n).padStart(6, "0")}`;
}

/**
 * The statements that take the next number of `series` for the year of `now`, when `condition`
 * (an SQL boolean, true exactly when the change will be made) holds; and the SQL value of that
 * number, for the change's own statement, which must follow them in the batch.
 */
export function nextNumberQueries(db: Database, series: DocumentSeries, condition: SQL, now: Date) {
  const year = now.getUTCFullYear();
  const counter = and(eq(documentCounters.series, series), eq(documentCounters.year, year));
  return {
    statements: [
      db.insert(documentCounters).values({ series, year, last: 0 }).onConflictDoNothing(),
      db
        .update(documentCounters)
        .set({ last: sql`${documentCounters.last} + 1` })
        .where(and(counter, condition)),
    ] as const,
    number: sql<string>`(SELECT printf('%s-%d-%06d', ${documentCounters.series}, ${documentCounters.year}, ${documentCounters.last}) FROM ${documentCounters} WHERE ${counter})`,
  };
}

/**
 * The statements, to follow a payment's success in its batch, that give the order its invoice
 * number: only if it is now paid (or since refunded) and has none (a replay, or a recording that lost the race, gives
 * nothing and takes no number).
 */
export function invoiceNumberStatements(db: Database, orderId: number, now: Date) {
  const due = and(eq(orders.id, orderId), sql`${orders.paymentStatus} IN ('succeeded', 'completed', 'refunded')`, sql`${orders.invoiceNumber} IS NULL`);
  const next = nextNumberQueries(db, "INV", sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${due})`, now);
  // The seller as invoiced is copied with the number: a later change of the settings never rewrites an issued invoice.
  const seller = sql`(SELECT json_object('name', ${shopSettings.sellerName}, 'address', ${shopSettings.sellerAddress}, 'tax_id', ${shopSettings.sellerTaxId}, 'tax_name', ${shopSettings.taxName}) FROM ${shopSettings} WHERE ${shopSettings.id} = 1)`;
  // A sale priced by Stripe Tax is recorded there once paid: marked here, recorded by tax-records.server.ts.
  const taxRecordPending = sql<boolean>`${orders.taxCalculationId} IS NOT NULL`;
  return [
    ...next.statements,
    db.update(orders).set({ invoiceNumber: next.number, invoiceIssuedAt: now, sellerSnapshot: seller, taxRecordPending }).where(due),
  ] as const;
}
