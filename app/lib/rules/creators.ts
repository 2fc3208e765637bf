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

/** A name as a creator sees it: the first word, and the last word's initial ("Ada King Lovelace" → Ada, L). */
export function shortName(name: string): { first_name: string; last_initial: string | null } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? "";
  const last = words.length > 1 ? words.at(-1)! : null;
  return { first_name: first || "Customer", last_initial: last ? [...last][0]!.toUpperCase() : null };
}

/** A buyer's name (or their colleague's) as a creator reads it beside their words: "Ada L.". */
export function briefName(name: string): string {
  const { first_name, last_initial } = shortName(name);
  return last_initial ? `${first_name} ${last_initial}.` : first_name;
}

/** What a suspended creator's work calls answer (403), and what their studio says. */
export const CREATOR_SUSPENDED = "Your creator account is suspended";
