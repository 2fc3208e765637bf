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
