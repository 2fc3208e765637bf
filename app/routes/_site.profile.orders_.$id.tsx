import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { Refused, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { OrderMoney } from "~/components/order-money";
import { RefundList } from "~/components/refund-list";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ReviewActions, type DeliveryFile, type MasterFile } from "~/components/delivery-review";
import { formatFileSize } from "~/lib/rules/delivery-rules";
import { RATES, timecodeStyleOf, timecodeText } from "~/lib/timecode";
import type { FrameRate } from "~/lib/rules/upload-rules";
import { reviewAnswerOf } from "~/components/review-room";
import { VersionsReview } from "~/components/versions-review";
import { ReviewGuests } from "~/components/review-guests";
import { ApproversForm } from "~/components/approvers-form";
import { SignOffHistory } from "~/components/sign-off-history";
import { signOffHistory } from "~/domain/orders/sign-off-history.server";
import { setApprovers, signOffStatus, withdrawApproval } from "~/domain/orders/sign-off.server";
import { ApproversSchema } from "~/lib/schemas/approvers";
import { openComments, openGuestComments, shownVersionComments } from "~/domain/orders/review-comments.server";
import { chosenVersions } from "~/lib/versions";
import { extendReview, listGuests, reviewDeadline } from "~/domain/orders/review-guests.server";
import { isReviewIntent, reviewAction } from "~/http/review-actions.server";
import { guestAction } from "~/http/guest-actions.server";
import { REVIEW_EXTENSION_DAYS } from "~/lib/rules/review-rules";
import { PartlyRefundedBadge, StatusBadge } from "~/components/ui/status-badge";
import { timeLeft, WorkStatusBadge, WorkSteps } from "~/components/work-status";
import { StageSteps } from "~/components/stage-steps";
import { stopAfterStage, stopQuote } from "~/domain/orders/stop.server";
import { formatMoney } from "~/lib/money";
import { decimalToMinorOrZero } from "~/lib/money-decimal";
import type { OrderView } from "~/domain/orders/orders.server";
import { parseId } from "~/lib/record-id";
import { WORK_STATUS_LABEL } from "~/lib/rules/work-status";
import { requireCustomer } from "~/auth/index.server";
import { RevisionSchema } from "~/lib/schemas/revision";
import { approveDelivery } from "~/domain/orders/deliveries.server";
import { getOrderWork } from "~/domain/orders/fulfilment.server";
import { getWorkState } from "~/domain/orders/work-state.server";
import { requestRevision } from "~/domain/orders/revisions.server";
import { withMasterLinks } from "~/domain/orders/masters.server";
import { readScreenForm } from "~/http/request-body.server";
import { MessageThread } from "~/components/message-thread";
import { AttachmentList } from "~/components/attachment-list";
import { parseSubmission } from "~/http/form-submission.server";
import { formAnswer, orPage, refusedData, settle } from "~/http/screen-refusal.server";
import { isThreadIntent, threadAction } from "~/http/thread-actions.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { ATTACHMENT_FORM } from "~/http/order-forms.server";
import { editReview, reviewState, submitReview } from "~/domain/reviews/reviews.server";
import { claimGuarantee, guaranteeAvailable } from "~/domain/orders/guarantee.server";
import { ReviewSchema } from "~/lib/schemas/review";
import { OrderReview } from "~/components/review-form";
import { cancellationOffer, cancelOrder, type CancellationOffer } from "~/domain/orders/cancellation.server";
import { CANCELLATION_ANSWER_DAYS, CANCELLATION_DAYS, CANCELLATION_MESSAGES } from "~/lib/rules/cancellation-rules";
import { awaitingBriefText, promiseDate } from "~/lib/rules/work-dates";
import { dayPromise, packageName, revisionDaysPromise } from "~/lib/rules/packages";
import { orderAmount } from "~/lib/money-decimal";
import { notFound } from "~/http/answers.server";
import { paths } from "~/lib/paths";
import { randomToken } from "~/domain/crypto.server";
import { CustomerOffers, OffersBeside, type OfferAnswer } from "~/components/change-offers";
import { customerOffers } from "~/domain/orders/change-offers.server";
import { isOfferIntent, offerAction } from "~/http/offer-actions.server";
import { orderMaker, type OrderMakerView } from "~/domain/creators/offers.server";
import { FINDING_CREATOR } from "~/lib/rules/offers";
import { actionRetryAfter } from "~/lib/retry-after";

/** The page keeps its loader's privacy headers, and a refused comment or invitation its `Retry-After`. */
export const headers = actionRetryAfter;
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const id = parseId(params.id);
  const actor = { kind: "customer", id: customer.id } as const;
  const work = id ? await getOrderWork(context.db, id, actor) : null;
  if (!work || !id) throw notFound("Order not found");
  const { order } = work;
  const newest = work.deliveries[0];
  const shown = chosenVersions(work.deliveries, new URL(request.url).searchParams);
  const [maker, review, guarantee, cancellation, comments, guests, guestComments, open, stop, signOff, signOffs, offers] = await Promise.all([
    orderMaker(context.db, id),
    reviewState(context.db, customer.id, id),
    guaranteeAvailable(context.db, customer.id, id),
    cancellationOffer(context.db, customer.id, id),
    shownVersionComments(context.db, work.deliveries, shown.compare ? null : shown.selectedId, new URL(request.url).searchParams.get("comments_after")),
    listGuests(context.db, id),
    newest && order.work_status === "delivered" ? openGuestComments(context.db, id, newest.id) : { listed: [], total: 0 },
    newest && order.work_status === "delivered" ? openComments(context.db, id, newest.id) : [],
    work.stages.length && order.work_status === "in_progress" ? stopQuote(context.db, id, customer.id) : null,
    REVIEW_OPEN.includes(order.work_status) ? signOffStatus(context.db, id) : null,
    // An order in one piece keeps its sign-off history here (an order in stages shows it per stage).
    work.stages.length ? [] : signOffHistory(context.db, id),
    customerOffers(context.db, context.payments, id, customer.id),
  ]);
  const timecodeStyle = timecodeStyleOf(request.headers.get("Cookie"));
  const rate = (newest && newest.frame_rate in RATES ? newest.frame_rate : "25") as FrameRate;
  return {
    ...work,
    timecodeStyle,
    // What a revision request may include, each with its time as the room writes it.
    toInclude: open.map((c) => ({ id: c.id, author: c.author, text: c.text, time: timecodeText(c.at_frame, c.end_frame, rate, timecodeStyle) })),
    deliveries: await withMasterLinks(context.env.TOKEN_SECRET, id, work.deliveries, actor),
    comments,
    guests,
    guestComments,
    signOff,
    signOffs,
    maker,
    reviewUntil: newest ? reviewDeadline({ createdAt: new Date(newest.created_at), reviewExtensionDays: newest.review_extension_days }).toISOString() : null,
    canExtend: order.work_status === "delivered" && work.deliveries.every((d) => d.review_extension_days === 0),
    review,
    guarantee,
    cancellation,
    stop,
    offers,
    // One key per page view: a double press of an offer's Accept pays once.
    attemptKey: randomToken(12),
    // The dates the page promises count from the server's clock (the same before and after hydration).
    now: Date.now(),
    timeLeft: order.due_at && (order.work_status === "in_progress" || order.work_status === "revision_requested") ? timeLeft(order.due_at) : null,
  };
}

/** The review of a delivery: `intent=approve`, or `intent=revision` with a note and pinned comments. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const id = parseId(params.id);
  if (!id) throw notFound("Order not found");
  const actor = { kind: "customer", id: customer.id } as const;
  // Whose order it is, before a byte of the body is read.
  const order = await orPage(getWorkState(context.db, id, actor));
  const form = await readScreenForm(request, ATTACHMENT_FORM);
  const intent = form.get("intent");
  if (isOfferIntent(intent)) return offerAction(context, form, id, actor, paths.customerOrder(id));
  if (isThreadIntent(intent)) return threadAction({ db: context.db, bucket: context.env.MEDIA }, form, order, actor, paths.customerOrder(id));
  if (isReviewIntent(intent)) return reviewAction(context.db, form, id, actor, paths.customerOrder(id));
  if (intent === "invite-guest" || intent === "revoke-guest") {
    const answer = await guestAction(context.db, mailNotice(context), form, id, customer.id);
    return answer ?? redirect(`${paths.customerOrder(id)}?notice=${intent === "invite-guest" ? "guest-invited" : "guest-revoked"}#guests-title`);
  }
  if (intent === "extend-review") {
    const extended = await settle(extendReview(context.db, id, customer.id));
    if (!extended.ok) return refusedData(extended.refusal);
    return redirect(`${paths.customerOrder(id)}?notice=review-extended`);
  }
  if (intent === "approve") {
    const approved = await settle(approveDelivery(context.db, mailNotice(context), id, customer.id));
    if (!approved.ok) return refusedData(approved.refusal);
    return redirect(`${paths.customerOrder(id)}?notice=${approvedNotice(approved.value.workStatus)}`);
  }
  if (intent === "withdraw-approval") {
    const withdrawn = await settle(withdrawApproval(context.db, mailNotice(context), id, { kind: "customer" }));
    if (!withdrawn.ok) return refusedData(withdrawn.refusal);
    return redirect(`${paths.customerOrder(id)}?notice=approval-withdrawn`);
  }
  if (intent === "approvers") {
    const submission = parseSubmission(form, { schema: ApproversSchema });
    const kept = { guest_ids: form.getAll("guest_ids").map(Number).filter(Number.isInteger), required: String(form.get("required") ?? "") };
    if (submission.status !== "success")
      return refusedData(refuse.invalid(Object.values(submission.error ?? {}).flat()[0] ?? "The approvers could not be saved."), { approversKept: kept });
    const saved = await settle(setApprovers(context.db, mailNotice(context), id, customer.id, submission.value));
    if (!saved.ok) return refusedData(saved.refusal, { approversKept: kept });
    return redirect(`${paths.customerOrder(id)}?notice=approvers-saved#approvers-title`);
  }
  if (intent === "approve-stop" || intent === "stop") {
    // "Approve and stop here": the stage in hand is approved, then the order stops after it (the
    // stages not started refunded). "Stop here": the same stop, right after an approval made before.
    if (intent === "approve-stop") {
      const approved = await settle(approveDelivery(context.db, mailNotice(context), id, customer.id));
      if (!approved.ok) return refusedData(approved.refusal);
      // Approvers still awaited: the approval is recorded, and the stop waits until the stage is approved.
      if (approved.value.workStatus === "delivered") return redirect(`${paths.customerOrder(id)}?notice=sign-off-recorded-stop`);
    }
    const stopped = await settle(stopAfterStage(context.db, context.payments, mailNotice(context), id, customer.id));
    if (!stopped.ok) return refusedData(stopped.refusal);
    return redirect(`${paths.customerOrder(id)}?notice=stopped`);
  }
  if (intent === "revision") {
    const submission = parseSubmission(form, { schema: RevisionSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "revision" } });
    const requested = await settle(requestRevision(context.db, mailNotice(context), id, customer.id, submission.value));
    if (!requested.ok) return refusedData(requested.refusal);
    return redirect(`${paths.customerOrder(id)}?notice=revision-requested`);
  }
  if (intent === "guarantee") {
    // As a cancellation: only from the step that says how much comes back.
    if (form.get("confirmed") !== "yes") return redirect(`${paths.customerOrder(id)}?guarantee=confirm#guarantee-title`);
    const refunded = await settle(claimGuarantee(context.db, context.payments, customer.id, id, mailNotice(context)));
    if (!refunded.ok) return refusedData(refunded.refusal);
    return redirect(`${paths.customerOrder(id)}?notice=guarantee-refunded`);
  }
  if (intent === "cancel") {
    // Only from the confirmation step, which says what comes back: a stray tap on the first button cannot cancel.
    if (form.get("confirmed") !== "yes") return redirect(`${paths.customerOrder(id)}?cancel=confirm#cancel-title`);
    const cancelled = await settle(cancelOrder(context.db, context.payments, customer.id, id, mailNotice(context)));
    if (!cancelled.ok) return refusedData(cancelled.refusal);
    return redirect(`${paths.customerOrder(id)}?notice=${cancelled.value === "refunded" ? "cancel-refunded" : "cancel-requested"}`);
  }
  if (intent === "review" || intent === "edit-review") {
    const submission = parseSubmission(form, { schema: ReviewSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "review" } });
    const write = intent === "review" ? submitReview : editReview;
    const saved = await settle(write(context.db, customer.id, id, submission.value));
    if (!saved.ok) return formAnswer(submission, { refusal: saved.refusal, beside: { intent: "review" } });
    return redirect(`${paths.customerOrder(id)}?notice=${intent === "review" ? "review-published" : "review-updated"}`);
  }
  return refusedData(refuse.malformed("Unknown action"));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Order #${data?.order.id ?? ""} · Reelcraft` },
  { name: "robots", content: "noindex" },
];

const NOTICES: Record<string, string> = {
  "brief-submitted": "Thank you! Your brief is with the studio and production has started.",
  "brief-scheduled": "Thank you! Your brief is with the studio. Production starts when your cancellation period ends.",
  approved: "Thank you! The order is complete.",
  "stage-approved": "Thank you! The stage is approved and locked, and the next stage has started.",
  stopped: "The order is stopped after your approved stage. The stages not started are refunded; the approved stages' files are yours.",
  "revision-requested": "Your revision request is with the studio.",
  "review-published": "Thank you! Your review is on the service's page.",
  "review-updated": "Your review is updated.",
  "guarantee-refunded": "Your money is on its way back under the money-back guarantee. The order is cancelled.",
  "cancel-refunded": CANCELLATION_MESSAGES.refunded,
  "cancel-requested": CANCELLATION_MESSAGES.requested,
  "guest-invited": "Invitation sent. Your colleague can now watch and comment.",
  "guest-revoked": "That review link no longer works.",
  "sign-off-recorded": "Your approval is recorded. It takes effect once your approvers have approved too.",
  "sign-off-recorded-stop":
    "Your approval is recorded, and nothing is stopped yet: once your approvers have approved too, this page offers to stop after the stage.",
  "approval-withdrawn": "Your approval is withdrawn.",
  "approvers-saved": "Your approvers are saved.",
  "review-extended": `You have ${REVIEW_EXTENSION_DAYS} more days to review the delivery.`,
  "offer-accepted": "Thank you! The change is accepted and paid: its invoice is with the order's documents, and the due date moved.",
  "offer-declined": "You declined the change. The studio is told; nothing else changes.",
};

/** The notice after an approval: the order completed, the stage approved, or the approval recorded while approvers are awaited. */
function approvedNotice(status: string) {
  return status === "completed" ? "approved" : status === "delivered" ? "sign-off-recorded" : "stage-approved";
}

/** Where the customer's review stays open: comments, replies and colleagues' links. */
const REVIEW_OPEN: string[] = ["in_progress", "delivered", "revision_requested"];

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
  const {
    order,
    brief,
    refunds,
    laterInvoices,
    paymentsDue,
    events,
    timeLeft,
    deliveries,
    revisions,
    messages,
    seenMessageId,
    review,
    guarantee,
    cancellation,
    now,
    comments,
    guests,
    guestComments,
    signOff,
    signOffs,
    maker,
    reviewUntil,
    canExtend,
    timecodeStyle,
    toInclude,
    stages,
    estimatedFinish,
    stop,
    offers,
    attemptKey,
  } = useLoaderData<typeof loader>();
  const inHand = stages.find((s) => s.state === "in_progress" || s.state === "delivered" || s.state === "changes_asked") ?? null;
  const nextStage = inHand ? (stages[inHand.n] ?? null) : null;
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const notice = NOTICES[params.get("notice") ?? ""];
  const revisionsLeft = order.revisions_allowed - order.revisions_used;
  // A comment's or message's offers beside it: the open one to answer there too, or new scope accepted.
  const beside = (list: typeof offers.offers) => (
    <OffersBeside
      offers={list}
      card={offers.card}
      attemptKey={attemptKey}
      pagePath={paths.customerOrder(order.id)}
      answer={answer as OfferAnswer}
      orderId={order.id}
    />
  );
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

      <Refused message={answer && "refused" in answer ? answer.refused : null} />

      <CustomerOffers
        offers={offers.offers}
        card={offers.card}
        attemptKey={attemptKey}
        pagePath={paths.customerOrder(order.id)}
        answer={answer as OfferAnswer}
        orderId={order.id}
      />

      <WorkSteps status={order.work_status} revisionsUsed={order.revisions_used} />

      <StageSteps stages={stages} estimatedFinish={estimatedFinish} />

      {stop ? <StopPanel stop={stop} orderId={order.id} /> : null}

      <OrderMaker maker={maker} />

      {order.work_status === "completed" && deliveries[0] ? <FilesReady delivery={deliveries[0]} /> : null}

      {review ? <OrderReview state={review} lastResult={answer && "result" in answer && answer.intent === "review" ? answer.result : undefined} /> : null}

      {order.work_status === "scheduled" && order.starts_at ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700" data-testid="work-starts">
          {`Your brief is in. Work starts on ${dateFormat.format(new Date(order.starts_at))}, when your ${CANCELLATION_DAYS}-day cancellation period ends.`}
        </p>
      ) : null}

      {cancellation?.kind === "requested" ? <CancellationPanel offer={cancellation} confirming={false} /> : null}

      <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-slate-500">Status</dt>
          <dd className="mt-1">
            <WorkStatusBadge status={order.work_status} />
          </dd>
        </div>
        <WhenCell order={order} timeLeft={timeLeft} cancellation={cancellation} deliveredAt={deliveries[0]?.created_at ?? null} events={events} />
        {/* Revisions count while the work can still change; a closed order has none to offer. */}
        {order.work_status === "completed" || order.work_status === "cancelled" ? null : (
          <div>
            <dt className="text-slate-500">Revisions left</dt>
            <dd className="mt-1 font-medium">{order.revisions_allowed ? `${revisionsLeft} of ${order.revisions_allowed}` : "None until paid"}</dd>
            <dd className="mt-1 text-slate-600">{`${dayPromise(order.delivery_days, "delivery")} · ${revisionDaysPromise(order.revision_days)}`}</dd>
          </div>
        )}
        <div className="min-w-0">
          <dt className="text-slate-500">Amount</dt>
          <dd className="mt-1 flex items-center gap-2 font-medium">
            {orderAmount(order)} <StatusBadge status={order.payment_status} audience="customer" />
            <PartlyRefundedBadge order={order} />
          </dd>
          <dd className="mt-2 max-w-xs">
            <OrderMoney order={order} />
          </dd>
          {order.invoice_number ? (
            <dd className="mt-1">
              <Link to={`${paths.customerOrder(order.id)}/invoice`} className="text-sm font-semibold break-words text-brand-700 hover:underline">
                View invoice {order.invoice_number}
              </Link>
            </dd>
          ) : null}
          {paymentsDue.map((due) => (
            <dd key={due.id} className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              <p>
                {due.failed ? "Not paid yet (the last attempt failed)" : "To pay"}: {due.description}, {formatMoney(due.amountMinor, due.currency)}
              </p>
              <Link to={`${paths.customerOrder(order.id)}/payments/${due.id}`} className="mt-1 inline-block font-semibold text-brand-800 underline">
                Pay {formatMoney(due.amountMinor, due.currency)}
              </Link>
            </dd>
          ))}
          {laterInvoices.map((number) => (
            <dd key={number} className="mt-1">
              <Link to={`${paths.customerOrder(order.id)}/invoices/${number}`} className="text-sm font-semibold break-words text-brand-700 hover:underline">
                View invoice {number}
              </Link>
            </dd>
          ))}
        </div>
      </dl>

      {refunds.some((r) => r.status === "succeeded") ? (
        <section aria-labelledby="refund-title" className="rounded-2xl border border-violet-200 bg-violet-50 p-4 text-sm text-violet-950">
          <h2 id="refund-title" className="font-semibold">
            {order.payment_status === "refunded" ? "Refunded" : "Partly refunded"}
          </h2>
          <p className="mt-1">
            {formatMoney(decimalToMinorOrZero(order.refunded_amount, order.currency), order.currency)} went back to your card. Depending on your bank it shows
            on your statement within 5 to 10 days.{order.work_status === "cancelled" ? " The order is cancelled." : ""}
          </p>
          <div className="mt-2">
            <RefundList refunds={refunds} creditNoteHref={(number) => `${paths.customerOrder(order.id)}/credit-notes/${number}`} />
          </div>
        </section>
      ) : null}

      {deliveries.length ? (
        <section aria-labelledby="deliveries-title" className="space-y-4">
          <h2 id="deliveries-title" className="text-lg font-semibold">
            Deliveries
          </h2>
          <VersionsReview
            orderId={order.id}
            deliveries={deliveries}
            comments={comments}
            revisions={revisions}
            params={params}
            pagePath={paths.customerOrder(order.id)}
            open={REVIEW_OPEN.includes(order.work_status)}
            canResolve={false}
            answer={reviewAnswerOf(answer)}
            revisionLabel="Your revision request"
            timecodeStyle={timecodeStyle}
            commentExtra={(commentId) => beside(offers.offers.filter((o) => o.comment_id === commentId))}
            newestActions={
              order.work_status === "delivered" ? (
                <div className="space-y-4">
                  <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
                    <p>
                      Please review it by {dateTimeFormat.format(new Date(reviewUntil!))} UTC:{" "}
                      {inHand && nextStage
                        ? `without an answer, ${inHand.name} is approved automatically then and ${nextStage.name} starts.`
                        : "without an answer, the order completes automatically then."}
                    </p>
                    {canExtend ? (
                      <Form method="post">
                        <button type="submit" name="intent" value="extend-review" className="font-semibold text-brand-700 hover:underline">
                          I need {REVIEW_EXTENSION_DAYS} more days
                        </button>
                      </Form>
                    ) : null}
                  </div>
                  {guestComments.total ? (
                    <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm">
                      <h3 className="font-semibold text-amber-900">Open comments from your colleagues</h3>
                      <ul className="mt-1 space-y-1">
                        {guestComments.listed.map((c) => (
                          <li key={c.id}>
                            <a href={`#comment-${c.id}`} className="font-medium hover:underline">
                              {c.name}
                            </a>
                            : {c.text}
                          </li>
                        ))}
                      </ul>
                      {guestComments.total > guestComments.listed.length ? (
                        <p className="mt-1 text-amber-900">And {guestComments.total - guestComments.listed.length} more among the comments.</p>
                      ) : null}
                      <p className="mt-1 text-amber-900">Approving completes the order as it is; asking for changes sends those you tick with your request.</p>
                    </div>
                  ) : null}
                  <ReviewActions
                    action={paths.customerOrder(order.id)}
                    revisionsLeft={revisionsLeft}
                    openComments={toInclude}
                    lastResult={answer && "result" in answer && answer.intent === "revision" ? answer.result : undefined}
                    cancellationRequested={cancellation?.kind === "requested"}
                    stage={inHand ? { name: inHand.name, next: nextStage?.name ?? null } : null}
                    signOff={
                      signOff
                        ? {
                            customerApproved: signOff.customerApproved,
                            waiting: signOff.approvalsMissing ? signOff.approvers.filter((a) => !a.approved).map((a) => a.name) : [],
                            rule: signOff.rule,
                          }
                        : null
                    }
                  />
                </div>
              ) : null
            }
          />
        </section>
      ) : null}

      <SignOffHistory signOffs={signOffs} />

      {REVIEW_OPEN.includes(order.work_status) ? (
        <ReviewGuests guests={guests} lastResult={answer && "result" in answer && answer.intent === "invite-guest" ? answer.result : undefined}>
          <ApproversForm
            action={paths.customerOrder(order.id)}
            guests={guests}
            required={signOff?.required ?? null}
            kept={answer && "approversKept" in answer ? (answer.approversKept as { guest_ids: number[]; required: string }) : null}
          />
        </ReviewGuests>
      ) : null}

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
            <AttachmentList attachments={brief.attachments} label="Brief attachments" />
            <p className="text-slate-500">Submitted {dateTimeFormat.format(new Date(brief.submitted_at))} UTC. Changes now go through the studio.</p>
          </div>
        ) : order.work_status === "awaiting_brief" ? (
          <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
            <p data-testid="work-dates">{`The studio starts once you tell us what the video is for. ${awaitingBriefText({
              now,
              earliestStart: !order.start_work_now && cancellation?.kind === "refund" ? Date.parse(cancellation.until) : null,
              deliveryDays: order.delivery_days,
            })}`}</p>
            <Link to={paths.brief(order.id)} className="mt-3 inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
              Write your brief
            </Link>
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            {order.work_status === "awaiting_payment" ? "You can write the brief once the order is paid." : "No brief was submitted."}
          </p>
        )}
      </section>

      <MessageThread
        orderId={order.id}
        key={order.id}
        messages={messages}
        viewer="customer"
        action={paths.customerOrder(order.id)}
        lastResult={answer && "result" in answer && answer.intent === "message" ? answer.result : undefined}
        open={order.work_status !== "awaiting_payment"}
        seenMessageId={seenMessageId}
        messageExtra={(messageId) => beside(offers.offers.filter((o) => o.message_id === messageId))}
      />

      {cancellation && cancellation.kind !== "requested" ? <CancellationPanel offer={cancellation} confirming={params.get("cancel") === "confirm"} /> : null}

      {guarantee ? <GuaranteePanel order={order} notApproved={guarantee.notApproved} confirming={params.get("guarantee") === "confirm"} /> : null}

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

/** Right after an approval (before the next stage is delivered): stop here, the stages not started refunded. */
function StopPanel({ stop, orderId }: { stop: { amountMinor: number; currency: string; after: string }; orderId: number }) {
  const stopping = useIsSubmitting(paths.customerOrder(orderId), "stop");
  return (
    <section aria-labelledby="stop-title" className="rounded-2xl border border-slate-200 bg-white p-4 text-sm">
      <h2 id="stop-title" className="font-semibold">
        Stop after {stop.after}?
      </h2>
      <p className="mt-1 text-slate-700">
        You can stop here, before the next stage is delivered: {formatMoney(stop.amountMinor, stop.currency)} for the stages not started goes back to your card,
        with a credit note, and the approved stages&apos; files are yours.
      </p>
      <Form method="post" className="mt-3">
        <SubmitButton name="intent" value="stop" busy={stopping} busyText="Stopping..." className="sm:w-auto">
          Stop here and refund {formatMoney(stop.amountMinor, stop.currency)}
        </SubmitButton>
      </Form>
    </section>
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

/**
 * The withdrawal function: cancel within 14 days of paying, or the request's state. It comes after
 * the order's next step, and it cancels only from a confirmation step (`?cancel=confirm`, a plain link,
 * so it works without JavaScript) that says what comes back before anything happens.
 */
/** The order's date cell, by where it stands: what is due while work is open, else when it was delivered, completed or cancelled. */
function WhenCell({
  order,
  timeLeft,
  cancellation,
  deliveredAt,
  events,
}: {
  order: Pick<OrderView, "work_status" | "due_at" | "start_work_now" | "delivery_days">;
  timeLeft: string | null;
  cancellation: CancellationOffer;
  deliveredAt: string | null;
  events: { to_status: string; created_at: string }[];
}) {
  const reached = (status: string) => events.reduce<string | null>((at, event) => (event.to_status === status ? event.created_at : at), null);
  const closed =
    order.work_status === "delivered"
      ? { label: "Delivered", at: deliveredAt }
      : order.work_status === "completed"
        ? { label: "Completed", at: reached("completed") }
        : order.work_status === "cancelled"
          ? { label: "Cancelled", at: reached("cancelled") }
          : null;
  if (closed) {
    return (
      <div>
        <dt className="text-slate-500">{closed.label}</dt>
        <dd className="mt-1 font-medium">{closed.at ? dateFormat.format(new Date(closed.at)) : "Yes"}</dd>
      </div>
    );
  }
  return (
    <div>
      <dt className="text-slate-500">Due</dt>
      <dd className="mt-1 font-medium">
        {order.due_at ? (
          <>
            {dateFormat.format(new Date(order.due_at))}
            {timeLeft ? <span className="text-slate-600"> · {timeLeft}</span> : null}
          </>
        ) : order.work_status === "awaiting_brief" && !order.start_work_now && cancellation?.kind === "refund" ? (
          `From ${promiseDate(Date.parse(cancellation.until) + order.delivery_days * 86_400_000)}, if your brief is in by ${promiseDate(cancellation.until)}`
        ) : (
          `${order.delivery_days} days after your brief`
        )}
      </dd>
    </div>
  );
}

/** After approval, what the customer came for, first: the delivery's files, all at once where they can be. */
function FilesReady({ delivery }: { delivery: { masters: MasterFile[]; mastersZip: { href: string; size: number } | null; files: DeliveryFile[] } }) {
  const released = delivery.masters.filter((master) => master.href);
  return (
    <section aria-labelledby="files-ready-title" className="space-y-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-6">
      <h2 id="files-ready-title" className="text-lg font-semibold text-emerald-950">
        Your files are ready
      </h2>
      {delivery.mastersZip ? (
        <a
          href={delivery.mastersZip.href}
          download
          className="inline-flex rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Download all (ZIP, {formatFileSize(delivery.mastersZip.size)})
        </a>
      ) : null}
      <ul aria-label="Your files" className="space-y-1 text-sm">
        {(released.length
          ? released.map((m) => ({ id: m.id, name: m.name, size: m.size, href: m.href! }))
          : delivery.files.map((f) => ({ id: f.id, name: f.name, size: f.size, href: f.url }))
        ).map((file) => (
          <li key={file.id}>
            <a href={file.href} download={file.name} className="font-semibold break-all text-brand-700 hover:underline">
              Download {file.name} ({formatFileSize(file.size)})
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A confirmation step's two answers: the one button that acts (`confirmed=yes`), and "Keep my order", which leaves all as it was. */
function ConfirmStep({ intent, label }: { intent: "cancel" | "guarantee"; label: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Form method="post">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800">
          {label}
        </button>
      </Form>
      <Link
        to="?"
        replace
        preventScrollReset
        className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        Keep my order
      </Link>
    </div>
  );
}

/**
 * The first order's money-back guarantee: a secondary action after the order's own next steps, which
 * names what comes back on a step of its own (a page without JavaScript) before anything is refunded.
 */
function GuaranteePanel({
  order,
  notApproved,
  confirming,
}: {
  order: Pick<OrderView, "order_amount" | "refunded_amount" | "currency">;
  /** An order in stages with stages approved: what is not approved comes back; the approved stages are kept. */
  notApproved: { amountMinor: number; currency: string; kept: string[] } | null;
  confirming: boolean;
}) {
  const back = notApproved
    ? formatMoney(notApproved.amountMinor, notApproved.currency)
    : formatMoney(decimalToMinorOrZero(order.order_amount, order.currency) - decimalToMinorOrZero(order.refunded_amount, order.currency), order.currency);
  const kept = notApproved ? ` The stages you approved (${notApproved.kept.join(", ")}) are kept: their files are yours.` : "";
  return (
    <section
      aria-labelledby="guarantee-title"
      className={`space-y-3 rounded-2xl border p-6 ${confirming ? "border-red-200 bg-red-50 text-red-950" : "border-slate-200 bg-white"}`}
    >
      <h2 id="guarantee-title" className="text-lg font-semibold" tabIndex={-1}>
        {confirming ? "Refund your first order?" : "30-day money-back guarantee"}
      </h2>
      {confirming ? (
        <>
          <p
            className="text-sm"
            data-testid="guarantee-refund"
          >{`You get ${back} back now, to the card you paid with, and the order is cancelled.${kept} This cannot be undone.`}</p>
          <ConfirmStep intent="guarantee" label={`Yes, refund ${back}`} />
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {notApproved
              ? `This is your first order: within 30 days of paying, and until the order is completed, you can have what is not approved back at once (${back}). The order is then cancelled.`
              : "This is your first order: within 30 days of paying, and until the order is completed, you can have all your money back at once. The order is then cancelled."}
          </p>
          <Link
            to="?guarantee=confirm#guarantee-title"
            preventScrollReset
            className="inline-flex rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold hover:bg-slate-50"
          >
            Refund my first order
          </Link>
        </>
      )}
    </section>
  );
}

function CancellationPanel({ offer, confirming }: { offer: CancellationOffer; confirming: boolean }) {
  if (!offer) return null;
  if (offer.kind === "requested") {
    return (
      <section aria-labelledby="cancel-title" className="space-y-2 rounded-2xl border border-amber-200 bg-amber-50 p-6 text-sm text-amber-950">
        <h2 id="cancel-title" className="text-lg font-semibold">
          Cancellation requested
        </h2>
        <p>{`The studio answers by ${dateFormat.format(new Date(offer.answerBy))} with a refund for the work not yet done. Without an answer by then, all your money comes back.`}</p>
      </section>
    );
  }
  const back = formatMoney(offer.backMinor, offer.currency);
  if (confirming) {
    return (
      <section aria-labelledby="cancel-title" className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-950">
        <h2 id="cancel-title" className="text-lg font-semibold" tabIndex={-1}>
          Cancel this order?
        </h2>
        <p className="text-sm" data-testid="cancel-refund">
          {offer.kind === "refund"
            ? `You get ${back} back now, to the card you paid with, and the order ends. This cannot be undone.`
            : `The studio answers within ${CANCELLATION_ANSWER_DAYS} days with what it keeps for the work already done, and refunds the rest; if it does not answer, you get everything back (${back}).`}
        </p>
        <ConfirmStep intent="cancel" label={offer.kind === "refund" ? `Yes, cancel and refund ${back}` : "Yes, ask to cancel"} />
      </section>
    );
  }
  return (
    <section aria-labelledby="cancel-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="cancel-title" className="text-lg font-semibold">
        Cancel this order
      </h2>
      <p className="text-sm text-slate-700">
        {offer.kind === "refund"
          ? `You can cancel until ${dateFormat.format(new Date(offer.until))}. Work has not started, so you get all your money back at once.`
          : `You can cancel until ${dateFormat.format(new Date(offer.until))}. Work started at your request, so the studio refunds what was not yet done, within ${CANCELLATION_ANSWER_DAYS} days.`}
      </p>
      <Link
        to="?cancel=confirm#cancel-title"
        preventScrollReset
        className="inline-flex rounded-lg border border-red-300 px-4 py-2.5 text-sm font-semibold text-red-800 hover:bg-red-50"
      >
        Cancel this order
      </Link>
    </section>
  );
}

/** Who makes the order: "Finding your creator" while an offer waits for an answer; the creator, with their picture, once one has it. */
function OrderMaker({ maker }: { maker: OrderMakerView }) {
  if (!maker) return null;
  if (maker.state === "finding")
    return (
      <p data-testid="order-maker" className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
        <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-brand-600 motion-reduce:animate-none" />
        {`${FINDING_CREATOR}: the work is offered to a creator of this service; you will see who once they accept. Your due date does not change.`}
      </p>
    );
  const initials = maker.name
    .split(/\s+/)
    .map((word) => word[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <p data-testid="order-maker" className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
      {maker.avatar_url ? (
        <img src={maker.avatar_url} alt="" width={40} height={40} className="size-10 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800">
          {initials}
        </span>
      )}
      <span>
        {"Made by "}
        {maker.slug ? (
          <Link to={`/creators/${maker.slug}`} className="font-semibold text-brand-700 hover:underline">
            {maker.name}
          </Link>
        ) : (
          <strong>{maker.name}</strong>
        )}
      </span>
    </p>
  );
}
