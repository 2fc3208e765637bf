import type { SubmissionResult } from "@conform-to/react";
import { StageSteps, type StageStep } from "./stage-steps";
import { useSearchParams } from "@remix-run/react";
import { deliveryVideoId, PinnedComment } from "~/components/delivery-review";
import { reviewAnswerOf } from "~/components/review-room";
import { VersionsReview, type VersionView } from "~/components/versions-review";
import { MessageThread, type ThreadMessage } from "~/components/message-thread";
import { StudioOffers, StudioOffersBeside, type OfferAnswer, type OfferItem } from "~/components/change-offers";
import { AttachmentList, type Attachment } from "~/components/attachment-list";
import { DeliveryUpload } from "~/components/delivery-upload";
import { Refused } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { WorkStatusBadge } from "~/components/work-status";
import { WORK_STATUS_LABEL, type WorkActor, type WorkStatus } from "~/lib/rules/work-status";
import type { CommentPage } from "~/domain/orders/review-comments.server";
import type { TimecodeStyle } from "~/lib/timecode";

const adminDateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const ACTOR_LABEL: Record<WorkActor, string> = { customer: "customer", admin: "admin", creator: "creator", system: "system" };

/** What the studio's pages know of an order's work (an admin's, or its creator's: neither carries the buyer's money here). */
export interface StudioWorkView {
  order: { id: number; work_status: WorkStatus; due_at: string | null; revisions_used: number; revisions_allowed: number };
  brief: {
    purpose: string;
    audience: string | null;
    style: string | null;
    references: string[];
    must_haves: string | null;
    deadline_wish: string | null;
    attachments: Attachment[];
  } | null;
  revisions: { created_at: string; note: string; delivery_id: number | null; comments: { at_seconds: number; text: string }[] }[];
  deliveries: VersionView[];
  /** An order made in stages: its stages (empty otherwise) and the estimate of its finish. */
  stages?: StageStep[];
  estimatedFinish?: string | null;
  messages: ThreadMessage[];
  seenMessageId: number;
  events: { actor: WorkActor; to_status: WorkStatus; note: string | null; created_at: string }[];
}

/** What the page says after an offer form. */
const OFFER_NOTICES: Record<string, string> = {
  "offer-sent": "Change offered: the customer is told by email and answers on their order page.",
  "offer-waits": "Your offer waits for an admin's approval before the customer sees it.",
  "offer-approved": "Approved: the change is offered to the customer.",
};

/** What the page's action answered: a refusal (a delivery's keeps its note), or a form's reply. */
type StudioAnswer = { refused?: string | null; note?: unknown; intent?: string; result?: SubmissionResult<string[]> } | undefined;

/**
 * An order's work as the studio makes it, on the admin's order page and on the creator's: the
 * brief, the delivery form while work is open, revision requests, versions with their review,
 * master downloads, the thread and the timeline. Every form posts to `pagePath`.
 */
export function StudioWork({
  work,
  pagePath,
  viewer,
  answer: anyAnswer,
  comments,
  timecodeStyle,
  downloads = [],
  offers,
}: {
  work: StudioWorkView;
  pagePath: string;
  viewer: "studio" | "creator";
  answer: unknown;
  comments: Record<string, CommentPage>;
  timecodeStyle: TimecodeStyle;
  downloads?: { file_id: number; name: string; by: string; at: string }[];
  /** The order's change offers (an admin approves a creator's that waits), and its currency for a new one. */
  offers?: { list: OfferItem[]; currency: string; canApprove: boolean };
}) {
  const answer = anyAnswer as StudioAnswer;
  // Offers are raised on a comment or a message while the order is paid and its work open.
  const takesOffers = Boolean(offers) && ["awaiting_brief", "scheduled", "in_progress", "delivered", "revision_requested"].includes(work.order.work_status);
  const beside = (anchor: { comment_id: number } | { message_id: number }) =>
    offers && (takesOffers || offers.list.some((o) => ("comment_id" in anchor ? o.comment_id === anchor.comment_id : o.message_id === anchor.message_id))) ? (
      <StudioOffersBeside
        offers={offers.list.filter((o) => ("comment_id" in anchor ? o.comment_id === anchor.comment_id : o.message_id === anchor.message_id))}
        anchor={anchor}
        pagePath={pagePath}
        currency={offers.currency}
        answer={anyAnswer as OfferAnswer}
        canRaise={takesOffers}
      />
    ) : null;
  const delivering = useIsSubmitting(pagePath, "deliver");
  const [params] = useSearchParams();
  return (
    <section aria-labelledby="work-title" className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="work-title" className="text-lg font-semibold">
          Work
        </h2>
        <WorkStatusBadge status={work.order.work_status} />
        <p className="text-sm text-slate-600">
          {work.order.due_at ? `Due ${adminDateTime.format(new Date(work.order.due_at))} UTC · ` : ""}
          {work.order.revisions_used} of {work.order.revisions_allowed} revisions used
        </p>
      </div>

      {OFFER_NOTICES[params.get("notice") ?? ""] ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {OFFER_NOTICES[params.get("notice") ?? ""]}
        </p>
      ) : null}

      <StageSteps stages={work.stages ?? []} estimatedFinish={work.estimatedFinish ?? null} />

      <div>
        <h3 className="font-semibold">Brief</h3>
        {work.brief ? (
          <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
            {(
              [
                ["What the video is for", work.brief.purpose],
                ["Audience", work.brief.audience],
                ["Style", work.brief.style],
                ["References", work.brief.references.join("\n") || null],
                ["Must-have content", work.brief.must_haves],
                ["Deadline wish", work.brief.deadline_wish],
              ] as const
            ).map(([term, value]) => (
              <div key={term}>
                <dt className="text-slate-500">{term}</dt>
                <dd className="break-words whitespace-pre-wrap">{value ?? "Not given"}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No brief yet.</p>
        )}
        {work.brief ? <AttachmentList attachments={work.brief.attachments} label="Brief attachments" /> : null}
      </div>

      <Refused message={answer && "refused" in answer && !("note" in answer) ? answer.refused : null} />

      {work.order.work_status === "in_progress" || work.order.work_status === "revision_requested" ? (
        <DeliveryUpload
          orderId={work.order.id}
          pagePath={pagePath}
          refused={answer && "refused" in answer && "note" in answer ? (answer.refused ?? null) : null}
          note={answer && "note" in answer ? String(answer.note) : ""}
          busy={delivering}
        />
      ) : null}

      {work.revisions.length ? (
        <div className="space-y-3">
          <h3 className="font-semibold">Revision requests</h3>
          {work.revisions.map((revision) => (
            <div key={revision.created_at} className="rounded-xl bg-amber-50 p-3 text-sm">
              <p className="text-slate-500">{adminDateTime.format(new Date(revision.created_at))} UTC</p>
              <p className="mt-1 whitespace-pre-wrap">{revision.note}</p>
              {revision.comments.length ? (
                <ul aria-label="Pinned comments" className="mt-2 space-y-1">
                  {revision.comments.map((c) => (
                    <PinnedComment
                      key={`${c.at_seconds}-${c.text}`}
                      videoId={revision.delivery_id ? deliveryVideoId(revision.delivery_id) : ""}
                      atSeconds={c.at_seconds}
                      text={c.text}
                    />
                  ))}
                </ul>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}

      {offers ? <StudioOffers offers={offers.list} canApprove={offers.canApprove} pagePath={pagePath} /> : null}

      {work.deliveries.length ? (
        <div className="space-y-3">
          <h3 className="font-semibold">Deliveries</h3>
          <VersionsReview
            orderId={work.order.id}
            deliveries={work.deliveries}
            comments={comments}
            revisions={work.revisions}
            params={params}
            pagePath={pagePath}
            open={["in_progress", "delivered", "revision_requested"].includes(work.order.work_status)}
            canResolve
            answer={reviewAnswerOf(answer)}
            timecodeStyle={timecodeStyle}
            commentExtra={offers ? (id) => beside({ comment_id: id }) : undefined}
          />
          <p className="text-sm text-slate-500">{work.deliveries.map((d) => `v${d.number}: ${d.frame_rate} fps`).join(" · ")}</p>
          {downloads.length ? (
            <div>
              <h4 className="text-sm font-semibold">Master downloads</h4>
              <ul aria-label="Master downloads" className="mt-1 space-y-0.5 text-sm">
                {downloads.map((d) => (
                  <li key={`${d.file_id}-${d.at}`}>
                    {adminDateTime.format(new Date(d.at))} UTC · {d.by} · {d.name}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}

      <MessageThread
        orderId={work.order.id}
        key={work.order.id}
        messages={work.messages}
        viewer={viewer}
        action={pagePath}
        lastResult={answer && "result" in answer && answer.intent === "message" ? answer.result : undefined}
        open={work.order.work_status !== "awaiting_payment"}
        seenMessageId={work.seenMessageId}
        messageExtra={offers ? (id) => beside({ message_id: id }) : undefined}
      />

      <div>
        <h3 className="font-semibold">Timeline</h3>
        <ol className="mt-2 space-y-1 text-sm">
          {work.events.map((event) => (
            <li key={event.created_at + event.to_status}>
              {adminDateTime.format(new Date(event.created_at))} UTC · <span className="font-medium">{WORK_STATUS_LABEL[event.to_status]}</span> by{" "}
              {ACTOR_LABEL[event.actor]}
              {event.note ? ` · ${event.note}` : ""}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
