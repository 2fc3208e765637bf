/**
 * The footer newsletter box's messages. Kept apart from its Zod schema so that the footer, which is
 * on every page, does not pull Zod into the public bundles.
 */
export const SUBSCRIBE_DONE = "Thanks! You're on the list for new services.";

/**
 * Without JavaScript the outcome travels back in `?subscribe=`: only these codes, so a crafted
 * link can never make the page say something of its choosing.
 */
export const SUBSCRIBE_ERRORS = {
  required: "Email is required",
  invalid: "Please enter a valid email address",
  long: "Email must be at most 254 characters",
  busy: "Too many sign-ups from your network. Please wait a minute and try again.",
} as const;

export type SubscribeCode = "done" | keyof typeof SUBSCRIBE_ERRORS;

export function subscribeErrorCode(message: string | undefined): keyof typeof SUBSCRIBE_ERRORS {
  const found = (Object.keys(SUBSCRIBE_ERRORS) as (keyof typeof SUBSCRIBE_ERRORS)[]).find((code) => SUBSCRIBE_ERRORS[code] === message);
  return found ?? "invalid";
}

export const UNSUBSCRIBE_PATH = "/unsubscribe";
