/**
 * Orders made in stages (app/lib/rules/stages.ts): the package's stages are copied onto the order
 * when it is made, and the order's work runs through them one at a time. The stage in hand is
 * `orders.stage`; each stage has its own deliveries (`order_deliveries.stage`), its own revision
 * rounds and its own due date. Approving a stage that is not the last moves the work back into
 * production on the next one (the `approve_stage` move, or `auto_approve_stage` when the review
 * window passes unanswered): the stage is locked, the next stage's clock starts, and the decision is
 * kept in `stage_decisions`. Approving the last stage completes the order as before.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderDeliveries, orderGuests, orders, revisionRequests, stageDecisions } from "../../../db/schema";
import { rowOf } from "../../../db/insert-select";
import { refuse } from "../refusal";
import { estimatedFinish, stageAmounts, stageStates, type PackageStage, type StageState } from "~/lib/rules/stages";
import { DAY_MS, getWorkState, type WorkState } from "./work-state.server";
import type { Actor } from "./work-events.server";
import { signOffHistoryQuery, toSignOffView, type SignOffRow, type SignOffView } from "./sign-off-history.server";

export { firstStageDays, firstStageRevisions } from "./work-events.server";

/** Whether approving now approves a stage with another after it (rather than completing the order). */
export function approvesAStage(state: Pick<WorkState, "stages" | "stage">): boolean {
  return state.stages.length > 0 && state.stage < state.stages.length - 1;
}

/**
 * What the move that approves the stage in hand sets: the next stage is in hand, its due date its
 * days from now, its own revision rounds open (rounds left over from the stage before do not carry).
 */
export function nextStageChanges(state: Pick<WorkState, "stages" | "stage">, now: number) {
  const next = state.stages[state.stage + 1]!;
  return {
    stage: state.stage + 1,
    dueAt: new Date(now + next.days * DAY_MS),
    revisionsAllowed: sql<number>`${orders.revisionsUsed} + ${next.revisions}`,
    overdueAt: null,
  };
}

/** The decision a move makes on the stage in hand, written with it (only where the move landed). */
export function stageDecisionStatement(
  db: Database,
  orderId: number,
  read: WorkState,
  decision: "approve" | "request_changes",
  actor: { kind: "customer" | "system" | "guest"; id: number | null },
  now: number,
) {
  // Where this move landed, not another at the same version (a cancel, a reassignment): the status and
  // stage it leaves the order in. Approving a stage before the last moves to the next in production;
  // approving the last completes the order; asking for changes keeps the stage.
  const last = read.stage >= read.stages.length - 1;
  const landed =
    decision === "request_changes"
      ? and(eq(orders.workStatus, "revision_requested"), eq(orders.stage, read.stage))
      : last
        ? and(eq(orders.workStatus, "completed"), eq(orders.stage, read.stage))
        : and(eq(orders.workStatus, "in_progress"), eq(orders.stage, read.stage + 1));
  return db
    .insert(stageDecisions)
    .select(
      db
        .select(
          rowOf(stageDecisions, {
            id: null,
            orderId,
            stage: read.stage,
            version: read.workVersion + 1,
            decision,
            actorKind: actor.kind,
            actorId: actor.id,
            createdAt: now,
          }),
        )
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.workVersion, read.workVersion + 1), landed)),
    )
    .onConflictDoNothing();
}

/** The stage a URL names (`/stages/{n}`, counted from 1) must be the order's stage in hand: 409 otherwise, 404 past its stages. */
export function checkStageInHand(state: Pick<WorkState, "stages" | "stage">, n: number, verb: string) {
  if (state.stages.length === 0 || !Number.isInteger(n) || n < 1 || n > state.stages.length) throw refuse.notFound("Stage not found");
  if (n - 1 !== state.stage) {
    const name = state.stages[n - 1]!.name;
    throw refuse.conflict(
      n - 1 < state.stage
        ? `Cannot ${verb} ${name}: it is approved and locked.`
        : `Cannot ${verb} ${name}: the stage in hand is ${state.stages[state.stage]!.name}.`,
    );
  }
}

export interface StageDecisionView {
  decision: "approve" | "request_changes";
  /** Who decided: the customer, a named approver, or the shop when the review window passed unanswered. */
  by: "customer" | "shop" | "guest";
  /** An approver's name ("Former guest" once erased; "An approver" on the creator's side); null otherwise. */
  name: string | null;
  created_at: string;
}

export interface OrderStageView {
  /** 1, 2, …: the stage's place in the order. */
  n: number;
  name: string;
  share: number;
  /** Its part of the order's price before tax (after any discount), in minor units: the last stage takes the rounding remainder. */
  amount_minor: number;
  days: number;
  revisions: number;
  revisions_used: number;
  state: StageState;
  /** The stage in hand's due date; null for the others. */
  due_at: string | null;
  approved_at: string | null;
  /** Its deliveries' ids, oldest first (the newest is shown by default). */
  delivery_ids: number[];
  decisions: StageDecisionView[];
  /** The sign-offs on its versions that were not moves (approvals while others were awaited, withdrawals, who never answered), oldest first. */
  sign_offs: SignOffView[];
}

/** The queries an order's stages are read with (in the batch of the page or call that shows them). */
export function stagesQueries(db: Database, orderId: number) {
  return [
    db
      .select({ stages: orders.stages, stage: orders.stage, subtotalMinor: orders.subtotalMinor, discountMinor: orders.discountMinor })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1),
    db
      .select({ id: orderDeliveries.id, stage: orderDeliveries.stage })
      .from(orderDeliveries)
      .where(eq(orderDeliveries.orderId, orderId))
      .orderBy(asc(orderDeliveries.version))
      .limit(500),
    db
      .select({ stage: orderDeliveries.stage, count: sql<number>`count(*)` })
      .from(revisionRequests)
      .innerJoin(orderDeliveries, eq(orderDeliveries.id, revisionRequests.deliveryId))
      .where(eq(revisionRequests.orderId, orderId))
      .groupBy(orderDeliveries.stage),
    db
      .select({
        stage: stageDecisions.stage,
        decision: stageDecisions.decision,
        actorKind: stageDecisions.actorKind,
        actorId: stageDecisions.actorId,
        name: orderGuests.name,
        email: orderGuests.email,
        createdAt: stageDecisions.createdAt,
      })
      .from(stageDecisions)
      .leftJoin(orderGuests, and(eq(stageDecisions.actorKind, "guest"), eq(orderGuests.id, stageDecisions.actorId)))
      .where(eq(stageDecisions.orderId, orderId))
      .orderBy(asc(stageDecisions.version))
      .limit(500),
    signOffHistoryQuery(db, orderId),
  ] as const;
}

type StageRows = [
  { stages: PackageStage[]; stage: number; subtotalMinor: number; discountMinor: number }[],
  { id: number; stage: number }[],
  { stage: number; count: number }[],
  {
    stage: number;
    decision: "approve" | "request_changes";
    actorKind: "customer" | "system" | "guest";
    actorId: number | null;
    name: string | null;
    email: string | null;
    createdAt: Date;
  }[],
  SignOffRow[],
];

/**
 * An order's stages as its pages and the API show them (empty for an order made in one piece), from
 * `stagesQueries`' rows and the order's work status and due date; and, while the work is open, when it
 * should be finished if each stage is approved the day it is delivered. `names`: whether approvers'
 * names are shown (not on the creator's side, which shows nobody of the customer's).
 */
export function toOrderStages(
  work: { work_status: WorkState["workStatus"]; due_at: string | null },
  [[order], deliveries, revisions, decisions, signOffs]: StageRows,
  { names = true }: { names?: boolean } = {},
): { stages: OrderStageView[]; estimatedFinish: string | null } {
  if (!order || order.stages.length === 0) return { stages: [], estimatedFinish: null };
  const states = stageStates(order.stages.length, order.stage, work.work_status);
  const amounts = stageAmounts(
    Math.max(0, order.subtotalMinor - order.discountMinor),
    order.stages.map((stage) => stage.share),
  );
  const stages = order.stages.map((stage, index): OrderStageView => {
    const own = decisions.filter((d) => d.stage === index);
    const approval = own.find((d) => d.decision === "approve");
    // A completed order's stages that were never approved were stopped before (the customer stopped after the one before).
    const state = work.work_status === "completed" && !approval ? "stopped" : states[index]!;
    return {
      n: index + 1,
      name: stage.name,
      share: stage.share,
      amount_minor: amounts[index]!,
      days: stage.days,
      revisions: stage.revisions,
      revisions_used: Number(revisions.find((r) => r.stage === index)?.count ?? 0),
      state,
      due_at: index === order.stage && state !== "approved" && state !== "stopped" ? work.due_at : null,
      approved_at: approval ? approval.createdAt.toISOString() : null,
      delivery_ids: deliveries.filter((d) => d.stage === index).map((d) => d.id),
      decisions: own.map((d) => ({
        decision: d.decision,
        by: d.actorKind === "system" ? "shop" : d.actorKind,
        name: d.actorKind !== "guest" ? null : !names ? "An approver" : (d.name ?? d.email ?? "Former guest"),
        created_at: d.createdAt.toISOString(),
      })),
      sign_offs: signOffs
        .filter((row) => row.stage === index)
        .map((row) => toSignOffView(row))
        .map((view) => (names || view.by === "customer" ? view : { ...view, name: "An approver" })),
    };
  });
  const open = work.due_at !== null && work.work_status !== "completed" && work.work_status !== "cancelled";
  return { stages, estimatedFinish: open ? new Date(estimatedFinish(order.stages, order.stage, Date.parse(work.due_at!))).toISOString() : null };
}

/** `GET /orders/{id}/stages`: the order's stages (its customer's, its creator's, any for an admin); 404 for anyone else. */
export async function listOrderStages(db: Database, orderId: number, actor: Actor): Promise<OrderStageView[]> {
  const state = await getWorkState(db, orderId, actor);
  const rows = await db.batch([...stagesQueries(db, orderId)]);
  return toOrderStages({ work_status: state.workStatus, due_at: state.dueAt ? state.dueAt.toISOString() : null }, rows as unknown as StageRows, {
    names: actor.kind !== "creator",
  }).stages;
}
