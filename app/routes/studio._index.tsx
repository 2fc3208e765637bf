import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireCreator } from "~/auth/index.server";
import { acceptOffer, declineOffer, listCreatorOffers, type CreatorOfferView } from "~/domain/creators/offers.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { refusalInit, settle } from "~/http/screen-refusal.server";
import { readScreenForm } from "~/http/request-body.server";
import { redirectWithToast } from "~/http/toast.server";
import { parseId } from "~/lib/record-id";
import { answerWithin, OFFER_DECLINE_REASON_MAX, OFFER_MESSAGES, OFFER_RULE } from "~/lib/rules/offers";
import { youEarn } from "~/lib/rules/payouts";
import { OfferDeclineSchema } from "~/lib/schemas/offers";
import { listCreatorOrders, parseCreatorQueueAfter, type CreatorOrderView } from "~/domain/creators/creator-orders.server";
import { STUDIO_QUEUE } from "~/lib/rules/creators";
import { WORK_STATUS_LABEL, type WorkStatus } from "~/lib/rules/work-status";
import { WorkStatusBadge, timeLeft } from "~/components/work-status";
import { countryName } from "~/lib/countries";
import { packageName } from "~/lib/rules/packages";
import { paths } from "~/lib/paths";

/** Orders a page of the workspace's queue shows. */
const PAGE_SIZE = 20;

function queueHref(status: WorkStatus, after: string | null = null) {
  const params = new URLSearchParams();
  if (status !== STUDIO_QUEUE[0]) params.set("status", status);
  if (after) params.set("after", after);
  const query = params.toString();
  return `/studio${query ? `?${query}` : ""}`;
}

/** The creator's queue: their orders in one status at a time, due dates first; the counts of each status kept. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // A suspended creator's /studio is the statement of reasons (the layout): no queue is read.
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const url = new URL(request.url);
  const asked = url.searchParams.get("status");
  const status = STUDIO_QUEUE.includes(asked as WorkStatus) ? (asked as WorkStatus) : STUDIO_QUEUE[0]!;
  const after = parseCreatorQueueAfter(url.searchParams.get("after"));
  const suspended = creator.status === "suspended";
  const [page, offers] = suspended
    ? [{ data: [], counts: {} as Record<string, number>, next: null }, []]
    : await Promise.all([listCreatorOrders(context.db, creator.id, status, { after, limit: PAGE_SIZE }), listCreatorOffers(context.db, creator.id)]);
  return { ...page, offers, status, paged: after !== null, now: Date.now() };
}

/** Accept or decline an offer (the forms work without JavaScript): accepted, the order's page; declined, back here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const creator = await requireCreator(context, request);
  const form = await readScreenForm(request);
  const offerId = parseId(String(form.get("offer_id") ?? "")) ?? 0;
  if (form.get("intent") === "accept") {
    const accepted = await settle(acceptOffer(context.db, creator.id, offerId));
    if (!accepted.ok) return data({ problem: accepted.refusal.message, offerId }, refusalInit(accepted.refusal));
    return redirectWithToast(context.env, request, paths.studioOrder(accepted.value.order_id), [{ kind: "success", message: OFFER_MESSAGES.accepted }]);
  }
  if (form.get("intent") !== "decline") return data({ problem: OFFER_MESSAGES.unknownAnswer, offerId }, { status: 400 });
  const parsed = OfferDeclineSchema.safeParse({ reason: form.get("reason") ?? undefined });
  if (!parsed.success) return data({ problem: parsed.error.issues[0]?.message ?? "Invalid input", offerId }, { status: 422 });
  const declined = await settle(declineOffer(context.db, mailNotice(context), creator.id, offerId, parsed.data.reason));
  if (!declined.ok) return data({ problem: declined.refusal.message, offerId }, refusalInit(declined.refusal));
  return redirectWithToast(context.env, request, paths.studio, [{ kind: "success", message: OFFER_MESSAGES.declined }]);
}

export const meta: MetaFunction = () => [{ title: "Your orders · Studio · Reelcraft" }, { name: "robots", content: "noindex" }];

const dueDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export default function StudioQueue() {
  const { data: orders, offers, counts, status, next, paged, now } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      {offers.length ? <Offers offers={offers} now={now} /> : null}
      <h1 className="text-2xl font-bold tracking-tight">Your orders</h1>
      <nav aria-label="Work status">
        <ul className="flex flex-wrap gap-2">
          {STUDIO_QUEUE.map((s) => {
            const active = s === status;
            return (
              <li key={s}>
                <Link
                  to={queueHref(s)}
                  aria-current={active ? "page" : undefined}
                  className={`flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap ${
                    active ? "bg-brand-700 text-white" : "text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                  }`}
                >
                  {WORK_STATUS_LABEL[s]}
                  <span className={`rounded-full px-1.5 text-xs tabular-nums ${active ? "bg-white/20" : "bg-slate-100"}`}>{counts[s] ?? 0}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {orders.length ? (
        <ul className="grid gap-3">
          {orders.map((order) => (
            <QueueCard key={order.id} order={order} now={now} />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {paged ? "No more orders here." : `No orders ${WORK_STATUS_LABEL[status].toLowerCase()} right now.`}
        </p>
      )}
      <nav aria-label="Orders pages" className="flex gap-3 text-sm font-semibold">
        {paged ? (
          <Link to={queueHref(status)} className="text-brand-700 hover:underline">
            First page
          </Link>
        ) : null}
        {next ? (
          <Link to={queueHref(status, next)} rel="next" className="text-brand-700 hover:underline">
            Next page
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

function QueueCard({ order, now }: { order: CreatorOrderView; now: number }) {
  const who = [
    `${order.customer.first_name}${order.customer.last_initial ? ` ${order.customer.last_initial}.` : ""}`,
    order.customer.company,
    order.customer.country ? countryName(order.customer.country) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const open = order.work_status === "in_progress" || order.work_status === "revision_requested";
  const overdue = open && order.due_at !== null && Date.parse(order.due_at) < now;
  return (
    <li className={`rounded-2xl border bg-white p-4 ${overdue ? "border-red-300" : "border-slate-200"}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold">
            <Link to={paths.studioOrder(order.id)} className="text-brand-700 hover:underline">
              {`Order #${order.id}: ${order.product.title} (${packageName(order.package_index)})`}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-slate-600">For {who}</p>
        </div>
        <WorkStatusBadge status={order.work_status} />
      </div>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <span>
          {order.due_at ? (
            <>
              Due {dueDate.format(new Date(order.due_at))}
              {open ? <span className={overdue ? "font-semibold text-red-700" : "text-slate-500"}> ({timeLeft(order.due_at, now)})</span> : null}
            </>
          ) : (
            "No due date yet"
          )}
        </span>
        <span>
          Revisions {order.revisions_used} of {order.revisions_allowed}
        </span>
        {order.unread_messages ? (
          <span className="font-semibold text-brand-800">
            {order.unread_messages} new {order.unread_messages === 1 ? "message" : "messages"}
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** Work offered to the creator: what it is, when it is due, until when they may answer; Accept or Decline (a reason optional). */
function Offers({ offers, now }: { offers: CreatorOfferView[]; now: number }) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (id: number) => navigation.state !== "idle" && navigation.formData?.get("offer_id") === String(id);
  return (
    <section aria-labelledby="offers-heading" className="rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-5">
      <h2 id="offers-heading" className="text-lg font-bold">{`Work offered to you (${offers.length})`}</h2>
      <p className="mt-1 text-sm text-slate-700">{OFFER_RULE} An offer you do not answer in time passes to the next creator.</p>
      <ul className="mt-4 grid gap-3">
        {offers.map((offer) => (
          <li key={offer.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <h3 className="font-semibold">{`Order #${offer.order_id}: ${offer.product}${offer.package ? ` (${offer.package})` : ""}`}</h3>
            {offer.brief ? <p className="mt-1 line-clamp-3 text-sm text-slate-700">{offer.brief}</p> : null}
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{youEarn(offer.earns)}</span>
              <span>{offer.due_at ? `Due ${dueDate.format(new Date(offer.due_at))}` : "No due date yet"}</span>
              <span>{`Answer within ${answerWithin(offer.expires_at, now)}`}</span>
            </p>
            {answer && "offerId" in answer && answer.offerId === offer.id ? (
              <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
                {answer.problem}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap items-start gap-3">
              <Form method="post">
                <input type="hidden" name="offer_id" value={offer.id} />
                <button
                  type="submit"
                  name="intent"
                  value="accept"
                  disabled={busy(offer.id)}
                  aria-label={`Accept order #${offer.order_id}`}
                  className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  Accept
                </button>
              </Form>
              <Form method="post" className="flex min-w-0 flex-1 flex-wrap items-start gap-2">
                <input type="hidden" name="offer_id" value={offer.id} />
                <label className="sr-only" htmlFor={`reason-${offer.id}`}>
                  {`Reason for declining order #${offer.order_id} (optional)`}
                </label>
                <input
                  id={`reason-${offer.id}`}
                  name="reason"
                  maxLength={OFFER_DECLINE_REASON_MAX}
                  placeholder="Reason (optional)"
                  className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm"
                />
                <button
                  type="submit"
                  name="intent"
                  value="decline"
                  disabled={busy(offer.id)}
                  aria-label={`Decline order #${offer.order_id}`}
                  className="min-h-11 rounded-lg px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
                >
                  Decline
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
