import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { OrdersSkeleton } from "~/components/profile-loading";
import { Pagination } from "~/components/ui/pagination";
import { Picture } from "~/components/ui/picture";
import { PartlyRefundedBadge, StatusBadge } from "~/components/ui/status-badge";
import { WorkStatusBadge } from "~/components/work-status";
import { parsePageParam } from "~/lib/query";
import { requireCustomer, sessionSubject } from "~/auth/index.server";
import { listOrders } from "~/domain/orders/orders.server";
import { orderAmount } from "~/lib/money-decimal";
import { orderDatesText } from "~/lib/rules/work-dates";
import { paths } from "~/lib/paths";

/** SPEC §9: ten orders per page for customers. */
const PAGE_SIZE = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get("page"));
  // The orders are read beside the session (keyed on its subject), and shown only once it holds.
  const [, result] = await Promise.all([
    requireCustomer(context, request),
    sessionSubject(request, "customer")
      .then((customerId) => listOrders(context.db, { userId: customerId }, page, PAGE_SIZE, { unreadFor: "customer" }))
      .catch((error: unknown) => {
        console.error("Loading orders failed", error);
        return null;
      }),
  ]);
  // The server's time, so the dates read the same before and after the page hydrates.
  const now = Date.now();
  if (!result) return { orders: [], page, totalPages: 1, failed: true as const, now };
  if (page > result.totalPages) throw redirect(`/profile/orders?page=${result.totalPages}`);
  return { orders: result.data, page, totalPages: result.totalPages, failed: false as const, now };
}

export const meta: MetaFunction = () => [{ title: "My Orders · Reelcraft" }];

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export default function MyOrders() {
  const { orders, page, totalPages, failed, now } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <section aria-labelledby="orders-title" aria-busy={loading}>
      <h1 id="orders-title" className="text-2xl font-bold tracking-tight">
        My Orders
      </h1>
      <div className="mt-6">
        {loading ? (
          <OrdersSkeleton />
        ) : failed ? (
          <p role="alert" className="text-red-700">
            Failed to fetch orders. Please try again later.
          </p>
        ) : orders.length === 0 ? (
          <p className="text-slate-600">No orders found.</p>
        ) : (
          <ul className="grid gap-4">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row">
                <Picture
                  src={order.product.image ?? "/placeholder.svg"}
                  sizes="(min-width: 640px) 10rem, 100vw"
                  alt=""
                  width={960}
                  height={600}
                  loading="lazy"
                  className="aspect-[8/5] w-full rounded-lg object-cover sm:w-40"
                />
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold">{order.product.title}</h2>
                  <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                    <div className="flex gap-2">
                      <dt className="text-slate-500">Date</dt>
                      <dd>{dateFormat.format(new Date(order.created_at))}</dd>
                    </div>
                    <div className="flex gap-2">
                      <dt className="text-slate-500">Amount</dt>
                      <dd className="font-semibold">{orderAmount(order)}</dd>
                    </div>
                    <div className="flex items-center gap-2">
                      <dt className="text-slate-500">Payment Status</dt>
                      <dd>
                        <StatusBadge status={order.payment_status} audience="customer" />
                        <PartlyRefundedBadge order={order} />
                      </dd>
                    </div>
                    <div className="flex min-w-0 gap-2">
                      {/* The invoice number, never the payment provider's internal id (docs/design.md). */}
                      <dt className="shrink-0 text-slate-500">Transaction ID</dt>
                      <dd className="truncate font-mono text-xs leading-5">{order.invoice_number ?? "Not paid yet"}</dd>
                    </div>
                    <OrderDates text={orderDatesText(order, now)} />
                  </dl>
                  {order.payment_status === "failed" ? (
                    // A payment that failed: back to checkout with the same package, to pay again.
                    <Link
                      to={`/products/${order.product_id}/checkout?package=${order.package_index}`}
                      className="mt-3 inline-flex rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                      aria-label={`Try again: ${order.product.title}`}
                    >
                      Try again
                    </Link>
                  ) : null}
                  {order.work_status !== "awaiting_payment" ? (
                    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
                      <WorkStatusBadge status={order.work_status} />
                      <Link to={paths.customerOrder(order.id)} className="font-semibold text-brand-700 hover:underline">
                        View order<span className="sr-only"> #{order.id}</span>
                      </Link>
                      {order.unread_messages ? (
                        <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
                          {order.unread_messages === 1 ? "1 new message" : `${order.unread_messages} new messages`}
                        </span>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {totalPages > 1 ? (
        <div className="mt-8">
          <Pagination page={page} totalPages={totalPages} label="Orders pages" />
        </div>
      ) : null}
    </section>
  );
}

/** The order's start and due dates, where the work still has some. */
function OrderDates({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div className="flex gap-2 sm:col-span-2">
      <dt className="shrink-0 text-slate-500">Work</dt>
      <dd data-testid="order-dates">{text}</dd>
    </div>
  );
}
