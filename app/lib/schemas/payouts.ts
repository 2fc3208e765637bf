/** The admins' payouts forms (isomorphic). */
import { z } from "zod";
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
