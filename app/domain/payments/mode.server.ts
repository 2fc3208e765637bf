/**
 * Which card gateway this deployment uses. One decision, read by the checkout, the gateway factory
 * and the Content-Security-Policy alike, so the page never embeds Stripe while the policy blocks it.
 */
export type PaymentsMode = "local" | "stripe";

/** Stripe when PAYMENTS=stripe, or when a secret key is set and PAYMENTS says nothing; local otherwise. */
export function paymentsMode(env: Pick<Env, "PAYMENTS" | "STRIPE_SECRET_KEY">): PaymentsMode {
  if (env.PAYMENTS === "stripe") return "stripe";
  if (env.PAYMENTS === "local") return "local";
  return env.STRIPE_SECRET_KEY ? "stripe" : "local";
}
