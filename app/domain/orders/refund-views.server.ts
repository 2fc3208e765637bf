/** An order's refunds as the order pages and the API show them (refunds.server.ts makes them). */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderRefunds } from "../../../db/schema";
import { minorToDecimalString } from "~/lib/money-decimal";

type RefundRow = typeof orderRefunds.$inferSelect;

/** A refund as the order pages and the API show it. */
export interface RefundView {
  id: number;
  status: "pending" | "succeeded";
  amount: string;
  tax_amount: string;
  currency: string;
  reason: string;
  credit_note_number: string | null;
  /** The payment refunded: its invoice is the one the credit note corrects. */
  payment_id: number | null;
  created_at: string;
  refunded_at: string | null;
}

export function toRefundView(row: RefundRow): RefundView {
  return {
    id: row.id,
    status: row.status,
    amount: minorToDecimalString(row.amountMinor, row.currency),
    tax_amount: minorToDecimalString(row.taxMinor, row.currency),
    currency: row.currency,
    reason: row.reason,
    credit_note_number: row.creditNoteNumber,
    payment_id: row.paymentId,
    created_at: row.claimedAt.toISOString(),
    refunded_at: row.refundedAt?.toISOString() ?? null,
  };
}

/** An order's refunds, oldest first, as a query for a caller's batch. */
export function refundsQuery(db: Database, orderId: number) {
  return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id));
}
