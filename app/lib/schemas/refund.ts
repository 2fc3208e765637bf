import { z } from "zod";
import { REFUND_REASON_MAX } from "../rules/text-limits";
import { plainText } from "./text";

/** An amount in major units as the API writes them ("250.00"): digits, at most three decimals (the currency's own are checked with it). */
const AMOUNT = /^\d{1,9}(\.\d{1,3})?$/;
const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount);
const API_AMOUNT = "amount must be an amount above zero such as 250.00 (leave amount out to refund all that is left)";
const refundReason = plainText(
  z
    .string({ required_error: "Give a reason for the refund" })
    .trim()
    .min(3, "Give a reason for the refund")
    .max(REFUND_REASON_MAX, `The reason must be at most ${REFUND_REASON_MAX} characters`),
  "The reason",
  { multiline: true },
);

/**
 * A refund of all or part of an order's payment (`POST /api/v1/orders/{id}/refund` under `refund`).
 * An amount that is present is exact: above zero, digits with at most three decimals, nothing
 * around them (`""`, spaces, `-5`, `0` are refused, naming the field); only an absent amount means
 * all that is left.
 */
export const RefundSchema = z.object({
  amount: z
    .string({ invalid_type_error: API_AMOUNT })
    .regex(AMOUNT, API_AMOUNT)
    .refine((amount) => !isZero(amount), API_AMOUNT)
    .optional()
    .describe("In major units, above zero; the currency's decimals at most. Absent: all that is left"),
  reason: refundReason,
});

export const REFUND_SCOPES = ["all", "part"] as const;

/**
 * The admin order page's refund form: an explicit choice of all that is left or a part of it (with
 * its amount), and a reason. Never "an empty amount means everything".
 */
export const RefundFormSchema = z
  .object({
    scope: z.enum(REFUND_SCOPES, { required_error: "Choose what to refund", invalid_type_error: "Choose what to refund" }),
    amount: z.string().trim().max(20, "Enter the amount as a number, like 250.00").optional(),
    reason: refundReason,
  })
  .superRefine((form, ctx) => {
    if (form.scope !== "part") return;
    const problem = !form.amount
      ? "Enter the amount to refund, like 250.00"
      : !AMOUNT.test(form.amount)
        ? "Enter the amount as a number, like 250.00"
        : isZero(form.amount)
          ? "Enter an amount above zero"
          : null;
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: problem });
  });
export type RefundFormInput = z.output<typeof RefundFormSchema>;

/** What a refund form asks the refund service for: no amount for all that is left. */
export function refundRequestOf(form: RefundFormInput): { reason: string; amount: string | undefined } {
  return { reason: form.reason, amount: form.scope === "part" ? form.amount : undefined };
}

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
