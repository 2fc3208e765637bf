import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { timecodeStyleOf } from "~/lib/timecode";
import { Form, useActionData, useLoaderData, useParams, useSearchParams } from "@remix-run/react";
import { reviewAnswerOf } from "~/components/review-room";
import { VersionsReview } from "~/components/versions-review";
import { SubmitButton } from "~/components/ui/form";
import { getWorkState } from "~/domain/orders/work-state.server";
import { listDeliveries } from "~/domain/orders/deliveries.server";
import { shownVersionComments } from "~/domain/orders/review-comments.server";
import { chosenVersions } from "~/lib/versions";
import { guestFromToken, nameGuest, reviewedFilm } from "~/domain/orders/review-guests.server";
import { approverRequestsChanges, signOffStatus, withdrawApproval } from "~/domain/orders/sign-off.server";
import { approveDelivery } from "~/domain/orders/deliveries.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { RevisionSchema } from "~/lib/schemas/revision";
import { ApproverPanel } from "~/components/approver-panel";
import { Refused } from "~/components/ui/form";
import { SHOP } from "~/lib/shop";
import { parseSubmission } from "~/http/form-submission.server";
import { readScreenForm } from "~/http/request-body.server";
import { isReviewIntent, reviewAction } from "~/http/review-actions.server";
import { formAnswer, orPage, refusedData, settle } from "~/http/screen-refusal.server";
import { GuestNameSchema } from "~/lib/schemas/review-comment";
import { paths } from "~/lib/paths";
import { actionRetryAfter } from "~/lib/retry-after";

/**
 * /review/{token}: a colleague the customer invited watches the order's versions and comments under
 * their name (asked first). No approval, no changes asked, no masters, no exports; the link ends when
 * it expires or the customer revokes it (410 then).
 */
async function guestAndWork(context: LoaderFunctionArgs["context"], token: string) {
  const guest = await orPage(guestFromToken(context.db, token));
  const studio = { kind: "admin", id: 0 } as const;
  const [state, deliveries, film] = await Promise.all([
    getWorkState(context.db, guest.orderId, studio),
    listDeliveries(context.db, guest.orderId, studio),
    reviewedFilm(context.db, guest.orderId),
  ]);
  return { guest, state, deliveries, film, open: ["in_progress", "delivered", "revision_requested"].includes(state.workStatus) };
}

/** The page keeps its loader's privacy headers, and a refused comment or invitation its `Retry-After`. */
export const headers = actionRetryAfter;
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const { guest, state, deliveries, film, open } = await guestAndWork(context, token);
  const signOff = guest.approver ? await signOffStatus(context.db, guest.orderId) : null;
  const shown = chosenVersions(deliveries, new URL(request.url).searchParams);
  const comments = await shownVersionComments(
    context.db,
    deliveries,
    shown.compare ? null : shown.selectedId,
    new URL(request.url).searchParams.get("comments_after"),
  );
  return data(
    {
      orderId: guest.orderId,
      name: guest.name,
      film,
      timecodeStyle: timecodeStyleOf(request.headers.get("Cookie")),
      open,
      comments,
      // A named approver's part: what awaits their sign-off (the delivery under review), and where they stand on it.
      approver: signOff
        ? {
            deciding: state.workStatus === "delivered",
            what: state.stages.length ? state.stages[state.stage]!.name : null,
            version: signOff.version,
            approved: signOff.approvers.some((a) => a.id === guest.id && a.approved),
            rule: signOff.rule.replace(/^You /, "The customer "),
            revisionsLeft: state.revisionsAllowed - state.revisionsUsed,
          }
        : null,
      // The guest's own file links; masters are never theirs.
      deliveries: deliveries.map((d) => ({
        ...d,
        files: d.files.map((f) => ({ ...f, url: `${paths.guestReview(token)}/files/${f.id}` })),
        masters: [],
      })),
    },
    // The link is a secret: never cached, and no other site is told it as a referrer (`same-origin`, not
    // `no-referrer`, under which the page's own forms would post with `Origin: null` and be refused).
    { headers: { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const { guest } = await guestAndWork(context, token);
  const form = await readScreenForm(request);
  const intent = form.get("intent");
  if (intent === "name") {
    const submission = parseSubmission(form, { schema: GuestNameSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "name" } });
    await nameGuest(context.db, guest.id, submission.value.name);
    return redirect(paths.guestReview(token));
  }
  if (!guest.name) return redirect(paths.guestReview(token));
  if (intent === "sign-off-approve" || intent === "sign-off-withdraw" || intent === "sign-off-changes") {
    const notice = mailNotice(context);
    const signer = { kind: "guest", guestId: guest.id } as const;
    if (intent === "sign-off-changes") {
      const submission = parseSubmission(form, { schema: RevisionSchema });
      if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "sign-off-changes" } });
      const asked = await settle(approverRequestsChanges(context.db, notice, { id: guest.id, orderId: guest.orderId, name: guest.name }, submission.value));
      if (!asked.ok) return formAnswer(submission, { refusal: asked.refusal, beside: { intent: "sign-off-changes" } });
      return redirect(`${paths.guestReview(token)}?notice=changes-asked`);
    }
    const state = await getWorkState(context.db, guest.orderId, { kind: "system", id: null });
    const done = await settle<unknown>(
      intent === "sign-off-approve"
        ? approveDelivery(context.db, notice, guest.orderId, state.userId, Date.now(), undefined, signer)
        : withdrawApproval(context.db, notice, guest.orderId, signer),
    );
    if (!done.ok) return refusedData(done.refusal);
    return redirect(`${paths.guestReview(token)}?notice=${intent === "sign-off-approve" ? "approved" : "withdrawn"}`);
  }
  if (isReviewIntent(intent) && intent !== "resolve")
    return reviewAction(context.db, form, guest.orderId, { kind: "guest", id: guest.id, orderId: guest.orderId, name: guest.name }, paths.guestReview(token));
  return refusedData(refuse.malformed("Unknown action"));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Review order #${data?.orderId ?? ""} · Reelcraft` },
  { name: "robots", content: "noindex" },
];

const GUEST_NOTICES: Record<string, string> = {
  approved: "Your approval is recorded. Thank you!",
  withdrawn: "Your approval is withdrawn.",
  "changes-asked": "Your request for changes is with the studio, and the customer is told.",
};

export default function GuestReview() {
  const { orderId, name, film, comments, deliveries, open, timecodeStyle, approver } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { token = "" } = useParams();
  const notice = GUEST_NOTICES[params.get("notice") ?? ""];
  const nameErrors = answer && "result" in answer && answer.intent === "name" ? (answer.result.error?.name ?? []) : [];
  return (
    <>
      {/* A plain reviewer's frame: whose film this is and who is reviewing, none of the shop's account links. */}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
          <span className="font-bold tracking-tight text-slate-900">{SHOP.name} review</span>
          {name ? <span className="text-slate-700">You are reviewing as {name}</span> : null}
        </div>
      </header>
      <article aria-labelledby="review-title" className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <div>
          <h1 id="review-title" className="text-2xl font-bold">
            {film ?? `Order #${orderId}`}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {approver
              ? `Order #${orderId}. You are an approver: watch, comment, and approve each delivery or ask for changes. ${approver.rule}`
              : `Order #${orderId}. You were invited to watch and comment. Only the customer can approve or ask for changes.`}
          </p>
        </div>
        {notice ? (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
            {notice}
          </p>
        ) : null}
        <Refused message={answer && "refused" in answer ? answer.refused : null} />
        {approver && name ? (
          <ApproverPanel
            approver={approver}
            action={paths.guestReview(token)}
            lastResult={answer && "result" in answer && answer.intent === "sign-off-changes" ? answer.result : undefined}
          />
        ) : null}
        {!name ? (
          <Form method="post" className="max-w-md space-y-2 rounded-2xl border border-slate-200 bg-white p-4" noValidate>
            <label htmlFor="guest-name" className="block text-sm font-medium text-slate-800">
              Your name, as your comments show it
            </label>
            <input
              id="guest-name"
              name="name"
              required
              maxLength={80}
              autoComplete="name"
              aria-invalid={nameErrors.length ? true : undefined}
              aria-describedby={nameErrors.length ? "guest-name-error" : undefined}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            {nameErrors.length ? (
              <p id="guest-name-error" className="text-sm text-red-700">
                {nameErrors.join(" ")}
              </p>
            ) : null}
            <SubmitButton name="intent" value="name" busy={false} busyText="Saving..." className="sm:w-auto">
              Continue
            </SubmitButton>
          </Form>
        ) : deliveries.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing has been delivered yet. Come back to this link once the studio delivers.</p>
        ) : (
          <VersionsReview
            orderId={orderId}
            deliveries={deliveries}
            comments={comments}
            revisions={[]}
            params={params}
            pagePath={paths.guestReview(token)}
            open={open}
            canResolve={false}
            exports={false}
            answer={reviewAnswerOf(answer)}
            timecodeStyle={timecodeStyle}
          />
        )}
      </article>
    </>
  );
}
