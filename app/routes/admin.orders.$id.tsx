import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { adminDateTime } from "~/components/admin-orders-table";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatMoney } from "~/lib/money";
import { decimalToMinor } from "~/lib/money";
import { requireAdmin } from "~/services/auth.server";
import { getOrder } from "~/services/orders.server";
import { parseId } from "~/lib/record-id";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = params.id ?? "";
  try {
    const orderId = parseId(id);
    const order = orderId === null ? null : await getOrder(context.db, orderId);
    return { id, order, failed: false };
  } catch (error) {
    console.error("Loading order failed", id, error);
    return { id, order: null, failed: true };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Order ${data?.id ?? ""} · Admin · Reelcraft` }];

export default function AdminOrder() {
  const { id, order, failed } = useLoaderData<typeof loader>();
  const back = (
    <Link to="/admin/orders" className="text-sm font-semibold text-slate-600 hover:text-slate-900">
      ← Back to orders
    </Link>
  );
  if (failed || !order) {
    return (
      <div className="space-y-4">
        {back}
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {failed ? "Failed to fetch order details" : `No order found with ID: ${id}`}
        </p>
      </div>
    );
  }
  const amount = decimalToMinor(order.order_amount, order.currency);
  return (
    <div className="space-y-6">
      {back}
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Order #{order.id}</h1>
        <StatusBadge status={order.payment_status} audience="admin" />
        <p className="w-full text-sm text-slate-600">Placed on {adminDateTime.format(new Date(order.created_at))} UTC</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="order-info" className="rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="order-info" className="text-lg font-semibold">
            Order Information
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <Row term="Payment Status" value={<StatusBadge status={order.payment_status} audience="admin" />} />
            <Row term="Transaction ID" value={<span className="font-mono text-xs">{order.stripe_transaction_id ?? "N/A"}</span>} />
            <Row term="Amount" value={amount === null ? "N/A" : formatMoney(amount, order.currency)} />
          </dl>
        </section>
        <section aria-labelledby="product-info" className="rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="product-info" className="text-lg font-semibold">
            Product Information
          </h2>
          <div className="mt-4 flex gap-4">
            <img src={order.product.image ?? "/placeholder.svg"} alt="" width={960} height={600} className="aspect-[8/5] w-32 rounded-lg object-cover" />
            <div className="text-sm">
              <Link to={`/admin/products/${order.product_id}`} className="font-semibold text-brand-700 hover:underline">
                {order.product.title}
              </Link>
              <p className="mt-1 text-slate-600">Product ID: {order.product_id}</p>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}

function Row({ term, value }: { term: string; value: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-slate-500">{term}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
