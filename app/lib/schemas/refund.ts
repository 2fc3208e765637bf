import { z } from "zod";
import { plainText } from "./text";

export const REFUND_REASON_MAX = 1000;

/** A refund of an order's whole payment (`POST /api/v1/orders/{id}/refund` under `refund`, and the admin order page's form). */
export const RefundSchema = z.object({
  reason: plainText(
    z
      .string({ required_error: "Give a reason for the refund" })
      .trim()
      .min(3, "Give a reason for the refund")
      .max(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`),
    "The reason",
    { multiline: true },
  ),
});
export type RefundInput = z.output<typeof RefundSchema>;
