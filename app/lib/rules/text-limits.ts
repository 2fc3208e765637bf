/**
 * How long each text a person writes may be, in characters: read by the forms (their `maxLength`
 * and hints) and by the schemas that check what is sent (app/lib/schemas), without either bringing
 * the other's code.
 */
/** A message of an order's thread. */
export const MESSAGE_MAX = 5000;
/** The reason given with a refund, a cancellation or its answer. */
export const REFUND_REASON_MAX = 1000;
/** A customer's review of a completed order: its text, at least and at most, and its title. */
export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_TITLE_MAX = 120;
/** The studio's one public answer to a review. */
export const REVIEW_REPLY_MAX = 2000;
/** A comment (or a reply) on a version under review. */
export const COMMENT_TEXT_MAX = 1000;
