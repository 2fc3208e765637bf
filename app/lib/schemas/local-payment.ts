import { z } from "zod";

const clientSecret = z.string({ required_error: "client_secret is required" }).min(1, "client_secret is required").max(200);

/** `POST /api/v1/payments/local/confirm`: a test card for a local intent, as Stripe.js would confirm it. */
export const LocalConfirmSchema = z.object({
  client_secret: clientSecret,
  card: z.object(
    {
      number: z.string({ required_error: "card.number is required" }).max(40),
      expiry: z.string({ required_error: "card.expiry is required" }).max(10),
      cvc: z.string({ required_error: "card.cvc is required" }).max(8),
    },
    { required_error: "card is required" },
  ),
});

/** `POST /api/v1/payments/local/authenticate`: the bank's authentication step, approved or failed. */
export const LocalAuthenticateSchema = z.object({
  client_secret: clientSecret,
  result: z.enum(["approve", "fail"], { errorMap: () => ({ message: 'result must be "approve" or "fail"' }) }),
});
