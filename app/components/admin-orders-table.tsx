import { Link } from "@remix-run/react";
import { currencySymbol } from "~/lib/currency";
import type { OrderView } from "~/services/orders.server";
import { StatusBadge } from "./ui/status-badge";

export const adminDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Orders table for admins (SPEC §2): Order ID, Product, Amount, Payment Status, Date, Actions; 'N/A' when missing. */
export function AdminOrdersTable({ orders, caption }: { orders: OrderView[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            {["Order ID", "Product", "Amount", "Payment Status", "Date", "Actions"].map((h) => (
              <th key={h} scope="col" className="p-4 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {orders.map((o) => (
            <tr key={o.id}>
              <td className="p-4 tabular-nums">{o.id}</td>
              <td className="p-4 font-medium">{o.product.title || "N/A"}</td>
              <td className="p-4 tabular-nums">{o.order_amount ? `${currencySymbol(o.currency)}${Number(o.order_amount).toFixed(2)}` : "N/A"}</td>
              <td className="p-4">
                <StatusBadge status={o.payment_status} audience="admin" />
              </td>
              <td className="p-4 text-slate-600">{o.created_at ? adminDateTime.format(new Date(o.created_at)) : "N/A"}</td>
              <td className="p-4">
                <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand-700 hover:underline" aria-label={`View Details of order ${o.id}`}>
                  View Details
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
