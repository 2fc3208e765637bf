/**
 * The statements every move of an order's work writes: the event row, guarded so that it lands only
 * where its move did. Shared by the moves of `fulfilment.server.ts` and by the payment recording in
 * `orders.server.ts` (paid → awaiting its brief), which moves the work in its own statement.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderEvents, orders } from "../../../db/schema";
import type { WorkActor, WorkStatus } from "~/lib/work-status";

export type Actor = { kind: WorkActor; id: number | null };
export const SHOP_ACTOR: Actor = { kind: "system", id: null };

/** Revisions included in every package, as the checkout promises ('3 Revisions'). */
export const REVISIONS_INCLUDED = 3;

/** The event of a move to work `version`: inserted only where the order is at that version and status. */
export function workEventQuery(
  db: Database,
  event: { orderId: number; version: number; actor: Actor; from: WorkStatus; to: WorkStatus; note: string | null; now: number },
) {
  return db
    .insert(orderEvents)
    .select(
      db
        .select({
          id: sql<null>`NULL`.as("id"),
          orderId: sql<number>`${event.orderId}`.as("order_id"),
          version: sql<number>`${event.version}`.as("version"),
          actorKind: sql<WorkActor>`${event.actor.kind}`.as("actor_kind"),
          actorId: sql<number | null>`${event.actor.id}`.as("actor_id"),
          fromStatus: sql<WorkStatus>`${event.from}`.as("from_status"),
          toStatus: sql<WorkStatus>`${event.to}`.as("to_status"),
          note: sql<string | null>`${event.note}`.as("note"),
          createdAt: sql<number>`${event.now}`.as("created_at"),
        })
        .from(orders)
        .where(and(eq(orders.id, event.orderId), eq(orders.workVersion, event.version), eq(orders.workStatus, event.to))),
    )
    .onConflictDoNothing();
}

/** What a payment that succeeds sets on an order still awaiting it: its brief is next, its revisions fixed. */
export function paidWorkChanges(workVersion: number) {
  return { workStatus: "awaiting_brief" as const, workVersion: workVersion + 1, revisionsAllowed: REVISIONS_INCLUDED };
}
