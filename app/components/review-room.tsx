import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { SubmitButton } from "~/components/ui/form";
import { DRAWING_COLOURS, DRAWING_LIMITS, DRAWING_TOOLS } from "~/lib/rules/review-rules";
import type { Drawing } from "~/lib/schemas/review-comment";
import { COMMENT_TEXT_MAX } from "~/lib/rules/text-limits";
import { formatFileSize } from "~/lib/rules/delivery-rules";
import { frameAt, RATES, secondsOf, timecodeText, type TimecodeStyle } from "~/lib/timecode";
import type { FrameRate } from "~/lib/rules/upload-rules";
import { useHydrated } from "~/components/use-hydrated";
import { useAfterPost } from "~/components/ui/use-after-post";
import type { CommentPage, CommentView } from "~/domain/orders/review-comments.server";

type Author = CommentView["author"];
export type ReviewComment = CommentView;

/**
 * What the page's review action answered when it refused a comment or a reply: the form's reply
 * (`formAnswer` in app/http/screen-refusal.server.ts), with its messages and what was typed.
 */
export type ReviewAnswer = { intent: "comment" | "reply"; comment_id?: number; result: SubmissionResult<string[]> };

/** The review room's part of a page's action data, if the action answered a comment or a reply. */
export function reviewAnswerOf(answer: unknown): ReviewAnswer | null {
  const candidate = answer as Partial<ReviewAnswer> | null | undefined;
  return candidate && (candidate.intent === "comment" || candidate.intent === "reply") && candidate.result ? (candidate as ReviewAnswer) : null;
}

/** The answer's messages, as one line. */
const answerMessage = (answer: ReviewAnswer) => (answer.result.error?.[""] ?? []).join(" ");
/** A field as it was sent, to keep it in the form. */
const keptValue = (answer: ReviewAnswer | null, name: string) => {
  const value = (answer?.result.initialValue as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
};

type Shape = Drawing["shapes"][number];
type Tool = (typeof DRAWING_TOOLS)[number];
type Colour = (typeof DRAWING_COLOURS)[number];

const TOOL_NAMES: Record<Tool, string> = { pen: "Pen", arrow: "Arrow", rect: "Rectangle" };
const COLOUR_NAMES: Record<Colour, string> = { "#e11d48": "Red", "#f59e0b": "Amber", "#10b981": "Green", "#3b82f6": "Blue" };
const AUTHOR_BADGE: Record<Author["kind"], string> = { customer: "Customer", admin: "Studio", creator: "Creator", guest: "Guest" };

/** The shapes of a comment's drawing as the page carries it (its stored JSON); none when it cannot be read. */
function selectedShapes(drawing: string | null): Shape[] {
  if (!drawing) return [];
  try {
    return (JSON.parse(drawing) as Drawing).shapes;
  } catch {
    return [];
  }
}

/** A drawing's shapes over the frame (an SVG of the frame's own proportions: points are 0 to 1). */
export function DrawingLayer({ shapes, label }: { shapes: Shape[]; label?: string }) {
  return (
    <svg
      viewBox="0 0 1 1"
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-0 h-full w-full"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <defs>
        {DRAWING_COLOURS.map((colour) => (
          <marker
            key={colour}
            id={`arrow-${colour.slice(1)}`}
            viewBox="0 0 10 10"
            refX="8"
            refY="5"
            markerWidth="5"
            markerHeight="5"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" fill={colour} />
          </marker>
        ))}
      </defs>
      {shapes.map((shape, i) => {
        const common = { stroke: shape.color, strokeWidth: 3, fill: "none", vectorEffect: "non-scaling-stroke" as const, strokeLinecap: "round" as const };
        const [a, b] = [shape.points[0]!, shape.points[shape.points.length - 1]!];
        if (shape.tool === "rect")
          return (
            <rect key={i} x={Math.min(a[0]!, b[0]!)} y={Math.min(a[1]!, b[1]!)} width={Math.abs(b[0]! - a[0]!)} height={Math.abs(b[1]! - a[1]!)} {...common} />
          );
        if (shape.tool === "arrow")
          return <line key={i} x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} markerEnd={`url(#arrow-${shape.color.slice(1)})`} {...common} />;
        return <polyline key={i} points={shape.points.map(([x, y]) => `${x},${y}`).join(" ")} strokeLinejoin="round" {...common} />;
      })}
    </svg>
  );
}

const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;

/** Switches how the room writes times (a form: a cookie set by the server, so it works without JavaScript and for guests). */
function TimecodeToggle({ style }: { style: TimecodeStyle }) {
  const location = useLocation();
  return (
    <Form method="post" action="/timecode-style" className="text-xs">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name="style" value={style === "smpte" ? "player" : "smpte"} />
      <button type="submit" className="font-semibold text-brand-700 hover:underline">
        {style === "smpte" ? "Show times as 0:04" : "Show SMPTE timecode"}
      </button>
    </Form>
  );
}

/**
 * A version's review: the preview player with its comments as markers on a timeline, frame-accurate
 * keys (space, `,` `.`, J K L, I and O for a range), comments beside it (below on a phone) with their
 * replies, and the comment form: at the frame on screen or over a range, with a drawing on the paused
 * frame. Without JavaScript the player is the browser's and the form takes a time as m:ss, h:mm:ss or
 * hh:mm:ss:ff. Times read as the player shows them (0:04), or as SMPTE for editors (the reader's choice).
 */
export function ReviewRoom({
  orderId,
  delivery,
  page,
  pageLink,
  action,
  open,
  canResolve,
  answer,
  playerId,
  exports = true,
  timecodeStyle = "player",
  commentExtra,
}: {
  orderId: number;
  delivery: { id: number; number: number; frame_rate: string; files: { id: number; kind: string; role?: string; url: string; name: string; size: number }[] };
  /** The comments shown (a page of them), every comment's marker, and the cursors around them. */
  page: CommentPage;
  /** The page's address showing the comments from a cursor (null: the first ones). */
  pageLink: (after: string | null) => string;
  /** The page the forms post to. */
  action: string;
  /** Whether comments and replies are taken now. */
  open: boolean;
  /** The studio's page: comments can be marked resolved. */
  canResolve: boolean;
  answer: ReviewAnswer | null;
  /** The player's element id (pinned comments of revision requests seek it). */
  playerId: string;
  /** Links to the CSV and EDL exports (not for guests). */
  exports?: boolean;
  /** How times are written: as the player shows them, or SMPTE (the reader's cookie). */
  timecodeStyle?: TimecodeStyle;
  /** What the page shows under a comment (its change offers). */
  commentExtra?: (commentId: number) => ReactNode;
}) {
  const hydrated = useHydrated();
  const { comments, markers } = page;
  const rate = (delivery.frame_rate in RATES ? delivery.frame_rate : "25") as FrameRate;
  const tc = (at: number, end: number | null = null) => timecodeText(at, end, rate, timecodeStyle);
  const preview = delivery.files.find((f) => f.role === "preview") ?? delivery.files.find((f) => f.kind === "video") ?? null;
  // A version of stills only: its first image is reviewed (comments and drawings on it, no timecodes).
  const still = preview ? null : (delivery.files.find((f) => f.kind === "image") ?? null);
  const media = preview ?? still;
  const videoRef = useRef<HTMLVideoElement>(null);
  const [frame, setFrame] = useState(0);
  const [frames, setFrames] = useState(0);
  const [ratio, setRatio] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [inFrame, setInFrame] = useState<number | null>(null);
  const [outFrame, setOutFrame] = useState<number | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [tool, setTool] = useState<Tool>("pen");
  const [colour, setColour] = useState<Colour>(DRAWING_COLOURS[0]);
  const [shapes, setShapes] = useState<Shape[]>([]);
  const drawingShape = useRef<Shape | null>(null);
  const [, redraw] = useState(0);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // Each posted comment or reply leaves its form empty (a new form), the comment box focused for the next one.
  const [commentRound, setCommentRound] = useState(0);
  const [replyRound, setReplyRound] = useState(0);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => setFrame(frameAt(video.currentTime, rate));
    const meta = () => {
      setFrames(frameAt(video.duration || 0, rate));
      if (video.videoWidth && video.videoHeight) setRatio(video.videoWidth / video.videoHeight);
    };
    if (video.readyState >= 1) meta();
    video.addEventListener("timeupdate", update);
    video.addEventListener("seeked", update);
    video.addEventListener("loadedmetadata", meta);
    return () => {
      video.removeEventListener("timeupdate", update);
      video.removeEventListener("seeked", update);
      video.removeEventListener("loadedmetadata", meta);
    };
  }, [rate, preview?.url]);

  const seek = useCallback(
    (to: number) => {
      const video = videoRef.current;
      if (!video) return;
      video.pause();
      const last = frameAt(video.duration || 0, rate);
      const target = Math.max(0, last ? Math.min(to, last) : to);
      video.currentTime = secondsOf(target, rate);
      setFrame(target);
    },
    [rate],
  );

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (target.closest("textarea, input, select, [contenteditable]")) return;
    const video = videoRef.current;
    if (!video) return;
    const key = event.key.toLowerCase();
    const handled = [" ", ",", ".", "j", "k", "l", "i", "o"].includes(key);
    if (!handled) return;
    event.preventDefault();
    if (key === " ") {
      if (video.paused) void video.play();
      else video.pause();
    } else if (key === ",") seek(frame - 1);
    else if (key === ".") seek(frame + 1);
    else if (key === "k") video.pause();
    else if (key === "l") {
      // Each L plays faster (1×, 2×, 4×); K stops.
      video.playbackRate = video.paused ? 1 : Math.min(4, video.playbackRate * 2);
      void video.play();
    } else if (key === "j") seek(frame - Math.round(RATES[rate].fps));
    else if (key === "i") setInFrame(frame);
    else if (key === "o") setOutFrame(frame);
    setDrawing(false);
  }

  function select(comment: { id: number; at_frame: number }) {
    setSelected(comment.id);
    setDrawing(false);
    seek(comment.at_frame);
  }

  function point(event: PointerEvent<SVGSVGElement>): [number, number] {
    const box = event.currentTarget.getBoundingClientRect();
    return [round((event.clientX - box.left) / box.width), round((event.clientY - box.top) / box.height)];
  }

  function startShape(event: PointerEvent<SVGSVGElement>) {
    if (shapes.length >= DRAWING_LIMITS.shapes) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = point(event);
    drawingShape.current = { tool, color: colour, points: [at, at] };
    redraw((n) => n + 1);
  }

  function moveShape(event: PointerEvent<SVGSVGElement>) {
    const shape = drawingShape.current;
    if (!shape) return;
    const at = point(event);
    if (shape.tool === "pen") {
      if (shape.points.length < DRAWING_LIMITS.points) shape.points.push(at);
    } else shape.points[1] = at;
    redraw((n) => n + 1);
  }

  function endShape() {
    const shape = drawingShape.current;
    drawingShape.current = null;
    if (!shape) return;
    const [a, b] = [shape.points[0]!, shape.points[shape.points.length - 1]!];
    // A click without a drag draws nothing.
    if (Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) < 0.005 && shape.points.length <= 2) return;
    setShapes((all) => [...all, shape]);
  }

  const at = inFrame ?? frame;
  const range = outFrame !== null && outFrame > at ? outFrame : null;
  const shown = drawing
    ? [...shapes, ...(drawingShape.current ? [drawingShape.current] : [])]
    : selectedShapes(comments.find((c) => c.id === selected)?.drawing ?? null);
  const commentError = answer?.intent === "comment" ? answer : null;
  useAfterPost("comment", commentError !== null, () => {
    setShapes([]);
    setDrawing(false);
    setInFrame(null);
    setOutFrame(null);
    setCommentRound((n) => n + 1);
  });
  useAfterPost("reply", answer?.intent === "reply", () => setReplyRound((n) => n + 1));
  useEffect(() => {
    if (commentRound) textRef.current?.focus({ preventScroll: true });
  }, [commentRound]);

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(16rem,2fr)]">
      <div
        className="sticky top-[7.5rem] z-10 space-y-2 self-start bg-white pb-2 sm:top-20"
        onKeyDown={hydrated ? onKey : undefined}
        role="group"
        aria-label={
          preview
            ? `Version ${delivery.number}: space plays or pauses, comma and full stop step a frame, J K L shuttle, I and O set a range`
            : `Version ${delivery.number}`
        }
      >
        {media ? (
          <div>
            <div className="relative overflow-hidden rounded-xl bg-black" style={ratio ? { aspectRatio: String(ratio) } : undefined}>
              {preview ? (
                <video
                  ref={videoRef}
                  id={playerId}
                  src={preview.url}
                  controls={!drawing}
                  preload="metadata"
                  playsInline
                  className={`w-full ${ratio ? "h-full" : "aspect-video"}`}
                  aria-label={`Version ${delivery.number}: ${preview.name}`}
                />
              ) : (
                <img
                  src={media.url}
                  alt={`Version ${delivery.number}: ${media.name}`}
                  className="block w-full"
                  onLoad={(e) => setRatio(e.currentTarget.naturalWidth / Math.max(1, e.currentTarget.naturalHeight))}
                />
              )}
              {shown.length ? <DrawingLayer shapes={shown} label={drawing ? undefined : "The selected comment's drawing"} /> : null}
              {drawing ? (
                <svg
                  viewBox="0 0 1 1"
                  preserveAspectRatio="none"
                  className="absolute inset-0 h-full w-full cursor-crosshair touch-none"
                  onPointerDown={startShape}
                  onPointerMove={moveShape}
                  onPointerUp={endShape}
                  onPointerCancel={endShape}
                  role="img"
                  aria-label="Drawing area over the paused frame"
                />
              ) : null}
            </div>
            {hydrated && preview ? (
              <div className="mt-2 space-y-1">
                <div className="relative h-6 rounded bg-slate-100" aria-hidden={frames ? undefined : true}>
                  {frames > 0 ? (
                    <>
                      <div className="absolute inset-y-0 w-0.5 bg-slate-700" style={{ left: `${(frame / frames) * 100}%` }} />
                      <ol aria-label="Comments on the timeline">
                        {markers.map((c) => (
                          <li key={c.id}>
                            <button
                              type="button"
                              onClick={() => select(c)}
                              className={`absolute top-1 h-4 min-w-2 rounded-sm ${c.resolved ? "bg-emerald-500" : "bg-rose-500"} ${selected === c.id ? "ring-2 ring-slate-900" : ""}`}
                              style={{
                                left: `${(c.at_frame / frames) * 100}%`,
                                width: c.end_frame !== null ? `${(Math.max(1, c.end_frame - c.at_frame) / frames) * 100}%` : undefined,
                              }}
                              aria-label={`Comment at ${tc(c.at_frame, c.end_frame)} by ${c.author}`}
                            />
                          </li>
                        ))}
                      </ol>
                    </>
                  ) : null}
                </div>
                <p className="flex flex-wrap justify-between gap-2 font-mono text-sm text-slate-700">
                  <span aria-label="Frame on screen">
                    {tc(frame)} / {tc(frames)}
                  </span>
                  <span>{delivery.frame_rate} fps</span>
                </p>
                <div className="flex flex-wrap gap-2 text-sm">
                  <button type="button" onClick={() => seek(frame - 1)} className="rounded-lg border border-slate-300 px-2 py-1">
                    ‹ Frame
                  </button>
                  <button type="button" onClick={() => seek(frame + 1)} className="rounded-lg border border-slate-300 px-2 py-1">
                    Frame ›
                  </button>
                </div>
              </div>
            ) : null}
            <a href={media.url} download={media.name} className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline">
              Download {media.name} ({formatFileSize(media.size)})
            </a>
          </div>
        ) : (
          <p className="text-sm text-slate-600">This version has no video to play; comments take a time by hand.</p>
        )}
      </div>

      <div className="space-y-4">
        <section aria-labelledby={`comments-${delivery.id}`}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id={`comments-${delivery.id}`} className="font-semibold">
              Comments on v{delivery.number}
            </h3>
            {preview ? <TimecodeToggle style={timecodeStyle} /> : null}
            {markers.length && exports ? (
              <p className="text-xs">
                <a className="font-semibold text-brand-700 hover:underline" href={`/orders/${orderId}/deliveries/${delivery.id}/comments.csv`}>
                  Export CSV
                </a>{" "}
                ·{" "}
                <a className="font-semibold text-brand-700 hover:underline" href={`/orders/${orderId}/deliveries/${delivery.id}/markers.edl`}>
                  Markers (EDL)
                </a>
              </p>
            ) : null}
          </div>
          {markers.length === 0 ? <p className="mt-1 text-sm text-slate-600">No comments yet.</p> : null}
          <ol className="mt-2 space-y-3">
            {comments.map((c) => {
              const replyError = answer?.intent === "reply" && answer.comment_id === c.id ? answer : null;
              return (
                <li
                  key={c.id}
                  id={`comment-${c.id}`}
                  className={`rounded-xl border p-3 text-sm ${selected === c.id ? "border-brand-400 bg-brand-50" : "border-slate-200"}`}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    {hydrated && preview ? (
                      <button type="button" onClick={() => select(c)} className="font-mono font-semibold text-brand-700 hover:underline">
                        {tc(c.at_frame, c.end_frame)}
                        <span className="sr-only"> (show this frame{c.drawing ? " and its drawing" : ""})</span>
                      </button>
                    ) : still ? (
                      c.drawing && hydrated ? (
                        <button type="button" onClick={() => select(c)} className="font-semibold text-brand-700 hover:underline">
                          Show drawing
                        </button>
                      ) : null
                    ) : (
                      <span className="font-mono font-semibold">{tc(c.at_frame, c.end_frame)}</span>
                    )}
                    <span className="font-medium">{c.author.name}</span>
                    <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600">{AUTHOR_BADGE[c.author.kind]}</span>
                    {c.drawing ? <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">Drawing</span> : null}
                    {c.resolved ? <span className="rounded bg-emerald-100 px-1.5 text-xs text-emerald-900">Resolved</span> : null}
                    {!c.resolved && c.in_revision ? <span className="rounded bg-sky-100 px-1.5 text-xs text-sky-900">In a revision</span> : null}
                  </div>
                  <p className="mt-1 whitespace-pre-wrap">{c.text}</p>
                  {c.earlier_replies ? (
                    <p className="mt-2 text-xs text-slate-600">
                      {c.earlier_replies} earlier {c.earlier_replies === 1 ? "reply" : "replies"} (in the CSV export)
                    </p>
                  ) : null}
                  {c.replies.length ? (
                    <ul aria-label="Replies" className="mt-2 space-y-1 border-l-2 border-slate-200 pl-3">
                      {c.replies.map((r) => (
                        <li key={r.id}>
                          <span className="font-medium">{r.author.name}</span> <span className="text-xs text-slate-500">{AUTHOR_BADGE[r.author.kind]}</span>
                          <p className="whitespace-pre-wrap">{r.text}</p>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {commentExtra?.(c.id)}
                  {open ? (
                    <div className="mt-2 flex flex-wrap items-start gap-3">
                      <details key={replyRound} open={Boolean(replyError)} className="min-w-0 flex-1">
                        <summary className="cursor-pointer text-xs font-semibold text-brand-700">Reply</summary>
                        <Form method="post" action={action} className="mt-2 space-y-2">
                          <input type="hidden" name="delivery_id" value={delivery.id} />
                          <input type="hidden" name="comment_id" value={c.id} />
                          <label htmlFor={`reply-${c.id}`} className="sr-only">
                            Reply to {c.author.name}
                          </label>
                          <textarea
                            id={`reply-${c.id}`}
                            name="text"
                            rows={2}
                            required
                            maxLength={COMMENT_TEXT_MAX}
                            defaultValue={keptValue(replyError, "text")}
                            aria-invalid={replyError ? true : undefined}
                            aria-describedby={replyError ? `reply-error-${c.id}` : undefined}
                            className="block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
                          />
                          {replyError ? (
                            <p id={`reply-error-${c.id}`} className="text-xs text-red-700">
                              {answerMessage(replyError)}
                            </p>
                          ) : null}
                          <button type="submit" name="intent" value="reply" className="rounded-lg bg-slate-800 px-3 py-1 text-xs font-semibold text-white">
                            Send reply
                          </button>
                        </Form>
                      </details>
                      {canResolve && !c.resolved ? (
                        <Form method="post" action={action}>
                          <input type="hidden" name="delivery_id" value={delivery.id} />
                          <input type="hidden" name="comment_id" value={c.id} />
                          <button type="submit" name="intent" value="resolve" className="text-xs font-semibold text-emerald-800 hover:underline">
                            Mark resolved<span className="sr-only"> (comment at {tc(c.at_frame, c.end_frame)})</span>
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
          {page.after || page.next ? (
            // A page shows COMMENT_PAGE comments at a time (in timeline order): links to the next and the first, with or without JavaScript.
            <p className="mt-3 flex flex-wrap gap-4 text-sm">
              {page.after ? (
                <Link to={pageLink(null)} className="font-semibold text-brand-700 hover:underline">
                  Back to the first comments
                </Link>
              ) : null}
              {page.next ? (
                <Link to={pageLink(page.next)} className="font-semibold text-brand-700 hover:underline">
                  Load more comments
                </Link>
              ) : null}
            </p>
          ) : null}
        </section>

        {open ? (
          <Form
            key={commentRound}
            method="post"
            action={action}
            className="space-y-2 rounded-xl border border-slate-200 bg-white p-3"
            aria-labelledby={`new-comment-${delivery.id}`}
          >
            <h4 id={`new-comment-${delivery.id}`} className="text-sm font-semibold">
              Add a comment
            </h4>
            <input type="hidden" name="delivery_id" value={delivery.id} />
            {commentError ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {answerMessage(commentError)}
              </p>
            ) : null}
            {hydrated && media ? (
              <>
                <input type="hidden" name="at_frame" value={still ? 0 : at} />
                {range !== null && !still ? <input type="hidden" name="end_frame" value={range} /> : null}
                {shapes.length ? <input type="hidden" name="drawing" value={JSON.stringify({ shapes })} /> : null}
                <p className="font-mono text-sm" aria-live="polite">
                  {still ? "On the still" : range !== null ? `From ${tc(at)} to ${tc(range)}` : `At ${tc(at)}`}
                </p>
                <div className="flex flex-wrap gap-2 text-xs">
                  {preview ? (
                    <>
                      <button type="button" onClick={() => setInFrame(frame)} className="rounded border border-slate-300 px-2 py-1">
                        Set in here<span className="pointer-coarse:hidden"> (I)</span>
                      </button>
                      <button type="button" onClick={() => setOutFrame(frame)} className="rounded border border-slate-300 px-2 py-1">
                        Set out here<span className="pointer-coarse:hidden"> (O)</span>
                      </button>
                    </>
                  ) : null}
                  {inFrame !== null || outFrame !== null ? (
                    <button
                      type="button"
                      onClick={() => {
                        setInFrame(null);
                        setOutFrame(null);
                      }}
                      className="rounded border border-slate-300 px-2 py-1"
                    >
                      Follow the playhead
                    </button>
                  ) : null}
                  <button
                    type="button"
                    aria-pressed={drawing}
                    onClick={() => {
                      videoRef.current?.pause();
                      setSelected(null);
                      setDrawing((d) => !d);
                    }}
                    className={`rounded border px-2 py-1 ${drawing ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300"}`}
                  >
                    {drawing ? "Done drawing" : "Draw on the frame"}
                  </button>
                </div>
                {drawing ? (
                  <div className="space-y-2 text-xs">
                    <fieldset className="flex flex-wrap items-center gap-2">
                      <legend className="sr-only">Tool</legend>
                      {DRAWING_TOOLS.map((t) => (
                        <label
                          key={t}
                          className={`cursor-pointer rounded border px-2 py-1 ${tool === t ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300"}`}
                        >
                          <input type="radio" name="drawing_tool" value={t} checked={tool === t} onChange={() => setTool(t)} className="sr-only" form="none" />
                          {TOOL_NAMES[t]}
                        </label>
                      ))}
                    </fieldset>
                    <fieldset className="flex flex-wrap items-center gap-2">
                      <legend className="sr-only">Colour</legend>
                      {DRAWING_COLOURS.map((c) => (
                        <label key={c} className="flex cursor-pointer items-center gap-1">
                          <input type="radio" name="drawing_colour" value={c} checked={colour === c} onChange={() => setColour(c)} form="none" />
                          <span className="inline-block h-3 w-3 rounded-full" style={{ background: c }} aria-hidden />
                          {COLOUR_NAMES[c]}
                        </label>
                      ))}
                    </fieldset>
                    <div className="flex gap-2">
                      <button
                        type="button"
                        disabled={!shapes.length}
                        onClick={() => setShapes((all) => all.slice(0, -1))}
                        className="rounded border border-slate-300 px-2 py-1 disabled:opacity-50"
                      >
                        Undo
                      </button>
                      <button
                        type="button"
                        disabled={!shapes.length}
                        onClick={() => setShapes([])}
                        className="rounded border border-slate-300 px-2 py-1 disabled:opacity-50"
                      >
                        Clear drawing
                      </button>
                    </div>
                  </div>
                ) : shapes.length ? (
                  <p className="text-xs text-slate-600">
                    {shapes.length} {shapes.length === 1 ? "shape" : "shapes"} drawn on the frame.
                  </p>
                ) : null}
              </>
            ) : (
              <div className="flex flex-wrap gap-2">
                <div>
                  <label htmlFor={`comment-time-${delivery.id}`} className="block text-xs font-medium text-slate-800">
                    Time (m:ss, h:mm:ss or hh:mm:ss:ff)
                  </label>
                  <input
                    id={`comment-time-${delivery.id}`}
                    name="time"
                    required
                    placeholder="0:42"
                    defaultValue={keptValue(commentError, "time")}
                    className="mt-1 w-28 rounded-lg border border-slate-300 px-2 py-1.5 font-mono text-sm"
                  />
                </div>
                <div>
                  <label htmlFor={`comment-until-${delivery.id}`} className="block text-xs font-medium text-slate-800">
                    Until (optional)
                  </label>
                  <input
                    id={`comment-until-${delivery.id}`}
                    name="until"
                    placeholder="0:45"
                    defaultValue={keptValue(commentError, "until")}
                    className="mt-1 w-28 rounded-lg border border-slate-300 px-2 py-1.5 font-mono text-sm"
                  />
                </div>
              </div>
            )}
            <label htmlFor={`comment-text-${delivery.id}`} className="block text-xs font-medium text-slate-800">
              Comment
            </label>
            <textarea
              ref={textRef}
              id={`comment-text-${delivery.id}`}
              name="text"
              rows={3}
              required
              maxLength={COMMENT_TEXT_MAX}
              defaultValue={keptValue(commentError, "text")}
              onFocus={() => videoRef.current?.pause()}
              className="block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
            />
            <SubmitButton name="intent" value="comment" busy={false} busyText="Adding..." className="sm:w-auto">
              Add comment
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Two versions side by side, played and scrubbed together (with JavaScript: one play button and one
 * position for both; without it, each player on its own).
 */
export function CompareVersions({ left, right }: { left: { label: string; url: string }; right: { label: string; url: string } }) {
  const hydrated = useHydrated();
  const a = useRef<HTMLVideoElement>(null);
  const b = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);

  useEffect(() => {
    const first = a.current;
    const second = b.current;
    if (!first || !second) return;
    const tick = () => {
      setPosition(first.currentTime);
      // Keep the second in step: a drift over a frame or two is corrected.
      if (Math.abs(second.currentTime - first.currentTime) > 0.08) second.currentTime = first.currentTime;
    };
    const meta = () => setDuration(Math.max(first.duration || 0, second.duration || 0));
    first.addEventListener("timeupdate", tick);
    first.addEventListener("loadedmetadata", meta);
    second.addEventListener("loadedmetadata", meta);
    meta();
    return () => {
      first.removeEventListener("timeupdate", tick);
      first.removeEventListener("loadedmetadata", meta);
      second.removeEventListener("loadedmetadata", meta);
    };
  }, []);

  function toggle() {
    const both = [a.current, b.current];
    if (playing) both.forEach((v) => v?.pause());
    else both.forEach((v) => void v?.play());
    setPlaying(!playing);
  }

  function scrub(seconds: number) {
    for (const v of [a.current, b.current]) if (v) v.currentTime = seconds;
    setPosition(seconds);
  }

  return (
    <div className="space-y-2">
      <div className="grid gap-2 sm:grid-cols-2">
        {[
          { ref: a, ...left },
          { ref: b, ...right },
        ].map((side) => (
          <figure key={side.label}>
            <video
              ref={side.ref}
              src={side.url}
              controls={!hydrated}
              muted={side.ref === b}
              preload="metadata"
              playsInline
              className="aspect-video w-full rounded-xl bg-black"
              aria-label={side.label}
            />
            <figcaption className="mt-1 text-sm font-medium">{side.label}</figcaption>
          </figure>
        ))}
      </div>
      {hydrated ? (
        <div className="flex items-center gap-3">
          <button type="button" onClick={toggle} className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white">
            {playing ? "Pause both" : "Play both"}
          </button>
          <label htmlFor="compare-position" className="sr-only">
            Position in both versions
          </label>
          <input
            id="compare-position"
            type="range"
            min={0}
            max={duration || 0}
            step={0.01}
            value={position}
            onChange={(e) => scrub(Number(e.target.value))}
            className="flex-1"
          />
        </div>
      ) : null}
    </div>
  );
}
