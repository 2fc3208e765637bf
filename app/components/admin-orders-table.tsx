import { Link } from "@remix-run/react";
import type { OrderView } from "~/domain/orders/orders.server";
import { WorkStatusBadge } from "./work-status";
import { PartlyRefundedBadge, StatusBadge } from "./ui/status-badge";
import { orderAmount } from "~/lib/money-decimal";
import { paths } from "~/lib/paths";
import { OPEN_WORK } from "~/lib/rules/creators";

export const adminDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const dueDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** In production (a first cut or a revision) past its due date. */
export function isOverdue(order: Pick<OrderView, "work_status" | "due_at">, now: number) {
  return (order.work_status === "in_progress" || order.work_status === "revision_requested") && order.due_at !== null && Date.parse(order.due_at) < now;
}

/**
 * Orders table for admins (SPEC §2): Order ID, Product, Amount, Payment Status, Date, Actions; 'N/A'
 * when missing. Given `now` (the work queue), it adds the work after the SPEC's columns: the
 * customer, the creator making it ("Unassigned" for paid open work nobody holds), status, due date
 * (overdue marked) and unread messages.
 */
export function AdminOrdersTable({
  orders,
  caption,
  now,
}: {
  orders: (OrderView & { unread_messages?: number; brief_reminded?: boolean; customer?: string | null; creator?: string | null })[];
  caption: string;
  now?: number;
}) {
  const work = now !== undefined;
  const headings = ["Order ID", "Product", "Amount", "Payment Status", "Date", ...(work ? ["Customer", "Creator", "Work", "Due", "Messages"] : []), "Actions"];
  return (
    <div className="scroll-shadow-x overflow-x-auto rounded-2xl border border-slate-200">
      <table className={`w-full text-left text-sm ${work ? "min-w-[72rem]" : "min-w-[48rem]"}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className="p-4 font-semibold whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {orders.map((o) => {
            const overdue = work && isOverdue(o, now);
            return (
              <tr key={o.id} className={overdue ? "bg-red-50/60" : undefined}>
                <td className="p-4 tabular-nums">{o.id}</td>
                <td className="p-4 font-medium">{o.product.title || "N/A"}</td>
                <td className="p-4 tabular-nums">{o.order_amount ? orderAmount(o) : "N/A"}</td>
                <td className="p-4">
                  <StatusBadge status={o.payment_status} audience="admin" />
                  <PartlyRefundedBadge order={o} />
                </td>
                <td className="p-4 whitespace-nowrap text-slate-600">{o.created_at ? adminDateTime.format(new Date(o.created_at)) : "N/A"}</td>
                {work ? (
                  <>
                    <td className="max-w-48 truncate p-4" title={o.customer ?? undefined}>
                      {o.customer ?? <span className="text-slate-500">Former customer</span>}
                    </td>
                    <td className="max-w-40 truncate p-4">
                      {o.creator ? (
                        o.creator
                      ) : o.payment_status === "succeeded" && OPEN_WORK.includes(o.work_status) ? (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Unassigned</span>
                      ) : (
                        <span className="text-slate-500">N/A</span>
                      )}
                    </td>
                    <td className="p-4">
                      <WorkStatusBadge status={o.work_status} />
                    </td>
                    <td className="p-4 whitespace-nowrap">
                      {o.due_at ? dueDate.format(new Date(o.due_at)) : <span className="text-slate-500">N/A</span>}
                      {overdue ? <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">Overdue</span> : null}
                      {o.brief_reminded ? (
                        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">No brief after a day</span>
                      ) : null}
                    </td>
                    <td className="p-4">
                      {o.unread_messages ? (
                        <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{o.unread_messages} new</span>
                      ) : (
                        <span className="text-slate-500">None new</span>
                      )}
                    </td>
                  </>
                ) : null}
                <td className="p-4">
                  <Link
                    to={paths.adminOrder(o.id)}
                    className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                    aria-label={`View Details of order ${o.id}`}
                  >
                    View Details
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
