/**
 * A business buyer's VAT number that did not verify when they paid (invalid, or the service down):
 * VAT was charged and the order kept the claim (`orders.vat_claim = 'unverified'`). Checked again by
 * the scheduled run (daily while the claim is under VAT_CLAIM_DAYS old) or by an admin from the
 * order; once the number verifies, the VAT that the reverse charge would have spared goes back as a
 * refund of kind `vat`, whose credit note has tax and no net part. Exactly once: the refund's key is
 * the order's (`vat-credit-<id>`), so a second check, a retry or two runs at once find the same
 * refund; what is owed is worked out from the order's sums, so once the VAT is back nothing more is.
 */
import { and, asc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orders } from "../../../db/schema";
import { readBillingSnapshot } from "../money/billing-snapshot";
import type { TaxService } from "../money/tax-service.server";
import { REVERSE_CHARGE_NOTE } from "../money/tax-rules";
import { freshVatCheck, readVatCheck, VAT_RECHECK_MS, vatCheckJson, vatNumberHolds, type VatCheck } from "../money/vat-numbers.server";
import type { MailNotice } from "../mail/order-emails.server";
import type { PaymentGateway } from "../payments/gateway.server";
import { refuse } from "../refusal";
import { refundedUnderKey, refundOrder } from "./refunds.server";
import { VAT_CLAIM_DAYS } from "~/lib/rules/vat-claim";

/** Claims checked per scheduled run (each asks a service). */
const CLAIMS_PER_RUN = 10;

export type VatClaimOutcome =
  | { status: "credited"; check: VatCheck; creditedMinor: number }
  | { status: "verified"; check: VatCheck; creditedMinor: 0 }
  | { status: "unverified"; check: VatCheck }
  | { status: "lapsed"; check: VatCheck | null }
  | { status: "none" };

/**
 * Checks an order's unverified claim again and settles it: refunds the VAT once the number
 * verifies (`credited`), or marks it `verified` when nothing is owed back (the tax would have been
 * the same, or it has gone back already). `adminId`: who asked; null for the scheduled run.
 */
export async function settleVatClaim(
  db: Database,
  services: { tax: TaxService; payments: PaymentGateway },
  orderId: number,
  adminId: number | null,
  notice: MailNotice,
  now = Date.now(),
): Promise<VatClaimOutcome> {
  const [order] = await db
    .select({
      claim: orders.vatClaim,
      vatCheck: orders.vatCheck,
      billing: orders.billingSnapshot,
      subtotalMinor: orders.subtotalMinor,
      discountMinor: orders.discountMinor,
      currency: orders.currency,
      taxMinor: orders.taxMinor,
      refundedTaxMinor: orders.refundedTaxMinor,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw refuse.notFound("Order not found");
  // Only a paid order has VAT to give back; an unpaid one keeps its claim until it is paid (or expires).
  const paid = order.paymentStatus === "succeeded" || order.paymentStatus === "completed";
  if (order.claim !== "unverified" || !paid) return { status: "none" };
  const buyer = readBillingSnapshot(order.billing);
  const number = readVatCheck(order.vatCheck)?.number ?? buyer?.tax_id;
  if (!buyer || !number) return { status: "none" };

  const check = await freshVatCheck(db, services.tax.vatNumbers, number, now);
  if (!vatNumberHolds(check)) {
    await db
      .update(orders)
      .set({ vatCheck: vatCheckJson(check), vatNextCheckAt: new Date(now + VAT_RECHECK_MS) })
      .where(and(eq(orders.id, orderId), eq(orders.vatClaim, "unverified")));
    return { status: "unverified", check };
  }

  // Owed back only if the verified number gives the reverse charge (the same source, the order's own
  // inputs): then all the tax the order charged that has not gone back (worked out in the refund's
  // own insert). Otherwise (a UK business pays UK VAT either way) nothing.
  const verified = await services.tax.quote(db, {
    subtotalMinor: order.subtotalMinor,
    discountMinor: order.discountMinor,
    currency: order.currency,
    buyer: { country: buyer.country, company: buyer.company, taxId: number },
  });
  const owed = verified.taxNote === REVERSE_CHARGE_NOTE && verified.taxMinor === 0 ? order.taxMinor - order.refundedTaxMinor : 0;
  let creditedMinor = 0;
  if (owed > 0) {
    await refundOrder(
      db,
      services.payments,
      orderId,
      adminId,
      {
        kind: "vat",
        idempotencyKey: `vat-credit-${orderId}`,
        reason: `VAT refunded: VAT number ${number} confirmed${check.service === "none" ? "" : ` by ${check.service.toUpperCase()}`} on ${check.checked_at.slice(0, 10)}`,
      },
      notice,
      now,
    );
    // Spread over the order's payments (a part each): what went back under the request's key.
    creditedMinor = await refundedUnderKey(db, orderId, `vat-credit-${orderId}`);
  }
  await db
    .update(orders)
    .set({ vatClaim: "verified", vatCheck: vatCheckJson(check) })
    .where(and(eq(orders.id, orderId), eq(orders.vatClaim, "unverified")));
  return creditedMinor > 0 ? { status: "credited", check, creditedMinor } : { status: "verified", check, creditedMinor: 0 };
}

/**
 * The scheduled run's part (every 30 minutes): unverified claims of paid orders under VAT_CLAIM_DAYS
 * old whose next check is due (a day after the last), longest waiting first, CLAIMS_PER_RUN at a
 * time; older ones lapse (VAT stays charged). A claim whose refund failed waits a day like the rest.
 */
export async function settleVatClaims(db: Database, services: { tax: TaxService; payments: PaymentGateway }, notice: MailNotice, now = Date.now()) {
  const since = new Date(now - VAT_CLAIM_DAYS * 86_400_000);
  const lapsed = await db
    .update(orders)
    .set({ vatClaim: "lapsed" })
    // The claim as a literal, so SQLite reads only the partial index of unverified claims (a bound value cannot match it).
    .where(and(sql`${orders.vatClaim} = 'unverified'`, lt(orders.createdAt, since)))
    .returning({ id: orders.id });
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sql`${orders.vatClaim} = 'unverified'`,
        lte(orders.vatNextCheckAt, new Date(now)),
        gte(orders.createdAt, since),
        // Unary plus: the payment status is checked row by row, never used as the way in (its index
        // would walk every paid order in the shop); the way in is the partial index of due claims.
        sql`+${orders.paymentStatus} IN ('succeeded', 'completed')`,
      ),
    )
    .orderBy(asc(orders.vatNextCheckAt))
    .limit(CLAIMS_PER_RUN);
  let credited = 0;
  for (const { id } of due) {
    try {
      if ((await settleVatClaim(db, services, id, null, notice, now)).status === "credited") credited++;
    } catch (error) {
      // One order's refund refused or failed: it waits a day like the rest; the others still go ahead.
      await db
        .update(orders)
        .set({ vatNextCheckAt: new Date(now + VAT_RECHECK_MS) })
        .where(and(eq(orders.id, id), eq(orders.vatClaim, "unverified")));
      console.error(`VAT claim of order ${id} not settled`, error);
    }
  }
  return { checked: due.length, credited, lapsed: lapsed.length };
}
