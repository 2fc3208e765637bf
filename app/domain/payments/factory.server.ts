/** Picks this deployment's payment gateway (see `mode.server.ts` for the decision). */
import type { Database } from "../../../db/client";
import { isLocalEnvironment } from "../environment.server";
import type { PaymentGateway } from "./gateway.server";
import { createLocalGateway } from "./local-gateway.server";
import { paymentsMode } from "./mode.server";
import { createStripeGateway } from "./stripe-gateway.server";

export function createPaymentGateway(env: Env, db: Database): PaymentGateway {
  if (paymentsMode(env) === "stripe") {
    if (!env.STRIPE_SECRET_KEY) throw new Error("PAYMENTS=stripe needs STRIPE_SECRET_KEY");
    return createStripeGateway(env);
  }
  if (!isLocalEnvironment(env)) throw new Error("The local payment gateway runs only where ENVIRONMENT is development or test: set the Stripe keys.");
  return createLocalGateway(db);
}
