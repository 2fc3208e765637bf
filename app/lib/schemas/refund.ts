import { z } from "zod";

export const REFUND_REASON_MAX = 1000;

/** A refund of an order's whole payment (`POST /api/v1/orders/{id}/refund` under `refund`, and the admin order page's form). */
export const RefundSchema = z.object({
  reason: z
    .string({ required_error: "Give a reason for the refund" })
    .trim()
    .min(3, "Give a reason for the refund")
    .max(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`),
});
export type RefundInput = z.output<typeof RefundSchema>;
