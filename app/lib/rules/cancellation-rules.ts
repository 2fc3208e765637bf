/**
 * The consumer's right to cancel (withdraw from) a service bought online, as the shop applies it:
 * isomorphic, so checkout, the order page and the domain agree on the numbers and the words.
 */

/** A consumer may cancel within this many days of paying. */
export const CANCELLATION_DAYS = 14;

/** The studio answers a cancellation of work already started within this many days; unanswered, it becomes a full refund. */
export const CANCELLATION_ANSWER_DAYS = 3;

/** The checkbox a consumer ticks at checkout for work to start before the cancellation period ends. */
export const START_WORK_NOW_TEXT =
  "Start work now. I understand that if I cancel within 14 days I pay for the work done, and that I cannot cancel once the work is delivered and approved";

export const CANCELLATION_MESSAGES = {
  refunded: "Your order is cancelled and your money is on its way back in full.",
  requested: `Your cancellation request is with the studio. They will answer within ${CANCELLATION_ANSWER_DAYS} days with a refund for the work not yet done.`,
  notConsumer: "Orders billed to a business cannot be cancelled this way. Please write to the studio in the order's messages.",
  tooLate: `Orders can be cancelled within ${CANCELLATION_DAYS} days of paying.`,
  completed: "This order is completed: it can no longer be cancelled.",
  notPaid: "This order has not been paid.",
  alreadyRequested: "You have already asked to cancel this order. The studio will answer soon.",
  refundedAlready: "This order has been refunded already.",
  cancelled: "This order is cancelled already.",
  noRequest: "There is no open cancellation request on this order.",
} as const;
