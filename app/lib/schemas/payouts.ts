/** The admins' payouts forms (isomorphic). */
import { z } from "zod";
import { isCurrencyCode } from "../currency";
import { formatMoney } from "../money";
import { decimalToMinor } from "../money-decimal";
import { plainText } from "./text";

export const PAYOUT_HOLD_REASON = { min: 5, max: 500 } as const;

/** Holding a creator's payouts: why, in words the creator will read. */
export const PayoutHoldSchema = z.object({
  reason: plainText(
    z
      .string({ required_error: "Write why the payouts are held" })
      .trim()
      .min(PAYOUT_HOLD_REASON.min, `Write why the payouts are held (at least ${PAYOUT_HOLD_REASON.min} characters)`)
      .max(PAYOUT_HOLD_REASON.max, `The reason must be at most ${PAYOUT_HOLD_REASON.max} characters`),
    "Reason",
    { multiline: true },
  ),
});

export const CLEARANCE_DAYS = { min: 0, max: 90 } as const;

const shareMessage = "The default share must be a percentage from 1 to 100, with at most two decimals";
const clearanceMessage = `The clearance period must be a whole number of days from ${CLEARANCE_DAYS.min} to ${CLEARANCE_DAYS.max}`;

/** The shop's payout settings: the creators' default share (a percentage, kept in basis points) and the clearance period. */
export const PayoutSettingsSchema = z.object({
  default_share: z
    .string({ required_error: shareMessage })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, shareMessage)
    .transform((value) => Math.round(Number(value) * 100))
    .refine((bp) => bp >= 100 && bp <= 10_000, shareMessage),
  clearance_days: z.coerce
    .number({ invalid_type_error: clearanceMessage })
    .int(clearanceMessage)
    .min(CLEARANCE_DAYS.min, clearanceMessage)
    .max(CLEARANCE_DAYS.max, clearanceMessage),
});
export type PayoutSettingsInput = z.output<typeof PayoutSettingsSchema>;

export const ADJUSTMENT_REASON = { min: 5, max: 500 } as const;
/**
 * The largest adjustment an admin may write at once: 1,000,000 minor units (£10,000.00, ¥1,000,000),
 * so a currency without decimals is not held to a tiny amount.
 */
export const ADJUSTMENT_MAX_MINOR = 1_000_000;
const adjustmentAmountMessage = "The amount must be a signed amount such as 25.00 or -12.50, not zero";
const adjustmentTooLarge = (currency: string) => `The amount must be at most ${formatMoney(ADJUSTMENT_MAX_MINOR, currency)} either way`;

/**
 * An admin's adjustment of a creator's balance (`POST /api/v1/admin/payouts/adjustments` under
 * `adjustment`, and the form on /admin/payouts): a signed amount in the currency's major units (an
 * amount owed to the creator +, taken from them −), why, in words the creator reads, and an optional
 * key so that a form sent twice or a client's retry writes one row.
 */
export const PayoutAdjustmentSchema = z
  .object({
    // A JSON number, or the form's digits: never `true`, `[7]` or `1e3`.
    creator_id: z
      .union([z.number().int().min(1), z.string().regex(/^[1-9]\d{0,11}$/)], { errorMap: () => ({ message: "Choose a creator" }) })
      .transform(Number),
    amount: z.union([z.string(), z.number()], { required_error: adjustmentAmountMessage, invalid_type_error: adjustmentAmountMessage }),
    currency: z
      .string({ required_error: "Choose a currency" })
      .trim()
      .toUpperCase()
      .refine((code) => isCurrencyCode(code), "Choose a currency the shop takes"),
    reason: plainText(
      z
        .string({ required_error: "Write why the balance is adjusted" })
        .trim()
        .min(ADJUSTMENT_REASON.min, `Write why the balance is adjusted (at least ${ADJUSTMENT_REASON.min} characters)`)
        .max(ADJUSTMENT_REASON.max, `The reason must be at most ${ADJUSTMENT_REASON.max} characters`),
      "Reason",
      { multiline: true },
    ),
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{8,64}$/, "key must be 8 to 64 letters, digits or dashes")
      .optional(),
  })
  .transform((value, ctx) => {
    const text = String(value.amount).trim();
    const negative = text.startsWith("-");
    const minor = decimalToMinor(negative ? text.slice(1) : text.replace(/^\+/, ""), value.currency);
    if (minor === null || minor === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: adjustmentAmountMessage });
      return z.NEVER;
    }
    if (minor > ADJUSTMENT_MAX_MINOR) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: adjustmentTooLarge(value.currency) });
      return z.NEVER;
    }
    return { creatorId: value.creator_id, amountMinor: negative ? -minor : minor, currency: value.currency, reason: value.reason, key: value.key ?? null };
  });
export type PayoutAdjustmentInput = z.output<typeof PayoutAdjustmentSchema>;
