import { z } from "zod";
import { SUBSCRIBE_ERRORS } from "~/lib/subscribe-messages";
import { plainText } from "./text";

/** The footer's newsletter box; the email rules and messages are SPEC §5's. */
export const SubscribeSchema = z.object({
  email: plainText(
    z
      .string({ required_error: SUBSCRIBE_ERRORS.required })
      .trim()
      .toLowerCase()
      .min(1, SUBSCRIBE_ERRORS.required)
      .max(254, SUBSCRIBE_ERRORS.long)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, SUBSCRIBE_ERRORS.invalid),
    "Email",
  ),
});
