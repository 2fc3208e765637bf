import type { SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { adminDateTime } from "~/components/admin-orders-table";
import { Field, FormError, Refused, SubmitButton, TextAreaField } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { inviteCreator, requireAdmin } from "~/auth/index.server";
import { listCreatorsForAdmin, reinstateCreator, suspendCreator, type CreatorAdminView } from "~/domain/creators/creators.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { refuse } from "~/domain/refusal";
import { parseSubmission } from "~/http/form-submission.server";
import { readForm } from "~/http/request-body.server";
import { formAnswer, refusedData, settle } from "~/http/screen-refusal.server";
import { countryName } from "~/lib/countries";
import { parsePageParam } from "~/lib/query";
import { parseId } from "~/lib/record-id";
import { actionRetryAfter } from "~/lib/retry-after";
import { CreatorInvitationSchema, CreatorSuspensionSchema } from "~/lib/schemas/creator";
import { OfferSettingsSchema } from "~/lib/schemas/offers";
import { OFFER_MESSAGES, OFFER_RULE, OFFER_WINDOW_HOURS } from "~/lib/rules/offers";
import { getOfferSettings, saveOfferSettings } from "~/domain/creators/offers.server";
import { creatorStatuses, type CreatorStatus } from "../../db/schema";

/** Creators a page of the list shows. */
const PAGE_SIZE = 20;

export const headers = actionRetryAfter;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get("page"));
  const asked = url.searchParams.get("status");
  const status = (creatorStatuses as readonly string[]).includes(asked ?? "") ? (asked as CreatorStatus) : null;
  const [list, offers] = await Promise.all([listCreatorsForAdmin(context.db, page, PAGE_SIZE, status), getOfferSettings(context.db)]);
  if (page > list.totalPages) throw redirect(`/admin/creators?page=${list.totalPages}`);
  return { ...list, page, status, offers };
}

/** Invite a creator; suspend one with a statement of reasons; lift a suspension. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "invite") {
    const submission = parseSubmission(form, { schema: CreatorInvitationSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "invite" } });
    const invited = await settle(inviteCreator(context, admin.id, submission.value));
    if (!invited.ok) return formAnswer(submission, { refusal: invited.refusal, beside: { intent: "invite" } });
    return redirect(`/admin/creators?invited=${encodeURIComponent(submission.value.email)}`);
  }
  if (intent === "offers") {
    const submission = parseSubmission(form, { schema: OfferSettingsSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "offers" } });
    await saveOfferSettings(context.db, submission.value);
    return redirect("/admin/creators?offers=saved");
  }
  const creatorId = parseId(String(form.get("creator_id") ?? ""));
  if (creatorId === null) return refusedData(refuse.malformed("Choose a creator"));
  if (intent === "suspend") {
    const submission = parseSubmission(form, { schema: CreatorSuspensionSchema, allow: ["creator_id"] });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "suspend", creatorId } });
    const done = await settle(suspendCreator(context.db, mailNotice(context), admin.id, creatorId, submission.value.reason));
    if (!done.ok) return formAnswer(submission, { refusal: done.refusal, beside: { intent: "suspend", creatorId } });
    return redirect(`/admin/creators?suspended=${creatorId}&released=${done.value.released}`);
  }
  if (intent === "reinstate") {
    const done = await settle(reinstateCreator(context.db, creatorId));
    if (!done.ok) return refusedData(done.refusal);
    return redirect(`/admin/creators?reinstated=${creatorId}`);
  }
  return refusedData(refuse.malformed("Unknown action"));
}

export const meta: MetaFunction = () => [{ title: "Creators · Admin · Reelcraft" }];

const STATUS_LABEL: Record<CreatorStatus, string> = { invited: "Invited", active: "Active", away: "Away", suspended: "Suspended" };

export default function AdminCreators() {
  const { data: creators, page, totalPages, total, offers } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const notice = params.get("invited")
    ? `Invitation sent to ${params.get("invited")}. The link works for 7 days.`
    : params.get("suspended")
      ? `Suspended. The creator was sent the statement of reasons; ${params.get("released") ?? 0} open orders returned to the queue unassigned.`
      : params.get("reinstated")
        ? "The suspension is lifted: the creator can take work again."
        : params.get("offers")
          ? OFFER_MESSAGES.settingsSaved
          : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Creators</h1>
      {notice && !answer ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {notice}
        </p>
      ) : null}
      <InviteForm lastResult={answer && "result" in answer && answer.intent === "invite" ? answer.result : undefined} />
      <OfferSettingsForm settings={offers} lastResult={answer && "result" in answer && answer.intent === "offers" ? answer.result : undefined} />
      <Refused message={answer && "refused" in answer ? answer.refused : null} />
      <section aria-labelledby="creators-list" className="space-y-3">
        <h2 id="creators-list" className="text-lg font-semibold">
          {total} {total === 1 ? "creator" : "creators"}
        </h2>
        {creators.length ? (
          <ul className="grid gap-3">
            {creators.map((creator) => (
              <CreatorRow
                key={creator.id}
                creator={creator}
                lastResult={answer && "result" in answer && answer.intent === "suspend" && answer.creatorId === creator.id ? answer.result : undefined}
              />
            ))}
          </ul>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No creators yet. Invite the first above.</p>
        )}
        {totalPages > 1 ? <Pagination page={page} totalPages={totalPages} label="Creators pages" /> : null}
      </section>
    </div>
  );
}

/** How work is offered: the answer window and whether offers go out on their own (off: admins assign every order by hand). */
function OfferSettingsForm({
  settings,
  lastResult,
}: {
  settings: { window_hours: number; automatic: boolean };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, formProps, error } = useSchemaForm(OfferSettingsSchema, {
    lastResult,
    id: "offers",
    defaultValue: { window_hours: String(settings.window_hours), automatic: settings.automatic ? "on" : "" },
  });
  const busy = useIsSubmitting("/admin/creators", "offers");
  return (
    <section aria-labelledby="offers-title" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="offers-title" className="text-lg font-semibold">
        How work is offered
      </h2>
      <p className="mt-1 text-sm text-slate-600">{OFFER_RULE}</p>
      <Form method="post" {...formProps} className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormError id={form.errorId} errors={form.errors} />
        <Field
          label="Hours to answer an offer"
          meta={fields.window_hours}
          error={error(fields.window_hours)}
          type="number"
          inputMode="numeric"
          min={OFFER_WINDOW_HOURS.min}
          max={OFFER_WINDOW_HOURS.max}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name={fields.automatic.name}
            defaultChecked={settings.automatic}
            className="size-5 rounded border-slate-300 accent-brand-700"
          />
          Offer work to creators automatically
        </label>
        <SubmitButton name="intent" value="offers" busy={busy} busyText="Saving..." className="sm:w-auto">
          Save offer settings
        </SubmitButton>
      </Form>
    </section>
  );
}

function InviteForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { form, fields, formProps, error } = useSchemaForm(CreatorInvitationSchema, { lastResult, id: "invite" });
  const busy = useIsSubmitting("/admin/creators", "invite");
  return (
    <section aria-labelledby="invite-title" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="invite-title" className="text-lg font-semibold">
        Invite a creator
      </h2>
      <p className="mt-1 text-sm text-slate-600">They get an email with a link, valid for 7 days, to choose their display name and password.</p>
      <Form method="post" {...formProps} className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Name" meta={fields.name} error={error(fields.name)} autoComplete="off" maxLength={100} />
        <Field label="Email" meta={fields.email} error={error(fields.email)} type="email" autoComplete="off" />
        <SubmitButton name="intent" value="invite" busy={busy} busyText="Sending..." className="sm:w-auto">
          Send invitation
        </SubmitButton>
      </Form>
    </section>
  );
}

function CreatorRow({ creator, lastResult }: { creator: CreatorAdminView; lastResult: SubmissionResult<string[]> | undefined }) {
  const { form, fields, formProps, error } = useSchemaForm(CreatorSuspensionSchema, { lastResult, id: `suspend-${creator.id}` });
  const suspending = useIsSubmitting("/admin/creators", "suspend");
  const reinstating = useIsSubmitting("/admin/creators", "reinstate");
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 text-sm" data-testid={`creator-${creator.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{creator.name}</p>
          <p className="break-all text-slate-600">{creator.email}</p>
          <p className="mt-1 text-slate-600">
            {[
              creator.country ? countryName(creator.country) : null,
              `${creator.capacity} orders at once`,
              `since ${adminDateTime.format(new Date(creator.created_at))}`,
            ]
              .filter(Boolean)
              .join(" · ")}
            {creator.away_until ? ` · away until ${creator.away_until}` : ""}
          </p>
        </div>
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-700">{STATUS_LABEL[creator.status]}</span>
      </div>
      {creator.status === "suspended" ? (
        <div className="mt-3 space-y-2">
          <p className="text-slate-700">
            <span className="font-semibold">Reasons given:</span> <span className="whitespace-pre-wrap">{creator.suspended_reason}</span>
          </p>
          <Form method="post">
            <input type="hidden" name="creator_id" value={creator.id} />
            <SubmitButton name="intent" value="reinstate" busy={reinstating} busyText="Lifting..." className="sm:w-auto">
              Lift the suspension of {creator.name}
            </SubmitButton>
          </Form>
        </div>
      ) : creator.status !== "invited" ? (
        <details className="mt-3" open={lastResult !== undefined}>
          <summary className="cursor-pointer font-semibold text-red-700">Suspend {creator.name}</summary>
          <Form method="post" {...formProps} className="mt-2 space-y-2">
            <FormError id={form.errorId} errors={form.errors} />
            <input type="hidden" name="creator_id" value={creator.id} />
            <TextAreaField label="Statement of reasons (sent to the creator)" meta={fields.reason} error={error(fields.reason)} rows={3} maxLength={2000} />
            <SubmitButton name="intent" value="suspend" busy={suspending} busyText="Suspending..." tone="danger" className="sm:w-auto">
              Suspend
            </SubmitButton>
          </Form>
        </details>
      ) : null}
    </li>
  );
}
