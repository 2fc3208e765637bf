/** The review of a delivery: guests and time (shared by the pages and the service). */
export const GUESTS_PER_ORDER = 5;
/**
 * Invitation emails in any 24 hours, whoever sends them: per order, and to one address across every
 * order. Revoking a link does not give an invitation back (each sent one counts).
 */
export const INVITATIONS_PER_ORDER_PER_DAY = 10;
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3;
export const GUEST_LINK_DAYS = 14;
export const REVIEW_EXTENSION_DAYS = 3;
