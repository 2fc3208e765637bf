/** An order's sign-off history as its pages and the API show it (sign-off.server.ts writes it). */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orderGuests, stageSignOffs } from "../../../db/schema";

export interface SignOffView {
  decision: "approve" | "withdraw" | "no_response";
  by: "customer" | "guest";
  /** The approver's name as they gave it (or their address); "Former guest" once erased; null for the customer. */
  name: string | null;
  /** The version decided on (v1, v2, … across the order). */
  version: number;
  created_at: string;
}

/** The queries an order's sign-off history is read with (in the batch of the page or call that shows it). */
export function signOffHistoryQuery(db: Database, orderId: number) {
  return db
    .select({
      stage: stageSignOffs.stage,
      version: stageSignOffs.version,
      kind: stageSignOffs.signerKind,
      guestId: stageSignOffs.guestId,
      name: orderGuests.name,
      email: orderGuests.email,
      decision: stageSignOffs.decision,
      createdAt: stageSignOffs.createdAt,
    })
    .from(stageSignOffs)
    .leftJoin(orderGuests, eq(orderGuests.id, stageSignOffs.guestId))
    .where(eq(stageSignOffs.orderId, orderId))
    .orderBy(asc(stageSignOffs.id))
    .limit(500);
}
export type SignOffRow = Awaited<ReturnType<ReturnType<typeof signOffHistoryQuery>["execute"]>>[number];

/** A history row as shown. */
export function toSignOffView(row: SignOffRow): SignOffView {
  return {
    decision: row.decision,
    by: row.kind,
    name: row.kind === "customer" ? null : row.guestId === null ? "Former guest" : (row.name ?? row.email ?? "Former guest"),
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
}

/** An order's sign-offs as shown, oldest first (its page, for an order made in one piece). */
export async function signOffHistory(db: Database, orderId: number): Promise<SignOffView[]> {
  return (await signOffHistoryQuery(db, orderId)).map(toSignOffView);
}
