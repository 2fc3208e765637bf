import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminOrdersTable } from "~/components/admin-orders-table";
import { Pagination } from "~/components/ui/pagination";
import { parsePageParam } from "~/lib/query";
import { requireAdmin } from "~/services/auth.server";
import { listOrders } from "~/services/orders.server";

/** SPEC §9: twenty orders per page for admins. */
const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  const result = await listOrders(context.db, {}, page, PAGE_SIZE);
  if (page > result.totalPages) throw redirect(`/admin/orders?page=${result.totalPages}`);
  return { orders: result.data, page, totalPages: result.totalPages };
}

export const meta: MetaFunction = () => [{ title: "Orders · Admin · Reelcraft" }];

export default function AdminOrders() {
  const { orders, page, totalPages } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
      {orders.length ? <AdminOrdersTable orders={orders} caption="All orders, newest first" /> : <p className="text-slate-600">No orders yet.</p>}
      {totalPages > 1 ? <Pagination page={page} totalPages={totalPages} label="Orders pages" /> : null}
    </div>
  );
}
