/**
 * What creators and admins send about offers: a decline's optional reason, and the operator's
 * settings. The screens' forms and the API validate with the same schemas.
 */
import { z } from "zod";
import { OFFER_DECLINE_REASON_MAX, OFFER_WINDOW_HOURS } from "../rules/offers";
import { plainText } from "./text";

/** `POST /api/v1/creator/offers/{id}/decline` under `decline` (optional), and the studio's form. */
export const OfferDeclineSchema = z.object({
  reason: plainText(z.string().max(OFFER_DECLINE_REASON_MAX, `A reason is at most ${OFFER_DECLINE_REASON_MAX} characters`), "The reason", { multiline: true })
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : null)),
});
export type OfferDeclineInput = z.output<typeof OfferDeclineSchema>;

/** The admins' settings on /admin/creators: the answer window in hours and whether offers go out on their own. */
export const OfferSettingsSchema = z.object({
  window_hours: z.coerce
    .number({ invalid_type_error: `The offer window must be a whole number of hours from ${OFFER_WINDOW_HOURS.min} to ${OFFER_WINDOW_HOURS.max}` })
    .int(`The offer window must be a whole number of hours from ${OFFER_WINDOW_HOURS.min} to ${OFFER_WINDOW_HOURS.max}`)
    .min(OFFER_WINDOW_HOURS.min, `The offer window must be a whole number of hours from ${OFFER_WINDOW_HOURS.min} to ${OFFER_WINDOW_HOURS.max}`)
    .max(OFFER_WINDOW_HOURS.max, `The offer window must be a whole number of hours from ${OFFER_WINDOW_HOURS.min} to ${OFFER_WINDOW_HOURS.max}`),
  automatic: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()),
});
export type OfferSettingsInput = z.output<typeof OfferSettingsSchema>;
