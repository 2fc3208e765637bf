/**
 * The scheduled run (wrangler.toml `[triggers] crons`, the Worker's `scheduled` handler; ADR 013):
 * cancels unpaid orders past their lifetime (with their intents at the gateway), completes orders
 * whose delivery has had no answer for AUTO_COMPLETE_DAYS, flags orders waiting a day for their
 * brief (and reminds the customer), starts scheduled work whose 14-day cancellation period is over,
 * passes creators' offers unanswered past their window to the next creator and offers unassigned work that started,
 * refunds cancellation requests the studio left unanswered, marks orders past their due date (and tells the studio),
 * ends creators' away dates and moves each creator's 12-month window of completed orders on at a month's turn,
 * removes erased creators' tax details once their ten years are over, issues creators' self-billed invoices for the months that closed,
 * aborts uploads in parts left idle for a day (nothing of them stays in R2), and
 * deletes expired sessions and refresh tokens, and with Stripe Tax records paid sales and refunds
 * there (app/domain/money/tax-records.server.ts), and checks again the VAT numbers of business buyers
 * that did not verify when they paid, refunding the VAT once one does (app/domain/orders/vat-claims.server.ts),
 * and pays creators their cleared earnings and settles clawbacks (app/domain/payouts/transfers.server.ts). Each part is idempotent, so a missed or repeated run
 * does no harm. Emails link to SHOP_ORIGIN when it is set (there is no request to take it from).
 * Fire it by hand under `npm start` with `curl http://localhost:8787/__scheduled` (a local-only route of scripts/serve.mjs).
 */
import { moveCreatorWindows } from "../domain/creators/public.server";
import { runOffers } from "../domain/creators/offers.server";
import { expireOffers } from "../domain/orders/change-offers.server";
import { createDb } from "../../db/client";
import { autoCompleteDeliveries, flagBriefReminders, markOverdueOrders, startScheduledWork } from "../domain/orders/work-timers.server";
import { refundUnansweredCancellations } from "../domain/orders/cancellation.server";
import { expireUnpaidOrders } from "../domain/orders/orders.server";
import { createPaymentGateway } from "../domain/payments/factory.server";
import { deleteExpiredSessions, deleteExpiredRefreshTokens } from "../auth/index.server";
import { shopOrigin } from "../domain/environment.server";
import { abortIdleUploads } from "../domain/uploads/uploads.server";
import { endPastAwayDates } from "../domain/creators/creators.server";
import { syncTaxRecords } from "../domain/money/tax-records.server";
import { createTaxService, stripeTaxOn } from "../domain/money/tax-service.server";
import { settleVatClaims } from "../domain/orders/vat-claims.server";
import { createConnectGateway } from "../domain/payouts/connect.server";
import { runPayouts } from "../domain/payouts/transfers.server";
import { removeExpiredTaxDetails } from "../domain/payouts/tax-details.server";
import { issueSelfBilledInvoices } from "../domain/payouts/self-billing.server";

export async function runScheduledMaintenance(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  let gateway = null;
  try {
    gateway = createPaymentGateway(env, db);
  } catch (error) {
    // Orders are still marked cancelled; their intents simply stay unconfirmed at the provider.
    console.error("Scheduled cleanup without a payment gateway", error);
  }
  const notice = { env, origin: shopOrigin(env) };
  const expiredOrders = await expireUnpaidOrders(db, gateway, notice, now);
  const autoCompleted = await autoCompleteDeliveries(db, notice, now);
  const briefReminders = await flagBriefReminders(db, notice, now);
  const workStarted = await startScheduledWork(db, now);
  const offers = await runOffers(db, notice, now);
  const changeOffersExpired = await expireOffers(db, gateway, notice, now);
  const unansweredCancellations = gateway ? await refundUnansweredCancellations(db, gateway, notice, now) : 0;
  const overdue = await markOverdueOrders(db, notice, now);
  const idleUploads = await abortIdleUploads(db, env.MEDIA, now);
  const creatorsBack = await endPastAwayDates(db, now);
  const creatorWindows = await moveCreatorWindows(db, now);
  const taxDetailsRemoved = await removeExpiredTaxDetails(db, now);
  const selfBilledInvoices = await issueSelfBilledInvoices(db, now);
  await deleteExpiredSessions(db, now);
  await deleteExpiredRefreshTokens(db, now);
  const tax = createTaxService(env);
  const taxRecords = stripeTaxOn(env) ? await syncTaxRecords(db, tax) : null;
  const vatClaims = gateway ? await settleVatClaims(db, { tax, payments: gateway }, notice, now) : null;
  const creatorPayouts = gateway ? await runPayouts(db, createConnectGateway(env, db), now) : null;
  return {
    expiredOrders,
    autoCompleted,
    briefReminders,
    workStarted,
    offers,
    changeOffersExpired,
    unansweredCancellations,
    overdue,
    idleUploads,
    creatorsBack,
    creatorWindows,
    taxDetailsRemoved,
    selfBilledInvoices,
    taxRecords,
    vatClaims,
    creatorPayouts,
  };
}
