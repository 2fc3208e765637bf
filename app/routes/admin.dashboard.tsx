import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminOrdersTable } from "~/components/admin-orders-table";
import { formatMoney } from "~/lib/money";
import { requireAdmin } from "~/auth/index.server";
import { getDashboard } from "~/domain/orders/dashboard.server";
import { packagesBelowPromise } from "~/domain/orders/package-figures.server";
import { Pagination } from "~/components/ui/pagination";
import { TableScroller } from "~/components/ui/table-scroller";
import { parsePageParam } from "~/lib/query";
import { FIGURES_MIN_ORDERS } from "~/lib/rules/package-figures";
import { SHOP_CURRENCY } from "~/lib/shop";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const promisePage = parsePageParam(new URL(request.url).searchParams.get("promise_page"));
  const [dashboard, belowPromise] = await Promise.all([getDashboard(context.db), packagesBelowPromise(context.db, promisePage)]);
  return { ...dashboard, belowPromise };
}

export const meta: MetaFunction = () => [{ title: "Dashboard · Admin · Reelcraft" }];

export default function Dashboard() {
  const { totalProducts, totalOrders, revenue, recentOrders, subscribers, work, belowPromise } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Total products" value={String(totalProducts)} />
        <Figure label="Total orders" value={String(totalOrders)} />
        <Figure
          label="Total revenue"
          value={revenue.length ? revenue.map((r) => formatMoney(r.amountMinor, r.currency)).join(" · ") : formatMoney(0, SHOP_CURRENCY)}
          hint={`Paid orders less refunds, per currency${revenue.some((r) => r.refunded) ? ` (${revenue.reduce((n, r) => n + r.refunded, 0)} refunded)` : ""}`}
        />
        <Figure label="Newsletter subscribers" value={String(subscribers)} hint="From the footer's sign-up box" />
      </dl>
      <section aria-labelledby="work-title" className="space-y-3">
        <h2 id="work-title" className="text-lg font-semibold">
          Studio work
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label="Awaiting brief" value={String(work.awaitingBrief)} hint="Paid, waiting for the customer's brief" />
          <Figure label="In production" value={String(work.inProduction)} hint="Including revisions" />
          <Figure label="Overdue" value={work.overdueText} hint="In production past the due date" />
          <Figure label="Awaiting customer review" value={String(work.awaitingReview)} hint="Delivered, not yet approved" />
        </dl>
      </section>
      <section aria-labelledby="promise-title" className="space-y-3">
        <h2 id="promise-title" className="text-lg font-semibold">
          Packages against their promise
        </h2>
        <p className="text-sm text-slate-600">{`Measured on completed orders (packages with at least ${FIGURES_MIN_ORDERS}), the lowest share delivered on time first.`}</p>
        {belowPromise.data.length ? (
          <>
            <TableScroller label="Packages against their promise">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="bg-slate-50 text-slate-600">
                  <tr>
                    <th scope="col" className="p-3 font-semibold">
                      Package
                    </th>
                    <th scope="col" className="p-3 font-semibold">
                      Promised
                    </th>
                    <th scope="col" className="p-3 font-semibold">
                      Median to first delivery
                    </th>
                    <th scope="col" className="p-3 font-semibold">
                      On time
                    </th>
                    <th scope="col" className="p-3 font-semibold">
                      Revisions used
                    </th>
                    <th scope="col" className="p-3 font-semibold">
                      Orders
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {belowPromise.data.map((row) => (
                    <tr key={row.package_id}>
                      <th scope="row" className="p-3 font-medium">
                        <Link to={`/admin/products/${row.product_id}`} className="text-brand-700 hover:underline">
                          {row.product_title}
                        </Link>{" "}
                        · {row.package_name}
                      </th>
                      <td className="p-3">{`${row.delivery_days} days`}</td>
                      <td className="p-3">{`${row.figures.median_days} days`}</td>
                      <td className="p-3">{`${row.figures.on_time_percent}%`}</td>
                      <td className="p-3">{`${row.figures.average_revisions} per order`}</td>
                      <td className="p-3">{row.figures.orders}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
            <Pagination page={belowPromise.page} totalPages={belowPromise.totalPages} label="Packages pages" param="promise_page" />
          </>
        ) : (
          <p className="text-slate-600">{`No package has ${FIGURES_MIN_ORDERS} completed orders yet.`}</p>
        )}
      </section>
      <section aria-labelledby="recent-title" className="space-y-3">
        <h2 id="recent-title" className="text-lg font-semibold">
          Recent orders
        </h2>
        {recentOrders.length ? <AdminOrdersTable orders={recentOrders} caption="Five most recent orders" /> : <p className="text-slate-600">No orders yet.</p>}
      </section>
    </div>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white p-5">
      <dt className="mt-1 text-sm text-slate-500">
        {label}
        {hint ? <span className="block text-xs">{hint}</span> : null}
      </dt>
      <dd className="text-2xl font-bold tracking-tight" data-testid={label.toLowerCase().replace(/ /g, "-")}>
        {value}
      </dd>
    </div>
  );
}
