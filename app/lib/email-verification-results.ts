/**
 * What the confirmation link's page says. Apart from app/lib/email-verification.ts, which the layout's
 * banner imports on every page: a text only this page shows ships only with it.
 */
export const EMAIL_CONFIRMED = "Thank you: your email address is confirmed.";
export const VERIFY_LINK_INVALID = "This confirmation link is invalid, used or expired.";
