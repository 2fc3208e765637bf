/** Texts and paths of password recovery, shared by its screens and its service. */
export const RESET_LINK_MINUTES = 30;
/** The one answer to 'Forgot password?', whether or not the email has an account. */
export const RESET_LINK_SENT = `If an account uses that email, a link to choose a new password is on its way. It works once, for ${RESET_LINK_MINUTES} minutes.`;
export const RESET_LINK_INVALID = "This reset link is invalid, used or expired. Ask for a new one.";
export const PASSWORD_RESET_DONE = "Your password has been changed. Please log in with the new one.";
export const LOGIN_PATH = { customer: "/login", admin: "/admin/login", creator: "/creator/login" } as const;
