import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminOrdersTable } from "~/components/admin-orders-table";
import { formatMoney } from "~/lib/money";
import { requireAdmin } from "~/auth/index.server";
import { getDashboard } from "~/domain/orders/dashboard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return getDashboard(context.db);
}

export const meta: MetaFunction = () => [{ title: "Dashboard · Admin · Reelcraft" }];

export default function Dashboard() {
  const { totalProducts, totalOrders, revenue, recentOrders, subscribers, work } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Total products" value={String(totalProducts)} />
        <Figure label="Total orders" value={String(totalOrders)} />
        <Figure
          label="Total revenue"
          value={revenue.length ? revenue.map((r) => formatMoney(r.amountMinor, r.currency)).join(" · ") : formatMoney(0, "USD")}
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
          <Figure label="Overdue" value={String(work.overdue)} hint="In production past the due date" />
          <Figure label="Awaiting customer review" value={String(work.awaitingReview)} hint="Delivered, not yet approved" />
        </dl>
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
