import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { SubmitButton } from "~/components/ui/form";
import { settleVatClaim } from "~/domain/orders/vat-claims.server";
import { VAT_CLAIM_DAYS, VAT_CLAIM_MESSAGES } from "~/lib/rules/vat-claim";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { getOrderWork } from "~/domain/orders/fulfilment.server";
import { getWorkState } from "~/domain/orders/work-state.server";
import { listMasterDownloads, withMasterLinks } from "~/domain/orders/masters.server";
import { shownVersionComments } from "~/domain/orders/review-comments.server";
import { chosenVersions } from "~/lib/versions";
import { isReviewIntent, reviewAction } from "~/http/review-actions.server";
import { isOfferIntent, offerAction } from "~/http/offer-actions.server";
import { studioOffers } from "~/domain/orders/change-offers.server";
import { readScreenForm } from "~/http/request-body.server";
import { parseSubmission } from "~/http/form-submission.server";
import { adminDateTime } from "~/components/admin-orders-table";
import { Picture } from "~/components/ui/picture";
import { PartlyRefundedBadge, StatusBadge } from "~/components/ui/status-badge";
import { formatMoney } from "~/lib/money";
import { decimalToMinor, minorToDecimalString } from "~/lib/money-decimal";
import { requireAdmin } from "~/auth/index.server";
import { formAnswer, orPage, refusedData, settle } from "~/http/screen-refusal.server";
import { isThreadIntent, threadAction } from "~/http/thread-actions.server";
import { parseId } from "~/lib/record-id";
import { getOrderBuyer, type OrderBuyerView } from "~/domain/orders/orders.server";
import { countryName } from "~/lib/countries";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { DELIVERY_FORM } from "~/http/order-forms.server";
import { deliverFromForm } from "~/http/delivery-upload.server";
import { RefundFormSchema, refundRequestOf } from "~/lib/schemas/refund";
import { quoteRefund, refundOrder } from "~/domain/orders/refunds.server";
import { RefundPanel, type RefundToConfirm } from "~/components/refund-panel";
import { timecodeStyleOf } from "~/lib/timecode";
import { CancellationAnswer } from "~/components/cancellation-answer";
import { answerCancellation } from "~/domain/orders/cancellation.server";
import { CancellationAnswerSchema } from "~/lib/schemas/refund";
import { OrderMoney } from "~/components/order-money";
import { StudioWork } from "~/components/studio-work";
import type { SubmissionResult } from "@conform-to/react";
import { Field, FormError } from "~/components/ui/form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { AssignmentSchema } from "~/lib/schemas/creator";
import { assignOrder, listProductCreators, orderAssignment, type ProductCreatorView } from "~/domain/creators/creators.server";
import { waitingOffer } from "~/domain/creators/offers.server";
import { orderLedger, type OrderLedgerRowView } from "~/domain/payouts/ledger.server";
import { LEDGER_KIND_LABELS } from "~/lib/rules/payouts";
import { OPEN_WORK } from "~/lib/rules/creators";
import type { WorkStatus } from "~/lib/rules/work-status";
import { notFound } from "~/http/answers.server";
import { paths } from "~/lib/paths";
import { actionRetryAfter } from "~/lib/retry-after";

/** The page keeps its loader's privacy headers, and a refused comment or invitation its `Retry-After`. */
export const headers = actionRetryAfter;
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = params.id ?? "";
  try {
    const orderId = parseId(id);
    const actor = { kind: "admin", id: admin.id } as const;
    const [found, buyer, downloads] =
      orderId === null
        ? [null, null, []]
        : await Promise.all([getOrderWork(context.db, orderId, actor), getOrderBuyer(context.db, orderId), listMasterDownloads(context.db, orderId)]);
    if (!found || orderId === null) return { id, order: null, work: null, buyer: null, failed: false };
    const [assignment, makers, offer, ledger, changeOffers] = await Promise.all([
      orderAssignment(context.db, orderId),
      listProductCreators(context.db, found.order.product_id),
      waitingOffer(context.db, orderId),
      orderLedger(context.db, orderId),
      studioOffers(context.db, orderId),
    ]);
    const work = { ...found, deliveries: await withMasterLinks(context.env.TOKEN_SECRET, orderId, found.deliveries, actor) };
    const shown = chosenVersions(found.deliveries, new URL(request.url).searchParams);
    const comments = await shownVersionComments(
      context.db,
      found.deliveries,
      shown.compare ? null : shown.selectedId,
      new URL(request.url).searchParams.get("comments_after"),
    );
    // A key per page view: a double-clicked or resent refund form refunds once.
    return {
      id,
      order: work.order,
      work,
      buyer,
      downloads,
      comments,
      assignment,
      makers,
      offer,
      ledger,
      changeOffers,
      failed: false,
      refundKey: crypto.randomUUID(),
      timecodeStyle: timecodeStyleOf(request.headers.get("Cookie")),
    };
  } catch (error) {
    console.error("Loading order failed", id, error);
    return { id, order: null, work: null, buyer: null, failed: true };
  }
}

/** The studio writes in the thread, refunds (with a reason), or delivers (multipart: `note` and `files`). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const orderId = parseId(params.id);
  if (orderId === null) throw notFound("Order not found");
  const actor = { kind: "admin", id: admin.id } as const;
  // The order exists, before a byte of the body is read.
  const order = await orPage(getWorkState(context.db, orderId, actor));
  const form = await readScreenForm(request, DELIVERY_FORM);
  const intent = form.get("intent");
  if (isReviewIntent(intent)) return reviewAction(context.db, form, orderId, actor, paths.adminOrder(orderId));
  if (isOfferIntent(intent)) return offerAction(context, form, orderId, actor, paths.adminOrder(orderId));
  if (isThreadIntent(intent)) return threadAction({ db: context.db, bucket: context.env.MEDIA }, form, order, actor, paths.adminOrder(orderId));
  if (intent === "review-refund" || intent === "edit-refund") {
    // The first step: the form checked and the amount worked out, for the studio to confirm
    // (or, with 'Change', the form again with what was typed).
    const submission = parseSubmission(form, { schema: RefundFormSchema, allow: ["refund_key"] });
    if (submission.status !== "success" || intent === "edit-refund") return formAnswer(submission, { beside: { intent: "refund" } });
    const quoted = await settle(quoteRefund(context.db, orderId, refundRequestOf(submission.value).amount));
    if (!quoted.ok) return formAnswer(submission, { refusal: quoted.refusal, beside: { intent: "refund" } });
    const refundConfirm: RefundToConfirm = {
      scope: submission.value.scope,
      amount: submission.value.amount ?? "",
      reason: submission.value.reason,
      amountMinor: quoted.value.amountMinor,
      all: quoted.value.all,
    };
    return data({ refundConfirm });
  }
  if (intent === "refund") {
    const submission = parseSubmission(form, { schema: RefundFormSchema, allow: ["refund_key"] });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "refund" } });
    const key = String(form.get("refund_key") ?? "").slice(0, 100);
    const refunded = await settle(
      refundOrder(
        context.db,
        context.payments,
        orderId,
        admin.id,
        { ...refundRequestOf(submission.value), idempotencyKey: key ? `screen-${key}` : undefined },
        mailNotice(context),
      ),
    );
    if (!refunded.ok) return formAnswer(submission, { refusal: refunded.refusal, beside: { intent: "refund" } });
    return redirect(`${paths.adminOrder(orderId)}?refunded=1`);
  }
  if (intent === "answer-cancellation") {
    const submission = parseSubmission(form, { schema: CancellationAnswerSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "answer-cancellation" } });
    const answered = await settle(answerCancellation(context.db, context.payments, admin.id, orderId, submission.value, mailNotice(context)));
    if (!answered.ok) return formAnswer(submission, { refusal: answered.refusal, beside: { intent: "answer-cancellation" } });
    return redirect(`${paths.adminOrder(orderId)}?refunded=1`);
  }
  if (intent === "assign") {
    const submission = parseSubmission(form, { schema: AssignmentSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "assign" } });
    const assigned = await settle(assignOrder(context.db, admin.id, orderId, submission.value));
    if (!assigned.ok) return formAnswer(submission, { refusal: assigned.refusal, beside: { intent: "assign" } });
    return redirect(`${paths.adminOrder(orderId)}?assigned=1#assignment-title`);
  }
  if (intent === "check-vat") {
    const settled = await settle(settleVatClaim(context.db, { tax: context.tax, payments: context.payments }, orderId, admin.id, mailNotice(context)));
    if (!settled.ok) return refusedData(settled.refusal);
    const shown = settled.value.status === "lapsed" ? "none" : settled.value.status;
    return redirect(`${paths.adminOrder(orderId)}?vat=${shown}#customer-info`);
  }
  if (intent !== "deliver") return refusedData(refuse.malformed("Unknown action"));
  return deliverFromForm(context, form, orderId, actor, paths.adminOrder(orderId));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Order ${data?.id ?? ""} · Admin · Reelcraft` }];

export default function AdminOrder() {
  const loaderData = useLoaderData<typeof loader>();
  const { id, order, work, buyer, failed } = loaderData;
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
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
      {/* What the last action did, at the top of the page it came back to (a long page would hide it below the fold). */}
      {params.get("delivered") === "1" && !answer ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Delivered. The customer can review it now.
        </p>
      ) : null}
      {vatOutcome(params.get("vat")) && !answer ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
          {vatOutcome(params.get("vat"))}
        </p>
      ) : null}
      {params.get("refunded") === "1" && !answer ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Refunded. The customer has been told by email.
        </p>
      ) : null}
      {params.get("assigned") === "1" && !answer ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Assigned. The creator sees the order in their workspace now.
        </p>
      ) : null}
      {buyer ? <BuyerPanel buyer={buyer} /> : null}
      {"makers" in loaderData && loaderData.makers ? (
        <AssignmentPanel
          workStatus={order.work_status}
          assignment={loaderData.assignment ?? null}
          offer={loaderData.offer ?? null}
          makers={loaderData.makers}
          lastResult={answer && "result" in answer && answer.intent === "assign" ? answer.result : undefined}
        />
      ) : null}
      {"ledger" in loaderData && loaderData.ledger?.length ? <LedgerPanel rows={loaderData.ledger} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="order-info" className="rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="order-info" className="text-lg font-semibold">
            Order Information
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <Row
              term="Payment Status"
              value={
                <>
                  <StatusBadge status={order.payment_status} audience="admin" />
                  <PartlyRefundedBadge order={order} />
                </>
              }
            />
            <Row term="Transaction ID" value={<span className="font-mono text-xs">{order.stripe_transaction_id ?? "N/A"}</span>} />
            <Row term="Amount" value={amount === null ? "N/A" : formatMoney(amount, order.currency)} />
            <Row term="Figures" value={<OrderMoney order={order} />} />
            <Row
              term="Invoice"
              value={
                order.invoice_number ? (
                  <span className="flex flex-wrap gap-x-3">
                    <Link to={`${paths.adminOrder(order.id)}/invoice`} className="font-semibold text-brand-700 hover:underline">
                      {order.invoice_number}
                    </Link>
                    {work?.laterInvoices.map((number) => (
                      <Link key={number} to={`${paths.adminOrder(order.id)}/invoices/${number}`} className="font-semibold text-brand-700 hover:underline">
                        {number}
                      </Link>
                    ))}
                  </span>
                ) : (
                  "Not issued (unpaid)"
                )
              }
            />
          </dl>
        </section>
        <section aria-labelledby="product-info" className="rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="product-info" className="text-lg font-semibold">
            Product Information
          </h2>
          <div className="mt-4 flex gap-4">
            <Picture
              src={order.product.image ?? "/placeholder.svg"}
              sizes="8rem"
              alt=""
              width={960}
              height={600}
              className="aspect-[8/5] w-32 rounded-lg object-cover"
            />
            <div className="text-sm">
              <Link to={`/admin/products/${order.product_id}`} className="font-semibold text-brand-700 hover:underline">
                {order.product.title}
              </Link>
              <p className="mt-1 text-slate-600">Product ID: {order.product_id}</p>
            </div>
          </div>
        </section>
      </div>
      {order.cancellation_requested_at && !order.cancellation_answered_at && !order.cancellation_withdrawn_at ? (
        <CancellationAnswer
          action={paths.adminOrder(order.id)}
          requestedAt={order.cancellation_requested_at}
          remaining={minorToDecimalString(amount === null ? 0 : amount - (decimalToMinor(order.refunded_amount, order.currency) ?? 0), order.currency)}
          currency={order.currency}
          lastResult={answer && "result" in answer && answer.intent === "answer-cancellation" ? answer.result : undefined}
        />
      ) : null}
      {work ? (
        <StudioWork
          work={work}
          pagePath={paths.adminOrder(work.order.id)}
          viewer="studio"
          answer={answer}
          comments={"comments" in loaderData ? (loaderData.comments ?? {}) : {}}
          timecodeStyle={"timecodeStyle" in loaderData ? loaderData.timecodeStyle : "player"}
          downloads={"downloads" in loaderData ? (loaderData.downloads ?? []) : []}
          offers={"changeOffers" in loaderData && loaderData.changeOffers ? { ...loaderData.changeOffers, canApprove: true } : undefined}
        />
      ) : null}
      {work ? (
        <RefundPanel
          // A new start once the work moves on (a delivery, a cancellation): nothing typed before it is kept.
          key={`${order.work_status}-${work.events.length}`}
          action={paths.adminOrder(order.id)}
          paymentStatus={order.payment_status}
          workStatus={order.work_status}
          remainingMinor={amount === null ? null : amount - (decimalToMinor(order.refunded_amount, order.currency) ?? 0)}
          currency={order.currency}
          refunds={work.refunds}
          orderId={order.id}
          refundKey={"refundKey" in loaderData ? (loaderData.refundKey ?? "") : ""}
          lastResult={answer && "result" in answer && answer.intent === "refund" ? answer.result : undefined}
          confirm={answer && "refundConfirm" in answer ? answer.refundConfirm : null}
        />
      ) : null}
    </div>
  );
}

/** Who bought the order and what they bought, first on the page: the studio reads it before the work. */
const vatOutcome = (shown: string | null) => (shown && shown in VAT_CLAIM_MESSAGES ? VAT_CLAIM_MESSAGES[shown as keyof typeof VAT_CLAIM_MESSAGES] : null);

/** A business buyer's VAT number as checked for the order; a claim still open can be checked again at once. */
function VatCheckPanel({ vat }: { vat: NonNullable<OrderBuyerView["vat"]> }) {
  const checking = useIsSubmitting("", "check-vat");
  return (
    <div className="mt-3 space-y-2 text-slate-700" data-testid="vat-check">
      <p>{vat.summary}</p>
      {vat.claim === "unverified" ? (
        <Form method="post" className="space-y-2">
          <p>{`Not confirmed yet: checked again daily until ${VAT_CLAIM_DAYS} days after the order; once confirmed, the VAT goes back with a credit note.`}</p>
          <SubmitButton name="intent" value="check-vat" busy={checking} busyText="Checking…" tone="danger">
            Check the VAT number again
          </SubmitButton>
        </Form>
      ) : vat.claim === "lapsed" ? (
        <p>{`Not confirmed within ${VAT_CLAIM_DAYS} days: the VAT stays charged.`}</p>
      ) : null}
    </div>
  );
}

function BuyerPanel({ buyer }: { buyer: OrderBuyerView }) {
  const billing = buyer.billing;
  return (
    <section aria-labelledby="customer-info" className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 text-sm md:grid-cols-3">
      <div>
        <h2 id="customer-info" className="text-lg font-semibold">
          Customer
        </h2>
        <p className="mt-3 font-medium text-slate-900" data-testid="customer-name">
          {buyer.name}
        </p>
        <a href={`mailto:${buyer.email}`} className="break-all text-brand-700 hover:underline">
          {buyer.email}
        </a>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Billing address</h3>
        {billing ? (
          <address className="mt-3 text-slate-700 not-italic" data-testid="customer-address">
            {billing.company ? (
              <>
                {billing.company}
                <br />
              </>
            ) : null}
            <span className="block">{[...billing.lines, countryName(billing.country)].join(", ")}</span>
            {billing.tax_id ? <span className="mt-1 block">VAT / tax number: {billing.tax_id}</span> : null}
          </address>
        ) : (
          <p className="mt-3 text-slate-600">Not recorded with the order.</p>
        )}
        {buyer.vat ? <VatCheckPanel vat={buyer.vat} /> : null}
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">Package</h3>
        {buyer.package ? (
          <>
            <p className="mt-3 font-medium text-slate-900" data-testid="order-package">
              {buyer.package.name}
              <span className="font-normal text-slate-600"> · {buyer.package.short_description}</span>
            </p>
            <ul className="mt-2 space-y-1 text-slate-700" aria-label="Package includes">
              {buyer.package.items_included.map((item) => (
                <li key={item} className="check-item">
                  {item}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-3 text-slate-600">The package is no longer on the product.</p>
        )}
      </div>
    </section>
  );
}

/** The order's movements in the creators' ledger: what its creator earned, and later what was paid or taken back. */
function LedgerPanel({ rows }: { rows: OrderLedgerRowView[] }) {
  return (
    <section aria-labelledby="ledger-title" className="rounded-2xl border border-slate-200 bg-white p-6 text-sm">
      <h2 id="ledger-title" className="text-lg font-semibold">
        Creator's ledger
      </h2>
      <ul className="mt-3 space-y-1">
        {rows.map((row) => (
          <li key={row.id} data-testid="ledger-row">
            <span className="font-semibold">{LEDGER_KIND_LABELS.admin[row.kind]}</span>
            {` · ${row.creator} · ${formatMoney(row.amount_minor, row.currency)} · ${adminDateTime.format(new Date(row.created_at))} UTC`}
            {row.kind === "earning" && row.available_at ? ` · payable from ${adminDateTime.format(new Date(row.available_at))} UTC` : ""}
            <span className="text-slate-500">{` · key ${row.idempotency_key}`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Who makes the order: its creator, or "Unassigned" (the studio holds it), and the form that gives
 * it to one of its product's creators or takes it from one (a reason needed then).
 */
function AssignmentPanel({
  workStatus,
  assignment,
  offer,
  makers,
  lastResult,
}: {
  workStatus: WorkStatus;
  assignment: { creator: { id: number; name: string; status: string }; assigned_at: string } | null;
  offer: { creator: string; expires_at: string } | null;
  makers: ProductCreatorView[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, formProps, error } = useSchemaForm(AssignmentSchema, { lastResult, id: "assign" });
  const busy = useIsSubmitting("", "assign");
  const open = OPEN_WORK.includes(workStatus) && workStatus !== "awaiting_payment";
  const choices = makers.filter((m) => m.status === "active" || m.status === "away");
  return (
    <section aria-labelledby="assignment-title" className="rounded-2xl border border-slate-200 bg-white p-6 text-sm">
      <h2 id="assignment-title" className="text-lg font-semibold">
        Creator
      </h2>
      <p className="mt-2" data-testid="assigned-creator">
        {assignment ? (
          <>
            <span className="font-semibold">{assignment.creator.name}</span>
            <span className="text-slate-600"> · assigned {adminDateTime.format(new Date(assignment.assigned_at))} UTC</span>
          </>
        ) : (
          <span className="font-semibold text-amber-800">Unassigned</span>
        )}
      </p>
      {offer && !assignment ? (
        <p className="mt-1 text-slate-700" data-testid="waiting-offer">
          {`Offered to ${offer.creator}: their answer is due by ${adminDateTime.format(new Date(offer.expires_at))} UTC. Assigning by hand withdraws the offer.`}
        </p>
      ) : null}
      {open && choices.length ? (
        <Form method="post" {...formProps} className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <FormError id={form.errorId} errors={form.errors} />
          <div>
            <label htmlFor={fields.creator_id.id} className="block font-medium text-slate-800">
              {assignment ? "Reassign to" : "Assign to"}
            </label>
            <select
              id={fields.creator_id.id}
              name={fields.creator_id.name}
              defaultValue={choices.find((m) => m.id !== assignment?.creator.id)?.id}
              aria-invalid={error(fields.creator_id) ? true : undefined}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5"
            >
              {choices.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                  {m.lead ? " (lead)" : ""}
                  {m.status === "away" ? " (away)" : ""}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={assignment ? "Reason (required)" : "Note (optional)"}
            meta={fields.reason}
            error={error(fields.reason)}
            maxLength={500}
            autoComplete="off"
          />
          <SubmitButton name="intent" value="assign" busy={busy} busyText="Saving..." className="sm:w-auto">
            {assignment ? "Reassign" : "Assign"}
          </SubmitButton>
        </Form>
      ) : open ? (
        <p className="mt-2 text-slate-600">This product has no creator who can take work: the studio makes it.</p>
      ) : null}
    </section>
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
