import { z } from "zod";
import { plainText } from "./text";

export const REFUND_REASON_MAX = 1000;

/** A refund of all or part of an order's payment (`POST /api/v1/orders/{id}/refund` under `refund`, and the admin order page's form). */
export const RefundSchema = z.object({
  /** In major units, like the API's amounts ("250.00"); absent or empty: all that is left. */
  amount: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z
      .string({ invalid_type_error: "Enter the amount as a number, like 250.00" })
      .trim()
      .regex(/^\d{1,9}(\.\d{1,3})?$/, "Enter the amount as a number, like 250.00")
      .optional(),
  ),
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
