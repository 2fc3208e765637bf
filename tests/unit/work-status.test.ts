import { describe, expect, it } from "vitest";
import { decideWorkMove, WORK_MOVES, WORK_STATUSES, type WorkActor, type WorkMove, type WorkStatus } from "~/lib/rules/work-status";

const ACTORS: WorkActor[] = ["customer", "admin", "system"];

/** The whole machine, written out: move → [from statuses, to, the actors allowed]. */
const EXPECTED: Record<WorkMove, [WorkStatus[], WorkStatus, WorkActor | WorkActor[]]> = {
  pay: [["awaiting_payment"], "awaiting_brief", "system"],
  submit_brief: [["awaiting_brief"], "in_progress", "customer"],
  // A consumer who did not ask for work to start at once: the brief waits out the cancellation period.
  schedule: [["awaiting_brief"], "scheduled", "customer"],
  start: [["scheduled"], "in_progress", "system"],
  deliver: [["in_progress", "revision_requested"], "delivered", "admin"],
  request_revision: [["delivered"], "revision_requested", "customer"],
  start_revision: [["revision_requested"], "in_progress", "admin"],
  approve: [["delivered"], "completed", "customer"],
  // An order in stages: approving a stage before the last starts the next (by the timer too, unanswered).
  approve_stage: [["delivered"], "in_progress", "customer"],
  auto_approve_stage: [["delivered"], "in_progress", "system"],
  // Right after a stage's approval the customer may stop there (the stages not started are refunded).
  stop: [["in_progress"], "completed", "customer"],
  auto_complete: [["delivered"], "completed", "system"],
  // The studio cancels (with a refund); the shop cancels when the provider reports a refund made in its dashboard.
  cancel: [["awaiting_brief", "scheduled", "in_progress", "delivered", "revision_requested"], "cancelled", ["admin", "system"]],
};

describe("the work state machine", () => {
  it("has exactly the moves written out here", () => {
    expect(Object.keys(WORK_MOVES).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  // Every move × every status × every actor: allowed exactly where the table says, refused elsewhere.
  const cases = (Object.keys(EXPECTED) as WorkMove[]).flatMap((move) =>
    WORK_STATUSES.flatMap((status) => ACTORS.map((actor) => [move, status, actor] as const)),
  );
  it.each(cases)("%s from %s by %s", (move, status, actor) => {
    const [from, to, allowed] = EXPECTED[move];
    const decision = decideWorkMove(status, move, actor, { revisionsLeft: 1 });
    if (!([] as WorkActor[]).concat(allowed).includes(actor)) {
      expect(decision).toMatchObject({ ok: false, kind: "forbidden" });
    } else if (!from.includes(status)) {
      expect(decision).toMatchObject({ ok: false, kind: "conflict" });
    } else {
      expect(decision).toEqual({ ok: true, from: status, to });
    }
  });

  it("names the current status in a refusal", () => {
    expect(decideWorkMove("in_progress", "approve", "customer")).toEqual({
      ok: false,
      kind: "conflict",
      message: "Cannot approve this order: it is in production.",
    });
    expect(decideWorkMove("completed", "cancel", "admin")).toMatchObject({ message: "Cannot cancel this order: it is completed." });
  });

  it("refuses a revision past the package's allowance, pointing to messages", () => {
    expect(decideWorkMove("delivered", "request_revision", "customer", { revisionsLeft: 0 })).toEqual({
      ok: false,
      kind: "conflict",
      message: "All revisions of this package are used. Please write to the studio in the order's messages.",
    });
    expect(decideWorkMove("delivered", "request_revision", "customer", { revisionsLeft: 1 })).toMatchObject({ ok: true, to: "revision_requested" });
  });

  it("lets nothing leave completed or cancelled", () => {
    for (const status of ["completed", "cancelled"] as const) {
      for (const move of Object.keys(WORK_MOVES) as WorkMove[]) {
        for (const actor of ACTORS) expect(decideWorkMove(status, move, actor, { revisionsLeft: 3 }).ok).toBe(false);
      }
    }
  });
});
