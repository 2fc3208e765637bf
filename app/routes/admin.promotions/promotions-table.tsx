import { Form } from "@remix-run/react";
import { adminDateTime } from "~/components/admin-orders-table";
import { TableScroller } from "~/components/ui/table-scroller";
import type { PromotionView } from "~/domain/money/promotions.server";
import { formatMoney } from "~/lib/money";
import { decimalToMinor } from "~/lib/money-decimal";

const STATUS: Record<PromotionView["status"], { label: string; className: string }> = {
  active: { label: "Active", className: "bg-emerald-100 text-emerald-800" },
  scheduled: { label: "Scheduled", className: "bg-sky-100 text-sky-800" },
  used_up: { label: "Used up", className: "bg-amber-100 text-amber-900" },
  expired: { label: "Expired", className: "bg-slate-200 text-slate-700" },
  ended: { label: "Ended", className: "bg-slate-200 text-slate-700" },
};

export function discountText(p: Pick<PromotionView, "percent_off" | "amount_off" | "currency">) {
  return p.percent_off !== null
    ? `${p.percent_off}% off`
    : `${p.currency && p.amount_off ? formatMoney(decimalToMinor(p.amount_off, p.currency) ?? 0, p.currency) : (p.amount_off ?? "")} off`;
}

const when = (iso: string | null, none: string) => (iso ? `${adminDateTime.format(new Date(iso))} UTC` : none);

/** Every code: discount, scope, dates, redemptions against the cap, state, and an End button while it can still be used. */
export function PromotionsTable({ promotions, products }: { promotions: PromotionView[]; products: { id: number; title: string }[] }) {
  if (promotions.length === 0) return <p className="text-sm text-slate-600">No promotion codes yet.</p>;
  const titles = new Map(products.map((p) => [p.id, p.title]));
  const th = "px-4 py-2 font-semibold";
  return (
    <TableScroller label="Promotion codes">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className={th}>
              Code
            </th>
            <th scope="col" className={th}>
              Discount
            </th>
            <th scope="col" className={th}>
              Scope
            </th>
            <th scope="col" className={th}>
              Dates
            </th>
            <th scope="col" className={th}>
              Redemptions / cap
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {promotions.map((p) => {
            const used = p.redemptions.final + p.redemptions.reserved;
            const status = STATUS[p.status];
            return (
              <tr key={p.id} data-testid={`promotion-${p.code}`}>
                <th scope="row" className="px-4 py-2 font-mono font-semibold">
                  {p.code}
                </th>
                <td className="px-4 py-2">{discountText(p)}</td>
                <td className="px-4 py-2">
                  {p.all_products ? (
                    "All services"
                  ) : (
                    <>
                      {p.product_ids.length === 1 ? "1 service" : `${p.product_ids.length} services`}
                      <span className="block text-xs text-slate-600">{p.product_ids.map((id) => titles.get(id) ?? `#${id}`).join(", ")}</span>
                    </>
                  )}
                  {p.once_per_customer || p.first_order_only ? (
                    <span className="block text-xs text-slate-600">
                      {[p.once_per_customer ? "Once per customer" : null, p.first_order_only ? "First order only" : null].filter(Boolean).join(" · ")}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-2 text-slate-700">
                  <span className="block">From {when(p.starts_at, "creation")}</span>
                  <span className="block">{p.ends_at ? `Until ${when(p.ends_at, "")}` : "No end"}</span>
                </td>
                <td className="px-4 py-2 tabular-nums">
                  {used} / {p.max_redemptions ?? "no cap"}
                  <span className="block text-xs text-slate-600">
                    {p.redemptions.final} paid, {p.redemptions.reserved} reserved
                  </span>
                </td>
                <td className="px-4 py-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>{status.label}</span>
                </td>
                <td className="px-4 py-2">
                  {p.status !== "ended" && p.status !== "expired" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="end" />
                      <input type="hidden" name="id" value={p.id} />
                      <button
                        type="submit"
                        aria-label={`End promotion ${p.code}`}
                        className="rounded-lg px-2.5 py-1.5 text-xs font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                      >
                        End
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroller>
  );
}
