/** The review of a delivery: guests and time (shared by the pages and the service). */
export const GUESTS_PER_ORDER = 5;
export const GUEST_LINK_DAYS = 14;
export const REVIEW_EXTENSION_DAYS = 3;
