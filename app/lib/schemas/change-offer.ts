import { z } from "zod";
import { plainText } from "./text";
import { documented } from "./json-schema";
import { jsonNumber } from "./json-number";
import { OFFER_LIMITS } from "../rules/change-offers";

const AMOUNT = /^\d{1,9}(\.\d{1,3})?$/;
const AMOUNT_MESSAGE = "amount must be an amount above zero such as 250.00";
const id = (name: string) =>
  documented(jsonNumber(`${name} must be an id`).pipe(z.number().int(`${name} must be an id`).min(1, `${name} must be an id`)), {
    type: "integer",
    minimum: 1,
  });

/**
 * A change offer (`POST /api/v1/orders/{id}/change_offers` under `change_offer`): what changes, its
 * price before tax in major units, the days it adds, and the frame comment or message it answers.
 */
export const ChangeOfferSchema = z.object({
  description: plainText(
    z
      .string({ required_error: "Describe the change" })
      .trim()
      .min(1, "Describe the change")
      .max(OFFER_LIMITS.descriptionMax, `The description must be at most ${OFFER_LIMITS.descriptionMax} characters`),
    "The description",
    { multiline: true },
  ),
  amount: z
    .string({ required_error: AMOUNT_MESSAGE, invalid_type_error: AMOUNT_MESSAGE })
    .trim()
    .regex(AMOUNT, AMOUNT_MESSAGE)
    .refine((amount) => !/^0*(\.0*)?$/.test(amount), AMOUNT_MESSAGE)
    .describe("Its price before tax, in major units (tax is added for the customer)"),
  extra_days: documented(
    jsonNumber("extra_days must be a whole number of days", "extra_days is required").pipe(
      z
        .number()
        .int("extra_days must be a whole number of days")
        .min(0, "extra_days must be 0 or more")
        .max(OFFER_LIMITS.extraDaysMax, `extra_days must be at most ${OFFER_LIMITS.extraDaysMax}`),
    ),
    { type: "integer", minimum: 0, maximum: OFFER_LIMITS.extraDaysMax },
  ),
  comment_id: id("comment_id").optional(),
  message_id: id("message_id").optional(),
});
export type ChangeOfferInput = z.output<typeof ChangeOfferSchema>;

/** A customer's decline (`POST …/change_offers/{offer_id}/decline` under `decline`, optional). */
export const DeclineOfferSchema = z.object({
  reason: plainText(z.string().trim().max(500, "The reason must be at most 500 characters"), "The reason", { multiline: true }).optional(),
});

/**
 * A customer's acceptance (`POST …/change_offers/{offer_id}/accept` under `accept`, optional): pay at
 * once with the card saved for the order (the default), or with a new card on the payment's step.
 */
export const AcceptOfferSchema = z.object({
  method: z
    .enum(["saved_card", "new_card"], { errorMap: () => ({ message: 'method must be "saved_card" or "new_card"' }) })
    .default("saved_card")
    .describe("saved_card: pay now with the card saved for this order; new_card: get the payment to pay with another card"),
});

const offerId = z.coerce.number().int().min(1);

/** The customer's Accept on the order page: the offer, the page's attempt key, and how it is paid. */
export const AcceptOfferFormSchema = z.object({
  offer_id: offerId,
  attempt_key: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/),
  method: z.enum(["saved_card", "new_card"]),
});

/** The customer's Decline on the order page, with its optional reason. */
export const DeclineOfferFormSchema = DeclineOfferSchema.extend({ offer_id: offerId });

/** An admin's approval of a creator's offer waiting for it. */
export const ApproveOfferFormSchema = z.object({ offer_id: offerId });
