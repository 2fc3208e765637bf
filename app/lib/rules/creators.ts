/**
 * Creators' rules the screens show as well as the server applies: which orders a creator holds,
 * the workspace's queue, and the invitation's limits and words. Isomorphic.
 */
import type { WorkStatus } from "./work-status";

/** Orders still being made: assigned creators hold these; a suspension returns them to the queue. */
export const OPEN_WORK: readonly WorkStatus[] = ["awaiting_brief", "scheduled", "in_progress", "delivered", "revision_requested"];

/** The statuses of the creator's workspace queue, in its tabs' order. */
export const STUDIO_QUEUE: readonly WorkStatus[] = ["in_progress", "revision_requested", "delivered", "completed"];

export const INVITATION_DAYS = 7;
export const INVITATIONS_PER_DAY = 50;
export const INVITATION_MESSAGES = {
  dailyCap: `At most ${INVITATIONS_PER_DAY} invitations can be sent in a day. Try again tomorrow.`,
  taken: "A creator with this email already has an account",
  invalid: "This invitation link is not valid or has expired. Ask the studio for a new one.",
} as const;

/** The refusal while orders assigned to the creator are still being made. */
export function openAssignmentsMessage(ids: number[]): string {
  const listed = ids.map((id) => `#${id}`).join(", ");
  return `Orders ${listed} are still being made by you: deliver them, or ask the studio to reassign them, before deleting your account.`;
}
