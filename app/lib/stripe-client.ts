import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

const LOAD_TIMEOUT_MS = 10_000;
let stripePromise: Promise<Stripe | null> | null = null;

/** Loads Stripe.js once (in the browser), giving up after a timeout so a page can say so instead of hanging. */
export function getStripe(key: string) {
  stripePromise ??= Promise.race([
    loadStripe(key),
    new Promise<null>((_, reject) => setTimeout(() => reject(new Error("Stripe.js did not load in time")), LOAD_TIMEOUT_MS)),
  ]).catch((error: unknown) => {
    stripePromise = null;
    throw error;
  });
  return stripePromise;
}
