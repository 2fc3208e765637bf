/**
 * Stripe Tax's ledger, kept in step with the shop's (STRIPE_TAX=on): each paid order priced by a
 * calculation becomes a tax transaction, and each of its refunds a reversal of that transaction by
 * the amount refunded. The payment and refund batches mark what is to be recorded
 * (`tax_record_pending`, through a partial index: only those rows are read, however many orders
 * there are); this records them, from the scheduled run and after an admin's refund. Each record's
 * idempotency key is the order's or the refund's, so a record made twice (a crash between Stripe's
 * answer and our write) is the same record. A refund waits for its order's sale to be recorded.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderRefunds, orders } from "../../../db/schema";
import type { TaxService } from "./tax-service.server";

export interface TaxRecordsDone {
  sales: number;
  refunds: number;
  failed: number;
}

/** Records what is pending (at most `limit` of each kind; `orderId`: that order's alone). */
export async function syncTaxRecords(
  db: Database,
  tax: TaxService,
  { orderId, limit = 50 }: { orderId?: number; limit?: number } = {},
): Promise<TaxRecordsDone> {
  const done: TaxRecordsDone = { sales: 0, refunds: 0, failed: 0 };
  // The rule table records nothing: what was marked under Stripe Tax waits until it is on again.
  if (tax.source !== "stripe") return done;

  const sales = await db
    .select({ id: orders.id, calculationId: orders.taxCalculationId })
    .from(orders)
    .where(and(eq(orders.taxRecordPending, true), orderId === undefined ? undefined : eq(orders.id, orderId)))
    .limit(limit);
  for (const sale of sales) {
    try {
      const transactionId = sale.calculationId ? await tax.recordSale({ orderId: sale.id, calculationId: sale.calculationId }) : null;
      await db
        .update(orders)
        .set({ taxTransactionId: transactionId, taxRecordPending: false })
        .where(and(eq(orders.id, sale.id), eq(orders.taxRecordPending, true)));
      done.sales++;
    } catch (error) {
      console.error(`Stripe Tax could not record the sale of order ${sale.id}`, error);
      done.failed++;
    }
  }

  const refunds = await db
    .select({ id: orderRefunds.id, amountMinor: orderRefunds.amountMinor, kind: orderRefunds.kind, transactionId: orders.taxTransactionId })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(eq(orderRefunds.taxRecordPending, true), isNotNull(orders.taxTransactionId), orderId === undefined ? undefined : eq(orders.id, orderId)))
    .limit(limit);
  for (const refund of refunds) {
    try {
      const reversalId = await tax.recordRefund({
        refundId: refund.id,
        transactionId: refund.transactionId!,
        amountMinor: refund.amountMinor,
        taxOnly: refund.kind === "vat",
      });
      await db
        .update(orderRefunds)
        .set({ taxReversalId: reversalId, taxRecordPending: false })
        .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.taxRecordPending, true)));
      done.refunds++;
    } catch (error) {
      console.error(`Stripe Tax could not record refund ${refund.id}`, error);
      done.failed++;
    }
  }
  return done;
}
