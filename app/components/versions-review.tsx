import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DeliveryFiles, deliveryVideoId, MasterFiles, PinnedComment, type DeliveryFile, type MasterFile } from "~/components/delivery-review";
import { CompareVersions, ReviewRoom, type ReviewAnswer } from "~/components/review-room";
import type { CommentPage } from "~/domain/orders/review-comments.server";
import { chosenVersions } from "~/lib/versions";
import type { TimecodeStyle } from "~/lib/timecode";

export type VersionView = {
  id: number;
  number: number;
  note: string | null;
  frame_rate: string;
  created_at: string;
  files: DeliveryFile[];
  masters: MasterFile[];
  mastersZip?: { href: string; size: number } | null;
};

type Revision = { created_at: string; note: string; delivery_id: number | null; comments: { at_seconds: number; text: string }[] };

const dateTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

const playable = (v: VersionView) => v.files.find((f) => f.role === "preview") ?? v.files.find((f) => f.kind === "video") ?? null;
/** The file the review room shows: the video, or for a version of stills its first image. */
const reviewed = (v: VersionView) => playable(v) ?? v.files.find((f) => f.kind === "image") ?? null;

/**
 * An order's deliveries as versions (v1, v2, …): a switcher, the chosen version's review room (its
 * player, comments and form), its other files and masters, the revision requests made of it, and a
 * side-by-side compare of two versions. `newestActions` (approve, ask for changes) sit with the newest.
 */
export function VersionsReview({
  orderId,
  deliveries,
  comments,
  revisions,
  params,
  pagePath,
  open,
  canResolve,
  answer,
  newestActions,
  revisionLabel = "Revision request",
  exports = true,
  timecodeStyle = "player",
  commentExtra,
}: {
  orderId: number;
  /** Newest first. */
  deliveries: VersionView[];
  comments: Record<string, CommentPage>;
  revisions: Revision[];
  params: URLSearchParams;
  /** The page (links and forms). */
  pagePath: string;
  open: boolean;
  canResolve: boolean;
  answer: ReviewAnswer | null;
  newestActions?: ReactNode;
  /** How a revision request is headed ("Your revision request" on the customer's page). */
  revisionLabel?: string;
  exports?: boolean;
  /** How times are written (the reader's `timecode` cookie). */
  timecodeStyle?: TimecodeStyle;
  /** What the page shows under a comment (its change offers). */
  commentExtra?: (commentId: number) => ReactNode;
}) {
  const { selectedId, compare } = chosenVersions(deliveries, params);
  const selected = deliveries.find((d) => d.id === selectedId);
  if (!selected) return null;
  const newest = deliveries[0]!;
  const withVideo = deliveries.filter((d) => playable(d));
  const link = (query: string) => `${pagePath}?${query}`;
  const comparing = compare ? compare.map((id) => deliveries.find((d) => d.id === id)!) : null;

  return (
    <div className="space-y-4">
      {deliveries.length > 1 ? (
        <nav aria-label="Versions" className="flex flex-wrap items-center gap-2 text-sm">
          {deliveries.map((d) => (
            <Link
              key={d.id}
              to={link(`version=${d.id}`)}
              preventScrollReset
              aria-current={!comparing && d.id === selected.id ? "page" : undefined}
              className={`rounded-full border px-3 py-1 font-semibold ${!comparing && d.id === selected.id ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-slate-700 hover:border-slate-500"}`}
            >
              v{d.number}
              {d.id === newest.id ? " (latest)" : ""}
            </Link>
          ))}
          {withVideo.length > 1 ? (
            <Link to={link(`compare=${withVideo[1]!.id},${withVideo[0]!.id}`)} preventScrollReset className="font-semibold text-brand-700 hover:underline">
              Compare v{withVideo[1]!.number} with v{withVideo[0]!.number}
            </Link>
          ) : null}
        </nav>
      ) : null}

      {comparing ? (
        <section aria-label={`v${comparing[0]!.number} and v${comparing[1]!.number} side by side`} className="space-y-2">
          <CompareVersions
            left={{ label: `v${comparing[0]!.number}`, url: playable(comparing[0]!)?.url ?? "" }}
            right={{ label: `v${comparing[1]!.number}`, url: playable(comparing[1]!)?.url ?? "" }}
          />
          <Link to={link(`version=${newest.id}`)} className="text-sm font-semibold text-brand-700 hover:underline">
            Back to v{newest.number}
          </Link>
        </section>
      ) : (
        <article
          aria-label={`Delivery of ${dateTime.format(new Date(selected.created_at))}`}
          className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
        >
          <p className="text-sm text-slate-500">
            v{selected.number} · {selected.id === newest.id ? "Latest delivery" : "Earlier delivery"} · {dateTime.format(new Date(selected.created_at))} UTC
          </p>
          {selected.note ? <p className="text-sm whitespace-pre-wrap">{selected.note}</p> : null}
          <ReviewRoom
            orderId={orderId}
            delivery={selected}
            page={comments[String(selected.id)] ?? { comments: [], markers: [], after: null, next: null }}
            pageLink={(after) => `${link(`version=${selected.id}${after ? `&comments_after=${after}` : ""}`)}#comments-${selected.id}`}
            action={pagePath}
            open={open}
            canResolve={canResolve}
            answer={answer}
            playerId={deliveryVideoId(selected.id)}
            exports={exports}
            timecodeStyle={timecodeStyle}
            commentExtra={commentExtra}
          />
          <DeliveryFiles deliveryId={selected.id} files={selected.files.filter((f) => f !== reviewed(selected))} />
          <MasterFiles masters={selected.masters} zip={selected.mastersZip} />
          {revisions
            .filter((r) => r.delivery_id === selected.id)
            .map((revision) => (
              <div key={revision.created_at} className="rounded-xl bg-slate-50 p-3 text-sm">
                <p className="font-medium">{revisionLabel}</p>
                <p className="mt-1 whitespace-pre-wrap">{revision.note}</p>
                {revision.comments.length ? (
                  <ul aria-label="Pinned comments" className="mt-2 space-y-1">
                    {revision.comments.map((c) => (
                      <PinnedComment key={`${c.at_seconds}-${c.text}`} videoId={deliveryVideoId(selected.id)} atSeconds={c.at_seconds} text={c.text} />
                    ))}
                  </ul>
                ) : null}
              </div>
            ))}
        </article>
      )}
      {!comparing && selected.id === newest.id ? newestActions : null}
    </div>
  );
}
