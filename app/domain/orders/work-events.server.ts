/**
 * The statements every move of an order's work writes: the event row, guarded so that it lands only
 * where its move did. Shared by the moves of `fulfilment.server.ts` and by the payment recording in
 * `orders.server.ts` (paid → awaiting its brief), which moves the work in its own statement.
 */
import { rowOf } from "../../../db/insert-select";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderEvents, orders } from "../../../db/schema";
import type { WorkActor, WorkStatus } from "~/lib/rules/work-status";

export type Actor = { kind: WorkActor; id: number | null };
export const SHOP_ACTOR: Actor = { kind: "system", id: null };

/** The event of a move to work `version`: inserted only where the order is at that version and status. */
export function workEventQuery(
  db: Database,
  event: { orderId: number; version: number; actor: Actor; from: WorkStatus; to: WorkStatus; note: string | null; now: number },
) {
  return db
    .insert(orderEvents)
    .select(
      db
        .select(
          rowOf(orderEvents, {
            id: null,
            orderId: event.orderId,
            version: event.version,
            actorKind: event.actor.kind,
            actorId: event.actor.id,
            fromStatus: event.from,
            toStatus: event.to,
            note: event.note,
            createdAt: event.now,
          }),
        )
        .from(orders)
        .where(and(eq(orders.id, event.orderId), eq(orders.workVersion, event.version), eq(orders.workStatus, event.to))),
    )
    .onConflictDoNothing();
}

/** Days the work's first clock runs: the first stage's for an order made in stages (app/domain/orders/stages.server.ts), else the package's. */
export const firstStageDays = sql<number>`(CASE WHEN json_array_length(${orders.stages}) > 0 THEN json_extract(${orders.stages}, '$[0].days') ELSE ${orders.deliveryDays} END)`;

/** Revision rounds open when the work starts: the first stage's for an order made in stages, else all the package's. */
export const firstStageRevisions = sql<number>`(CASE WHEN json_array_length(${orders.stages}) > 0 THEN json_extract(${orders.stages}, '$[0].revisions') ELSE ${orders.revisionsIncluded} END)`;

/** What a payment that succeeds sets beside the `pay` move's status (`to`, decided by the state machine): the package's revisions, as bought, fixed (an order in stages: its first stage's). */
export function paidWorkChanges(workVersion: number, to: WorkStatus) {
  return { workStatus: to, workVersion: workVersion + 1, revisionsAllowed: firstStageRevisions };
}
