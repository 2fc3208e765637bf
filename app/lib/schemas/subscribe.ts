import { z } from "zod";

/** The footer's newsletter box; the email rules and messages are SPEC §5's. */
export const SubscribeSchema = z.object({
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, "Email is required")
    .max(254, "Email must be at most 254 characters")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Please enter a valid email address"),
});

export const SUBSCRIBE_DONE = "Thanks! You're on the list for new services.";

/**
 * Without JavaScript the outcome travels back in `?subscribe=`: only these codes, so a crafted
 * link can never make the page say something of its choosing.
 */
export const SUBSCRIBE_ERRORS = {
  required: "Email is required",
  invalid: "Please enter a valid email address",
  long: "Email must be at most 254 characters",
} as const;

export type SubscribeCode = "done" | keyof typeof SUBSCRIBE_ERRORS;

export function subscribeErrorCode(message: string | undefined): keyof typeof SUBSCRIBE_ERRORS {
  const found = (Object.keys(SUBSCRIBE_ERRORS) as (keyof typeof SUBSCRIBE_ERRORS)[]).find((code) => SUBSCRIBE_ERRORS[code] === message);
  return found ?? "invalid";
}
