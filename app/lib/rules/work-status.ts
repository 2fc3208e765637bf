/**
 * The work an order carries after payment, as a state machine: which statuses exist, what each is
 * called on screen, and which actor may move an order from which status to which. Isomorphic (the
 * screens show the labels and the steps); the service that applies a move is
 * `domain/orders/fulfilment.server.ts`, the only place an order's work status changes.
 */
export const WORK_STATUSES = [
  "awaiting_payment",
  "awaiting_brief",
  "scheduled",
  "in_progress",
  "delivered",
  "revision_requested",
  "completed",
  "cancelled",
] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

/** A delivery with no answer (approve or revision) for this long completes the order on its own. */
export const AUTO_COMPLETE_DAYS = 3;

/** Who moves an order: its customer, the studio (an admin, or the creator assigned to it), or the shop itself (payment, timers). */
export type WorkActor = "customer" | "admin" | "creator" | "system";

export const WORK_STATUS_LABEL: Record<WorkStatus, string> = {
  awaiting_payment: "Awaiting payment",
  awaiting_brief: "Awaiting brief",
  scheduled: "Scheduled",
  in_progress: "In production",
  delivered: "Delivered",
  revision_requested: "Revision requested",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** How a refusal names the current status: "Cannot approve this order: it is in production." */
const STATE_PHRASE: Record<WorkStatus, string> = {
  awaiting_payment: "it is not paid yet",
  awaiting_brief: "it is awaiting its brief",
  scheduled: "its work has not started yet",
  in_progress: "it is in production",
  delivered: "it has been delivered and awaits review",
  revision_requested: "a revision has been requested",
  completed: "it is completed",
  cancelled: "it is cancelled",
};

export const WORK_MOVES = {
  pay: { from: ["awaiting_payment"], to: "awaiting_brief", actors: ["system"], verb: "mark as paid" },
  submit_brief: { from: ["awaiting_brief"], to: "in_progress", actors: ["customer"], verb: "submit a brief for" },
  /** A brief submitted while the cancellation period runs, when the customer did not ask for work to start at once. */
  schedule: { from: ["awaiting_brief"], to: "scheduled", actors: ["customer"], verb: "submit a brief for" },
  /** The scheduled run, once the cancellation period is over. */
  start: { from: ["scheduled"], to: "in_progress", actors: ["system"], verb: "start work on" },
  deliver: { from: ["in_progress", "revision_requested"], to: "delivered", actors: ["admin", "creator"], verb: "deliver" },
  request_revision: { from: ["delivered"], to: "revision_requested", actors: ["customer"], verb: "request a revision of" },
  start_revision: { from: ["revision_requested"], to: "in_progress", actors: ["admin", "creator"], verb: "start a revision of" },
  approve: { from: ["delivered"], to: "completed", actors: ["customer"], verb: "approve" },
  /** An order in stages: the customer approves a stage that is not the last, and the next starts. */
  approve_stage: { from: ["delivered"], to: "in_progress", actors: ["customer"], verb: "approve" },
  /** The same, by the timer, when the stage's review window passed unanswered. */
  auto_approve_stage: { from: ["delivered"], to: "in_progress", actors: ["system"], verb: "approve" },
  /** An order in stages, right after an approval: the customer stops there (the stages not started are refunded). */
  stop: { from: ["in_progress"], to: "completed", actors: ["customer"], verb: "stop" },
  auto_complete: { from: ["delivered"], to: "completed", actors: ["system"], verb: "complete" },
  cancel: {
    from: ["awaiting_brief", "scheduled", "in_progress", "delivered", "revision_requested"],
    to: "cancelled",
    actors: ["admin", "system"],
    verb: "cancel",
  },
} as const satisfies Record<string, { from: readonly WorkStatus[]; to: WorkStatus; actors: readonly WorkActor[]; verb: string }>;

export type WorkMove = keyof typeof WORK_MOVES;

export type WorkDecision = { ok: true; from: WorkStatus; to: WorkStatus } | { ok: false; kind: "forbidden" | "conflict"; message: string };

/**
 * Whether `actor` may make `move` on an order in `current`. A revision also needs one left of the
 * package's allowance. Pure: the service reads the order, asks, and writes.
 */
export function decideWorkMove(current: WorkStatus, move: WorkMove, actor: WorkActor, { revisionsLeft = 0 }: { revisionsLeft?: number } = {}): WorkDecision {
  const rule = WORK_MOVES[move];
  if (!(rule.actors as readonly WorkActor[]).includes(actor))
    return { ok: false, kind: "forbidden", message: `Only ${rule.actors.join(" or ")} can ${rule.verb} an order.` };
  if (!(rule.from as readonly WorkStatus[]).includes(current))
    return { ok: false, kind: "conflict", message: `Cannot ${rule.verb} this order: ${STATE_PHRASE[current]}.` };
  if (move === "request_revision" && revisionsLeft <= 0) {
    return { ok: false, kind: "conflict", message: "All revisions of this package are used. Please write to the studio in the order's messages." };
  }
  return { ok: true, from: current, to: rule.to };
}
