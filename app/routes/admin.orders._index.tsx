import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminOrdersTable, adminDateTime } from "~/components/admin-orders-table";
import { Pagination } from "~/components/ui/pagination";
import { parsePageParam } from "~/lib/query";
import { WORK_STATUS_LABEL, WORK_STATUSES, type WorkStatus } from "~/lib/rules/work-status";
import { listWaitingOffers } from "~/domain/creators/offers.server";
import { requireAdmin, sessionSubject } from "~/auth/index.server";
import { listOrderQueue, parseQueueAfter, type QueueSort } from "~/domain/orders/orders.server";

/** SPEC §9: twenty orders per page for admins. */
const PAGE_SIZE = 20;

/** The queue's tabs: every order, then each work status in the order work moves. */
const TABS: (WorkStatus | null)[] = [
  null,
  "awaiting_brief",
  "scheduled",
  "in_progress",
  "revision_requested",
  "delivered",
  "completed",
  "awaiting_payment",
  "cancelled",
];

function queueHref(status: WorkStatus | null, sort: QueueSort, page = 1) {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (sort !== "due") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/admin/orders${query ? `?${query}` : ""}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get("page"));
  const asked = url.searchParams.get("status");
  const status = (WORK_STATUSES as readonly string[]).includes(asked ?? "") ? (asked as WorkStatus) : null;
  const sort: QueueSort = url.searchParams.get("sort") === "newest" ? "newest" : "due";
  // The Next link's keyset: the page goes on from the last order of the one before.
  const after = parseQueueAfter(url.searchParams.get("after"));
  // The queue is read beside the session (for an admin's session only), and shown once it holds.
  // Offers waiting for a creator's answer lead the first page of the queue (and of its in-production tab).
  const showOffers = page === 1 && !after && (status === null || status === "in_progress");
  const [, queue, offers] = await Promise.all([
    requireAdmin(context, request),
    sessionSubject(request, "admin").then((studio) => listOrderQueue(context.db, { status, sort, page, limit: PAGE_SIZE, studio, after })),
    showOffers ? sessionSubject(request, "admin").then((studio) => (studio ? listWaitingOffers(context.db) : [])) : Promise.resolve([]),
  ]);
  if (page > queue.totalPages) throw redirect(queueHref(status, sort, queue.totalPages));
  return { ...queue, offers, page, status, sort, now: Date.now() };
}

export const meta: MetaFunction = () => [{ title: "Orders · Admin · Reelcraft" }];

/**
 * The studio's work queue: tabs by work status with their counts, open work by due date first (or
 * newest first), overdue orders marked and unread messages counted; the SPEC's columns stay.
 */
export default function AdminOrders() {
  const { data: orders, offers, counts, page, totalPages, status, sort, now, nextAfter } = useLoaderData<typeof loader>();
  const tabLabel = (s: WorkStatus | null) => (s ? WORK_STATUS_LABEL[s] : "All");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
      {offers.length ? (
        <section aria-labelledby="waiting-offers" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm">
          <h2 id="waiting-offers" className="font-semibold text-amber-950">
            {`Waiting for a creator's answer (${offers.length}${offers.length === 10 ? "+" : ""})`}
          </h2>
          <ul className="mt-2 grid gap-1">
            {offers.map((offer) => (
              <li key={offer.order_id}>
                <Link to={`/admin/orders/${offer.order_id}`} className="font-semibold text-brand-700 hover:underline">
                  {`Order #${offer.order_id}`}
                </Link>
                {` · ${offer.product} · offered to ${offer.creator}, answer due ${adminDateTime.format(new Date(offer.expires_at))} UTC`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <nav aria-label="Work status">
        {/* The tabs wrap onto a second row rather than overlap or hide behind a scroll. */}
        <ul className="flex flex-wrap gap-2">
          {TABS.map((s) => {
            const active = s === status;
            return (
              <li key={s ?? "all"}>
                <Link
                  to={queueHref(s, sort)}
                  aria-current={active ? "page" : undefined}
                  className={`flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap ${
                    active ? "bg-brand-700 text-white" : "text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                  }`}
                >
                  {tabLabel(s)}
                  <span className={`rounded-full px-1.5 text-xs tabular-nums ${active ? "bg-white/20" : "bg-slate-100"}`}>{counts[s ?? "all"]}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span>Sorted by</span>
        {(["due", "newest"] as const).map((s) => (
          <Link
            key={s}
            to={queueHref(status, s)}
            aria-current={s === sort ? "true" : undefined}
            className={s === sort ? "font-semibold text-slate-900" : "font-semibold text-brand-700 hover:underline"}
          >
            {s === "due" ? "due date" : "newest first"}
          </Link>
        ))}
      </p>
      {orders.length ? (
        <AdminOrdersTable
          orders={orders}
          now={now}
          caption={`${tabLabel(status)} orders, ${sort === "due" ? "open work first, by due date" : "newest first"}`}
        />
      ) : (
        <p className="text-slate-600">{status ? `No orders ${WORK_STATUS_LABEL[status].toLowerCase()}.` : "No orders yet."}</p>
      )}
      {totalPages > 1 ? <Pagination page={page} totalPages={totalPages} label="Orders pages" nextAfter={nextAfter} /> : null}
    </div>
  );
}
