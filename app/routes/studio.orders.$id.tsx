import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireCreator } from "~/auth/index.server";
import { getCreatorOrderWork } from "~/domain/creators/creator-orders.server";
import { getWorkState } from "~/domain/orders/work-state.server";
import { withMasterLinks } from "~/domain/orders/masters.server";
import { shownVersionComments } from "~/domain/orders/review-comments.server";
import { refuse } from "~/domain/refusal";
import { StudioWork } from "~/components/studio-work";
import { WorkStatusBadge } from "~/components/work-status";
import { Picture } from "~/components/ui/picture";
import { isReviewIntent, reviewAction } from "~/http/review-actions.server";
import { isOfferIntent, offerAction } from "~/http/offer-actions.server";
import { studioOffers } from "~/domain/orders/change-offers.server";
import { isThreadIntent, threadAction } from "~/http/thread-actions.server";
import { readScreenForm } from "~/http/request-body.server";
import { orPage, refusedData } from "~/http/screen-refusal.server";
import { DELIVERY_FORM } from "~/http/order-forms.server";
import { deliverFromForm } from "~/http/delivery-upload.server";
import { notFound } from "~/http/answers.server";
import { chosenVersions } from "~/lib/versions";
import { countryName } from "~/lib/countries";
import { youEarn } from "~/lib/rules/payouts";
import { packageName } from "~/lib/rules/packages";
import { parseId } from "~/lib/record-id";
import { paths } from "~/lib/paths";
import { timecodeStyleOf } from "~/lib/timecode";
import { actionRetryAfter } from "~/lib/retry-after";

export const headers = actionRetryAfter;

/** An order assigned to this creator now (anyone else's, or one taken from them: 404), as they see it. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request);
  const orderId = parseId(params.id);
  if (orderId === null) throw notFound("Order not found");
  const found = await orPage(getCreatorOrderWork(context.db, creator.id, orderId));
  const deliveries = await withMasterLinks(context.env.TOKEN_SECRET, orderId, found.deliveries, { kind: "creator", id: creator.id });
  const search = new URL(request.url).searchParams;
  const shown = chosenVersions(found.deliveries, search);
  const comments = await shownVersionComments(context.db, found.deliveries, shown.compare ? null : shown.selectedId, search.get("comments_after"), true);
  const offers = await studioOffers(context.db, orderId);
  return { work: { ...found, deliveries }, comments, offers, timecodeStyle: timecodeStyleOf(request.headers.get("Cookie")) };
}

/** The creator writes in the thread, comments on a version, or delivers (multipart: `note`, files and uploads). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const creator = await requireCreator(context, request);
  const orderId = parseId(params.id);
  if (orderId === null) throw notFound("Order not found");
  const actor = { kind: "creator", id: creator.id } as const;
  // Still theirs, before a byte of the body is read.
  const order = await orPage(getWorkState(context.db, orderId, actor));
  const form = await readScreenForm(request, DELIVERY_FORM);
  const intent = form.get("intent");
  const pagePath = paths.studioOrder(orderId);
  if (isReviewIntent(intent)) return reviewAction(context.db, form, orderId, actor, pagePath);
  if (isThreadIntent(intent)) return threadAction({ db: context.db, bucket: context.env.MEDIA }, form, order, actor, pagePath);
  if (isOfferIntent(intent)) return offerAction(context, form, orderId, actor, pagePath);
  if (intent !== "deliver") return refusedData(refuse.malformed("Unknown action"));
  return deliverFromForm(context, form, orderId, actor, pagePath);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Order ${data?.work.order.id ?? ""} · Studio · Reelcraft` },
  { name: "robots", content: "noindex" },
];

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function StudioOrder() {
  const { work, comments, offers, timecodeStyle } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { order } = work;
  const buyer = order.customer;
  return (
    <div className="space-y-6">
      <Link to="/studio" className="text-sm font-semibold text-slate-600 hover:text-slate-900">
        ← Back to your orders
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Order #{order.id}</h1>
        <WorkStatusBadge status={order.work_status} />
        <p className="w-full text-sm text-slate-600">{order.assigned_at ? `Assigned to you on ${dateTime.format(new Date(order.assigned_at))} UTC` : null}</p>
      </header>
      {params.get("delivered") === "1" && !answer ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Delivered. The customer can review it now.
        </p>
      ) : null}
      {order.work_status === "completed" ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Approved: this order is complete.
        </p>
      ) : null}
      <section aria-labelledby="order-for" className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 text-sm md:grid-cols-2">
        <div className="flex gap-4">
          <Picture
            src={order.product.image ?? "/placeholder.svg"}
            sizes="8rem"
            alt=""
            width={960}
            height={600}
            className="aspect-[8/5] w-32 rounded-lg object-cover"
          />
          <div>
            <h2 id="order-for" className="text-lg font-semibold">
              {order.product.title}
            </h2>
            <p className="mt-1 text-slate-600">
              {packageName(order.package_index)} · {order.delivery_days} days to deliver · {order.revisions_allowed} revisions
            </p>
            {order.earns ? (
              <p className="mt-1 font-semibold text-slate-900" data-testid="creator-earns">
                {youEarn(order.earns)}
              </p>
            ) : null}
          </div>
        </div>
        <div>
          <h2 className="text-lg font-semibold">Customer</h2>
          <p className="mt-2 font-medium text-slate-900" data-testid="creator-buyer">
            {buyer.first_name}
            {buyer.last_initial ? ` ${buyer.last_initial}.` : ""}
            {buyer.company ? ` · ${buyer.company}` : ""}
            {buyer.country ? ` · ${countryName(buyer.country)}` : ""}
          </p>
          <p className="mt-1 text-slate-600">Write to the customer in the order's messages below.</p>
        </div>
      </section>
      <StudioWork
        work={work}
        pagePath={paths.studioOrder(order.id)}
        viewer="creator"
        answer={answer}
        comments={comments}
        timecodeStyle={timecodeStyle}
        offers={{ ...offers, canApprove: false }}
      />
    </div>
  );
}
