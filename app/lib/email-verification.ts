/** Texts and limits of email confirmation, shared by its screens and its service. */
export const VERIFY_LINK_HOURS = 24;
/** A new confirmation link at most this often per account (the banner's Resend). */
export const RESEND_SPACING_SECONDS = 60;
export const VERIFY_PATH = "/verify-email";

export const verifyBanner = (email: string) => `Please confirm your email address: we sent a link to ${email}.`;
export const verificationResent = (email: string) => `A new confirmation link is on its way to ${email}.`;
export const RESEND_TOO_SOON = "We sent a link a moment ago. Check your inbox, or try again in a minute.";
export const ALREADY_CONFIRMED = "Your email address is already confirmed.";
