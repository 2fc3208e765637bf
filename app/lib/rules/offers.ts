/**
 * How work is offered to creators (app/domain/creators/offers.server.ts), in words and numbers the
 * screens show as well as the server applies. Isomorphic.
 */
import type { WorkStatus } from "./work-status";

/** Orders a creator has in hand, counted against their capacity (with the offers waiting for them). */
export const OFFER_LOAD_STATUSES = ["in_progress", "revision_requested", "delivered"] as const satisfies readonly WorkStatus[];

/** Unassigned work in these statuses is offered (its work has started). */
export const OFFERABLE_WORK: readonly WorkStatus[] = ["in_progress", "revision_requested"];

/** How long a creator has to answer an offer, in hours (the operator's setting). */
export const OFFER_WINDOW_HOURS = { default: 24, min: 1, max: 168 } as const;

export const OFFER_DECLINE_REASON_MAX = 500;

export const OFFER_MESSAGES = {
  notFound: "Offer not found",
  alreadyAccepted: "You have already accepted this offer.",
  expired: "This offer has expired: it passed to another creator.",
  gone: "This offer is no longer open: the order has been given to someone else.",
  accepted: "Accepted. The order is yours: it is in your queue now.",
  declined: "Declined. The order is offered to the next creator.",
  settingsSaved: "Offer settings saved.",
  unknownAnswer: "Choose Accept or Decline.",
} as const;

/** What the customer reads while the work waits for a creator's answer. */
export const FINDING_CREATOR = "Finding your creator";

/** The rule as published on /how-we-work-with-creators and stated in the studio. */
export const OFFER_RULE =
  "Work is offered to one creator of the service at a time: the creator who was given work least recently, then the one with fewer orders in hand, among those active with free capacity and not yet offered the order.";

/** The time left to answer an offer, in words ("23 hours", "1 hour", "less than an hour"). */
export function answerWithin(expiresAt: string, now: number): string {
  const hours = Math.floor((Date.parse(expiresAt) - now) / 3_600_000);
  if (hours >= 2) return `${hours} hours`;
  return hours === 1 ? "1 hour" : "less than an hour";
}
