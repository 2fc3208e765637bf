/**
 * The scheduled cleanup (wrangler.toml `[triggers] crons`, the Worker's `scheduled` handler): cancels
 * unpaid orders past their lifetime (with their intents at the gateway), completes orders whose
 * delivery has had no answer for AUTO_COMPLETE_DAYS, and deletes expired sessions and refresh tokens. Each part is idempotent, so a missed or repeated run does no harm.
 * Fire it by hand under `npm start` with `curl "http://localhost:8787/cdn-cgi/handler/scheduled"`.
 */
import { createDb } from "../../db/client";
import { autoCompleteDeliveries } from "./fulfilment.server";
import { expireUnpaidOrders } from "./orders.server";
import { createPaymentGateway } from "./payments/factory.server";
import { deleteExpiredSessions } from "./sessions.server";
import { deleteExpiredRefreshTokens } from "./tokens.server";

export async function runScheduledMaintenance(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  let gateway = null;
  try {
    gateway = createPaymentGateway(env, db);
  } catch (error) {
    // Orders are still marked cancelled; their intents simply stay unconfirmed at the provider.
    console.error("Scheduled cleanup without a payment gateway", error);
  }
  // No request here: a receipt for an order found paid after all goes without a link.
  const expiredOrders = await expireUnpaidOrders(db, gateway, { env, origin: null }, now);
  const autoCompleted = await autoCompleteDeliveries(db, now);
  await deleteExpiredSessions(db, now);
  await deleteExpiredRefreshTokens(db, now);
  return { expiredOrders, autoCompleted };
}
