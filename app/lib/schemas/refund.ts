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

/** The studio's answer to a cancellation of work already started (`POST /api/v1/orders/{id}/cancellation/answer` under `cancellation`, and the admin order page's form). */
export const CancellationAnswerSchema = z.object({
  /** The refund for the work not done, in major units; "0" when nothing is refunded. */
  amount: z
    .string({ required_error: "Enter the amount to refund, like 250.00 (0 for nothing)", invalid_type_error: "Enter the amount as a number, like 250.00" })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,3})?$/, "Enter the amount as a number, like 250.00"),
  note: plainText(
    z
      .string({ required_error: "Describe the work done so far" })
      .trim()
      .min(3, "Describe the work done so far")
      .max(REFUND_REASON_MAX, `The note must be at most ${REFUND_REASON_MAX} characters`),
    "The note",
    { multiline: true },
  ),
});
export type CancellationAnswerInput = z.output<typeof CancellationAnswerSchema>;
