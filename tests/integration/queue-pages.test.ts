import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { listOrderQueue, parseQueueAfter, type QueueSort } from "../../app/domain/orders/orders.server";
import type { WorkStatus } from "../../app/lib/rules/work-status";
import { customerWithOrder } from "./order-fixtures";

/**
 * The studio's work queue (/admin/orders) pages by number, or by the Next link's keyset so a deep
 * page reads only its own rows. Both must show the same orders: walked both ways, through current
 * work that shares due dates, has none, and spans both groups of the due-date order.
 */
const db = createDb(env.DB);
const studio = sql<number>`1`;

/** Every page of a tab read by its number, and the same tab walked by each page's Next keyset. */
async function walk(status: WorkStatus | null, sort: QueueSort, limit: number) {
  const first = await listOrderQueue(db, { status, sort, page: 1, limit, studio });
  const ids = (page: { data: { id: number }[] }) => page.data.map((order) => order.id);
  const byNumber = [ids(first)];
  for (let page = 2; page <= first.totalPages; page++) byNumber.push(ids(await listOrderQueue(db, { status, sort, page, limit, studio })));
  const byNext = [ids(first)];
  const keysets: string[] = [];
  let next = first.nextAfter;
  for (let page = 2; page <= first.totalPages; page++) {
    if (next) keysets.push(next);
    const read = await listOrderQueue(db, { status, sort, page, limit, studio, after: parseQueueAfter(next) });
    byNext.push(ids(read));
    next = read.nextAfter;
  }
  return { byNumber, byNext, keysets };
}

describe("the work queue's Next link", () => {
  it("walks the due-date order exactly as the page numbers do, through shared due dates, undated work and both groups", async () => {
    const day = Date.UTC(2026, 11, 20);
    const plan: [WorkStatus, number | null][] = [
      ["in_progress", day],
      ["in_progress", day],
      ["in_progress", day + 1],
      ["revision_requested", day],
      ["in_progress", null],
      ["delivered", day],
      ["delivered", day],
      ["delivered", null],
      ["scheduled", day + 2],
      ["awaiting_brief", null],
    ];
    for (const [status, due] of plan) {
      const { id } = await customerWithOrder();
      await env.DB.prepare("UPDATE orders SET work_status = ?, due_at = ?, work_version = work_version + 1 WHERE id = ?").bind(status, due, id).run();
    }
    for (const status of [null, "in_progress", "delivered"] as const) {
      const { byNumber, byNext, keysets } = await walk(status, "due", 2);
      expect(byNext, String(status)).toEqual(byNumber);
      expect(new Set(byNext.flat()).size, String(status)).toBe(byNext.flat().length);
      // The walk went on from inside the current work by the due-date keyset.
      expect(
        keysets.some((keyset) => keyset.startsWith("due:")),
        String(status),
      ).toBe(true);
    }
  });

  it("reads only keysets it can trust: a wrong group, a dated keyset without its date or an undated one with one mean none", () => {
    expect(parseQueueAfter("due:0:0:1797724800000:1797000000000:12")).toEqual({
      group: 0,
      undated: false,
      dueAt: 1797724800000,
      createdAt: 1797000000000,
      id: 12,
    });
    expect(parseQueueAfter("due:1:1:-:1797000000000:12")).toEqual({ group: 1, undated: true, dueAt: null, createdAt: 1797000000000, id: 12 });
    for (const wrong of ["due:2:0:1:1:1", "due:0:0:-:1:1", "due:0:1:5:1:1", "due:0:0:1:1:0", "due:0:0:1:1:1:1", "due:0:0:1e3:1:1"])
      expect(parseQueueAfter(wrong), wrong).toBeUndefined();
    expect(parseQueueAfter("2026-11-01T10:00:00.000Z_123")).toEqual({ createdAt: Date.UTC(2026, 10, 1, 10), id: 123 });
  });
});
