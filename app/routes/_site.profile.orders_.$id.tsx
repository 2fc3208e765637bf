import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { StatusBadge } from "~/components/ui/status-badge";
import { timeLeft, WorkStatusBadge, WorkSteps } from "~/components/work-status";
import { currencySymbol } from "~/lib/currency";
import { packageName } from "~/lib/packages";
import { parseId } from "~/lib/record-id";
import { WORK_STATUS_LABEL } from "~/lib/work-status";
import { requireCustomer } from "~/services/auth.server";
import { getOrderWork } from "~/services/fulfilment.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const id = parseId(params.id);
  const work = id ? await getOrderWork(context.db, id, { kind: "customer", id: customer.id }) : null;
  if (!work) throw new Response("Order not found", { status: 404 });
  const { order } = work;
  return {
    ...work,
    timeLeft: order.due_at && (order.work_status === "in_progress" || order.work_status === "revision_requested") ? timeLeft(order.due_at) : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Order #${data?.order.id ?? ""} · Reelcraft` },
  { name: "robots", content: "noindex" },
];

const NOTICES: Record<string, string> = { "brief-submitted": "Thank you! Your brief is with the studio and production has started." };

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

export default function OrderPage() {
  const { order, brief, events, timeLeft } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const notice = NOTICES[params.get("notice") ?? ""];
  const revisionsLeft = order.revisions_allowed - order.revisions_used;
  return (
    <article aria-labelledby="order-title" className="space-y-8">
      <div>
        <Link to="/profile/orders" className="text-sm font-semibold text-brand-700 hover:underline">
          ← My Orders
        </Link>
        <h1 id="order-title" className="mt-2 text-2xl font-bold tracking-tight">
          Order #{order.id}
        </h1>
        <p className="mt-1 text-slate-600">
          {order.product.title} · {packageName(order.package_index)} package
        </p>
      </div>

      {notice ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {notice}
        </p>
      ) : null}

      <WorkSteps status={order.work_status} />

      <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-slate-500">Status</dt>
          <dd className="mt-1">
            <WorkStatusBadge status={order.work_status} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Due</dt>
          <dd className="mt-1 font-medium">
            {order.due_at ? (
              <>
                {dateFormat.format(new Date(order.due_at))}
                {timeLeft ? <span className="text-slate-600"> · {timeLeft}</span> : null}
              </>
            ) : (
              "7 days after your brief"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Revisions left</dt>
          <dd className="mt-1 font-medium">{order.revisions_allowed ? `${revisionsLeft} of ${order.revisions_allowed}` : "None until paid"}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Amount</dt>
          <dd className="mt-1 flex items-center gap-2 font-medium">
            {currencySymbol(order.currency)}
            {Number(order.order_amount).toFixed(2)} <StatusBadge status={order.payment_status} audience="customer" />
          </dd>
        </div>
      </dl>

      <section aria-labelledby="brief-title" className="space-y-3">
        <h2 id="brief-title" className="text-lg font-semibold">
          Brief
        </h2>
        {brief ? (
          <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm">
            <dl className="space-y-3">
              <BriefItem label="What the video is for" value={brief.purpose} />
              <BriefItem label="Audience" value={brief.audience} />
              <BriefItem label="Style" value={brief.style} />
              <div>
                <dt className="font-medium text-slate-500">References</dt>
                <dd className="mt-1">
                  {brief.references.length ? (
                    <ul className="list-disc space-y-1 pl-5">
                      {brief.references.map((url) => (
                        <li key={url}>
                          <a href={url} rel="noopener noreferrer nofollow ugc" target="_blank" className="break-all text-brand-700 hover:underline">
                            {url}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    "None"
                  )}
                </dd>
              </div>
              <BriefItem label="Must-have content" value={brief.must_haves} />
              <BriefItem label="Deadline wish" value={brief.deadline_wish} />
            </dl>
            <p className="text-slate-500">Submitted {dateTimeFormat.format(new Date(brief.submitted_at))} UTC. Changes now go through the studio.</p>
          </div>
        ) : order.work_status === "awaiting_brief" ? (
          <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <p>The studio starts as soon as you tell us what the video is for. Your 7 days begin with the brief.</p>
            <Link
              to={`/profile/orders/${order.id}/brief`}
              className="mt-3 inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Write your brief
            </Link>
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            {order.work_status === "awaiting_payment" ? "You can write the brief once the order is paid." : "No brief was submitted."}
          </p>
        )}
      </section>

      <section aria-labelledby="timeline-title" className="space-y-3">
        <h2 id="timeline-title" className="text-lg font-semibold">
          Timeline
        </h2>
        {events.length ? (
          <ol className="space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
            {events.map((event) => (
              <li key={event.created_at + event.to_status}>
                <span className="font-medium">{WORK_STATUS_LABEL[event.to_status]}</span>
                {event.note ? <span className="text-slate-600"> · {event.note}</span> : null}
                <span className="block text-slate-500">{dateTimeFormat.format(new Date(event.created_at))} UTC</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">Nothing has happened yet.</p>
        )}
      </section>
    </article>
  );
}

function BriefItem({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 whitespace-pre-wrap">{value ?? "Not given"}</dd>
    </div>
  );
}
