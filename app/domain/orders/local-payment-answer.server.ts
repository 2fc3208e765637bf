import { apiError, apiJson } from "~/lib/api";
import type { LocalPaymentOutcome } from "./checkout.server";

/** The JSON answer of the local payment calls: the intent's status, or why there is none. */
export function localPaymentAnswer(outcome: LocalPaymentOutcome): Response {
  switch (outcome.kind) {
    case "not-found":
      return apiError(404, "Payment not found");
    case "expired":
      return apiError(409, outcome.message);
    case "refused":
      return apiError(422, outcome.message);
    case "done":
      if (outcome.error) return apiError(402, outcome.error, { data: { status: outcome.status, payment_status: outcome.paymentStatus } });
      return apiJson({ success: true, data: { status: outcome.status, payment_status: outcome.paymentStatus } });
  }
}
