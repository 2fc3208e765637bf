/** The review of a delivery: guests, time, drawings and comments (shared by the pages and the service). */
export const GUESTS_PER_ORDER = 5;
/**
 * Invitation emails in any 24 hours, whoever sends them: per order, and to one address across every
 * order. Revoking a link does not give an invitation back (each sent one counts).
 */
export const INVITATIONS_PER_ORDER_PER_DAY = 10;
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3;
export const GUEST_LINK_DAYS = 14;
export const REVIEW_EXTENSION_DAYS = 3;

/** The drawing tools and colours of a review comment (red, amber, green, blue: each readable over any frame). */
export const DRAWING_TOOLS = ["pen", "arrow", "rect"] as const;
export const DRAWING_COLOURS = ["#e11d48", "#f59e0b", "#10b981", "#3b82f6"] as const;
/** A drawing's bounds: shapes, points in all (a pen stroke is most of them) and its stored size. */
export const DRAWING_LIMITS = { shapes: 30, points: 500, bytes: 8 * 1024 } as const;
/** Per version and author (an account or a guest): comments (and, alike, replies) in all and in a minute. */
export const COMMENT_LIMITS = { perVersion: 200, perMinute: 30 } as const;

/** What an author past COMMENT_LIMITS is told, for comments or replies. */
export const commentLimitMessages = (kind: "comments" | "replies") => ({
  perMinute: `At most ${COMMENT_LIMITS.perMinute} ${kind} a minute: please wait a moment.`,
  perVersion: `You have left ${COMMENT_LIMITS.perVersion} ${kind} on this version, as many as one person may.`,
});
