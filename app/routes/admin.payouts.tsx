import type { SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { adminDateTime } from "~/components/admin-orders-table";
import { Field, FormError, Refused, SubmitButton, TextAreaField } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { requireAdmin } from "~/auth/index.server";
import {
  adjustBalance,
  getPayoutSettings,
  recentAdjustments,
  holdableCreators,
  holdPayouts,
  payoutsOverview,
  releasePayouts,
  savePayoutSettings,
  type PayoutSettingsView,
} from "~/domain/payouts/admin.server";
import { createConnectGateway } from "~/domain/payouts/connect.server";
import { retryPayout } from "~/domain/payouts/transfers.server";
import { refuse } from "~/domain/refusal";
import { parseSubmission } from "~/http/form-submission.server";
import { readForm } from "~/http/request-body.server";
import { formAnswer, refusedData, settle } from "~/http/screen-refusal.server";
import { formatMoney } from "~/lib/money";
import { parseId } from "~/lib/record-id";
import { ADJUSTMENT_REASON, CLEARANCE_DAYS, PAYOUT_HOLD_REASON, PayoutAdjustmentSchema, PayoutHoldSchema, PayoutSettingsSchema } from "~/lib/schemas/payouts";
import { ADJUSTMENT_MESSAGES, HOLD_MESSAGES } from "~/lib/rules/payouts";
import { CURRENCY_CODES } from "~/lib/currency";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const [overview, holdable, settings, adjustments] = await Promise.all([
    payoutsOverview(context.db),
    holdableCreators(context.db),
    getPayoutSettings(context.db),
    recentAdjustments(context.db),
  ]);
  return {
    ...overview,
    settings,
    adjustments,
    // One key per form shown: the same form sent twice writes one adjustment.
    adjustmentKey: crypto.randomUUID(),
    everyone: holdable.map((c) => ({ id: c.id, name: c.name })),
    holdable: holdable.filter((c) => !c.heldReason).map((c) => ({ id: c.id, name: c.name })),
    holds: holdable.filter((c) => c.heldReason).map((c) => ({ id: c.id, name: c.name, reason: c.heldReason! })),
  };
}

/** Save the payout settings; adjust a creator's balance; hold a creator's payouts with a reason; release them; retry a failed transfer. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "settings") {
    const submission = parseSubmission(form, { schema: PayoutSettingsSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "settings" } });
    await savePayoutSettings(context.db, submission.value);
    return redirect("/admin/payouts?settings=saved");
  }
  if (intent === "retry") {
    const payoutId = parseId(String(form.get("payout_id") ?? ""));
    if (payoutId === null) return refusedData(refuse.malformed("Choose a payout"));
    const done = await settle(retryPayout(context.db, createConnectGateway(context.env, context.db), payoutId));
    if (!done.ok) return refusedData(done.refusal);
    return redirect(`/admin/payouts?retried=${payoutId}&status=${done.value.status}`);
  }
  if (intent === "adjust") {
    const submission = parseSubmission(form, { schema: PayoutAdjustmentSchema });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "adjust" } });
    const done = await settle(adjustBalance(context.db, admin.id, submission.value));
    if (!done.ok) return formAnswer(submission, { refusal: done.refusal, beside: { intent: "adjust" } });
    return redirect("/admin/payouts?adjusted=1");
  }
  const creatorId = parseId(String(form.get("creator_id") ?? ""));
  if (creatorId === null) return refusedData(refuse.malformed("Choose a creator"));
  if (intent === "hold") {
    const submission = parseSubmission(form, { schema: PayoutHoldSchema, allow: ["creator_id"] });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "hold" } });
    const done = await settle(holdPayouts(context.db, admin.id, creatorId, submission.value.reason));
    if (!done.ok) return formAnswer(submission, { refusal: done.refusal, beside: { intent: "hold" } });
    return redirect("/admin/payouts?held=1");
  }
  if (intent === "release") {
    const done = await settle(releasePayouts(context.db, creatorId));
    if (!done.ok) return refusedData(done.refusal);
    return redirect("/admin/payouts?released=1");
  }
  return refusedData(refuse.malformed("Unknown action"));
}

export const meta: MetaFunction = () => [{ title: "Payouts · Admin · Reelcraft" }];

const ACCOUNT_LABEL = { none: "No payout account", incomplete: "Not set up", enabled: "Ready" } as const;

export default function AdminPayouts() {
  const { creators, failed, holdable, holds, settings, adjustments, adjustmentKey, everyone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const releasing = useIsSubmitting("/admin/payouts", "release");
  const retrying = useIsSubmitting("/admin/payouts", "retry");
  const notice = params.get("settings")
    ? "Payout settings saved: they apply to orders assigned and earnings written from now on."
    : params.get("held")
      ? HOLD_MESSAGES.held
      : params.get("adjusted")
        ? ADJUSTMENT_MESSAGES.done
        : params.get("released")
          ? HOLD_MESSAGES.released
          : params.get("retried")
            ? params.get("status") === "paid"
              ? "Transfer retried: paid."
              : params.get("status") === "failed"
                ? "Transfer retried: the provider refused it again (see below)."
                : "Transfer retried: it waits for the creator's payout account."
            : null;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Payouts</h1>
      <p className="max-w-3xl text-sm text-slate-700">
        Each creator's earnings by currency: held in clearance, due (cleared, waiting for the next run or for the creator's payout account), on its way, paid
        and failed. The scheduled run pays what is due every 30 minutes.
      </p>
      {notice && !answer ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {notice}
        </p>
      ) : null}
      <Refused message={answer && "refused" in answer ? answer.refused : null} />

      <section aria-labelledby="creators-payouts-title" className="space-y-3">
        <h2 id="creators-payouts-title" className="text-lg font-semibold">
          By creator
        </h2>
        {creators.length ? (
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
                <tr>
                  {["Creator", "Held", "Due", "On its way", "Paid", "Failed", "Account", "Hold"].map((label, i) => (
                    <th key={label} scope="col" className={`px-4 py-2 font-semibold ${i >= 1 && i <= 5 ? "text-right" : ""}`}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {creators.map((row) => (
                  <tr key={`${row.creator_id}-${row.currency}`} className="border-b border-slate-100 align-top last:border-0" data-testid="payouts-row">
                    <th scope="row" className="px-4 py-2 font-semibold">
                      {`${row.creator} (${row.currency})`}
                    </th>
                    {[row.held_minor, row.due_minor, row.on_its_way_minor, row.paid_minor, row.failed_minor].map((minor, i) => (
                      <td key={i} className="px-4 py-2 text-right whitespace-nowrap tabular-nums">
                        {formatMoney(minor, row.currency)}
                      </td>
                    ))}
                    <td className="px-4 py-2">{ACCOUNT_LABEL[row.account]}</td>
                    <td className="px-4 py-2">{row.held_reason ? <span className="text-amber-900">Held</span> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No creator has earned yet.</p>
        )}
      </section>

      <section aria-labelledby="holds-title" className="space-y-3">
        <h2 id="holds-title" className="text-lg font-semibold">
          Holds
        </h2>
        {holds.length ? (
          <ul className="space-y-3">
            {holds.map((hold) => (
              <li key={hold.id} className="rounded-2xl border border-amber-200 bg-white p-4 text-sm" data-testid="payout-hold">
                <p className="font-semibold">{hold.name}</p>
                <p className="mt-1 whitespace-pre-wrap text-amber-900">{hold.reason}</p>
                <Form method="post" className="mt-2">
                  <input type="hidden" name="creator_id" value={hold.id} />
                  <SubmitButton name="intent" value="release" busy={releasing} busyText="Releasing..." className="sm:w-auto">
                    {`Release ${hold.name}`}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No creator's payouts are held.</p>
        )}
      </section>

      <section aria-labelledby="failed-title" className="space-y-3">
        <h2 id="failed-title" className="text-lg font-semibold">
          Failed payouts
        </h2>
        {failed.length ? (
          <ul className="space-y-3">
            {failed.map((payout) => (
              <li key={payout.id} className="rounded-2xl border border-red-200 bg-white p-4 text-sm" data-testid="failed-payout">
                <p className="font-semibold">
                  {`${payout.kind === "reversal" ? "Reversal · " : ""}${payout.creator} · ${formatMoney(payout.amount_minor, payout.currency)}`}
                  {payout.order_id ? (
                    <>
                      {" · "}
                      <Link to={`/admin/orders/${payout.order_id}`} className="text-brand-700 hover:underline">
                        {`Order #${payout.order_id}`}
                      </Link>
                    </>
                  ) : null}
                </p>
                <p className="mt-1 text-red-800">{payout.failure ?? "Refused by the provider."}</p>
                <p className="mt-1 text-slate-600">{`${payout.attempts === 1 ? "1 attempt" : `${payout.attempts} attempts`}, last ${adminDateTime.format(new Date(payout.updated_at))}`}</p>
                {payout.kind === "transfer" ? (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="payout_id" value={payout.id} />
                    <SubmitButton name="intent" value="retry" busy={retrying} busyText="Retrying..." className="sm:w-auto">
                      Retry the transfer
                    </SubmitButton>
                  </Form>
                ) : (
                  <p className="mt-1 font-medium text-slate-800">
                    A reversal: what the creator owes is set against their next transfers unless it went through.
                  </p>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No failed payouts.</p>
        )}
      </section>

      <SettingsForm settings={settings} lastResult={answer && "result" in answer && answer.intent === "settings" ? answer.result : undefined} />
      <HoldForm creators={holdable} lastResult={answer && "result" in answer && answer.intent === "hold" ? answer.result : undefined} />
      <AdjustmentForm
        creators={everyone}
        adjustmentKey={adjustmentKey}
        adjustments={adjustments}
        lastResult={answer && "result" in answer && answer.intent === "adjust" ? answer.result : undefined}
      />
    </div>
  );
}

function HoldForm({ creators, lastResult }: { creators: { id: number; name: string }[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { form, fields, formProps, error } = useSchemaForm(PayoutHoldSchema, { lastResult, id: "hold" });
  const busy = useIsSubmitting("/admin/payouts", "hold");
  return (
    <section aria-labelledby="hold-title" className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="hold-title" className="text-lg font-semibold">
        Hold a creator's payouts
      </h2>
      <p className="mt-1 text-sm text-slate-600">Nothing is sent to them until you release the hold; they read your reason on their payouts page.</p>
      <Form method="post" {...formProps} className="mt-4 space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <label htmlFor="hold-creator" className="block text-sm font-medium text-slate-800">
            Creator
          </label>
          <select
            id="hold-creator"
            name="creator_id"
            required
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm"
          >
            {creators.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField label="Reason (the creator reads it)" meta={fields.reason} error={error(fields.reason)} rows={3} maxLength={PAYOUT_HOLD_REASON.max} />
        <SubmitButton name="intent" value="hold" busy={busy} busyText="Holding..." tone="danger" className="sm:w-auto">
          Hold payouts
        </SubmitButton>
      </Form>
    </section>
  );
}

function SettingsForm({ settings, lastResult }: { settings: PayoutSettingsView; lastResult: SubmissionResult<string[]> | undefined }) {
  const { form, fields, formProps, error } = useSchemaForm(PayoutSettingsSchema, {
    lastResult,
    id: "payout-settings",
    defaultValue: { default_share: settings.default_share, clearance_days: String(settings.clearance_days) },
  });
  const busy = useIsSubmitting("/admin/payouts", "settings");
  return (
    <section aria-labelledby="payout-settings-title" className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="payout-settings-title" className="text-lg font-semibold">
        Payout settings
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The creators' share of an order's price before tax where neither the creator nor the service sets one, and how long an earning is held after its order
        completes. Orders already assigned and earnings already written keep theirs.
      </p>
      <Form method="post" {...formProps} className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Default share (%)" meta={fields.default_share} error={error(fields.default_share)} inputMode="decimal" autoComplete="off" />
        <Field
          label="Clearance period (days)"
          meta={fields.clearance_days}
          error={error(fields.clearance_days)}
          type="number"
          min={CLEARANCE_DAYS.min}
          max={CLEARANCE_DAYS.max}
        />
        <SubmitButton name="intent" value="settings" busy={busy} busyText="Saving..." className="sm:w-auto">
          Save settings
        </SubmitButton>
      </Form>
    </section>
  );
}

type Adjustment = ReturnType<typeof useLoaderData<typeof loader>>["adjustments"][number];

function AdjustmentForm({
  creators,
  adjustmentKey,
  adjustments,
  lastResult,
}: {
  creators: { id: number; name: string }[];
  adjustmentKey: string;
  adjustments: Adjustment[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, formProps, error } = useSchemaForm(PayoutAdjustmentSchema, { lastResult, id: "adjust", defaultValue: { currency: "GBP" } });
  const busy = useIsSubmitting("/admin/payouts", "adjust");
  return (
    <section aria-labelledby="adjust-title" className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="adjust-title" className="text-lg font-semibold">
        Adjust a creator's balance
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A positive amount is owed to the creator and paid by the next run; a negative one is taken from them and set against their next transfers. They read
        your reason on their payouts page.
      </p>
      <Form method="post" {...formProps} className="mt-4 space-y-3">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="key" value={adjustmentKey} />
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
          <div>
            <label htmlFor="adjust-creator" className="block text-sm font-medium text-slate-800">
              Creator
            </label>
            <select
              id="adjust-creator"
              name="creator_id"
              required
              defaultValue={(fields.creator_id.initialValue as string | undefined) ?? ""}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm"
            >
              <option value="" disabled>
                Choose a creator
              </option>
              {creators.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <Field label="Amount (negative to take)" meta={fields.amount} error={error(fields.amount)} autoComplete="off" placeholder="25.00 or -12.50" />
          <div>
            <label htmlFor="adjust-currency" className="block text-sm font-medium text-slate-800">
              Currency
            </label>
            <select
              id="adjust-currency"
              name="currency"
              defaultValue={(fields.currency.initialValue as string | undefined) ?? "GBP"}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm"
            >
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TextAreaField label="Reason (the creator reads it)" meta={fields.reason} error={error(fields.reason)} rows={3} maxLength={ADJUSTMENT_REASON.max} />
        <SubmitButton name="intent" value="adjust" busy={busy} busyText="Adjusting..." className="sm:w-auto">
          Adjust the balance
        </SubmitButton>
      </Form>
      <h3 className="mt-6 text-base font-semibold">Latest adjustments</h3>
      {adjustments.length ? (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {adjustments.map((row) => (
            <li key={row.id} className="py-2" data-testid="adjustment">
              <p className="font-semibold">{`${row.creator} · ${formatMoney(row.amount_minor, row.currency)}`}</p>
              <p className="whitespace-pre-wrap text-slate-700">{row.reason}</p>
              <p className="text-slate-500">{`${row.admin ?? "An admin"}, ${adminDateTime.format(new Date(row.created_at))}`}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No adjustments yet.</p>
      )}
    </section>
  );
}
