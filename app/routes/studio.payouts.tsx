import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireCreator } from "~/auth/index.server";
import { creatorPayoutAccount, onboardingUrls, startOnboarding } from "~/domain/payouts/accounts.server";
import { createConnectGateway } from "~/domain/payouts/connect.server";
import { creatorBalances, creatorLedger, LEDGER_PAGE } from "~/domain/payouts/ledger.server";
import { monthLabel, statementMonths } from "~/domain/payouts/statements.server";
import { readForm } from "~/http/request-body.server";
import { refuse } from "~/domain/refusal";
import { refusedData, settle } from "~/http/screen-refusal.server";
import { Refused, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { EARNING_STATE_LABELS, LEDGER_KIND_LABELS, PAYOUT_MESSAGES } from "~/lib/rules/payouts";
import { formatMoney } from "~/lib/money";
import { paths } from "~/lib/paths";

/** The creator's money: balances per currency and the ledger, newest first, by keyset (`?after=`). A suspended creator's too: what they earned stays theirs. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const raw = new URL(request.url).searchParams.get("after");
  const after = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  const now = Date.now();
  const [page, balances, account, months] = await Promise.all([
    creatorLedger(context.db, creator.id, { after, limit: LEDGER_PAGE.default }, now),
    creatorBalances(context.db, creator.id, now),
    creatorPayoutAccount(context.db, creator.id),
    statementMonths(context.db, creator.id, now),
  ]);
  return { ...page, balances, account, paged: after !== null, statements: months.map((month) => ({ month, label: monthLabel(month) })) };
}

/** Starts or resumes setting up the creator's payout account: off to the provider's onboarding page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const form = await readForm(request);
  if (form.get("intent") !== "onboard") return refusedData(refuse.malformed("Unknown request."));
  const started = await settle(startOnboarding(context.db, createConnectGateway(context.env, context.db), creator.id, onboardingUrls(context.origin)));
  if (!started.ok) return refusedData(started.refusal);
  return redirect(started.value.url);
}

export const meta: MetaFunction = () => [{ title: "Payouts · Studio · Reelcraft" }, { name: "robots", content: "noindex" }];

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export default function StudioPayouts() {
  const { data: rows, next, balances, account, paged, statements } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refused;
  const [params] = useSearchParams();
  const busy = useIsSubmitting("/studio/payouts");
  const returned = params.get("account");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Payouts</h1>
      <p className="max-w-3xl text-sm text-slate-700">
        You earn your share of each order's price before tax when the order completes. Each earning is held for the clearance period, then paid to your payout
        account by Stripe. Until your account can be paid your earnings are kept here, and none is lost.
      </p>
      <section aria-labelledby="account-title" className="max-w-3xl space-y-3 rounded-2xl border border-slate-200 bg-white p-5" data-testid="payout-account">
        <h2 id="account-title" className="text-lg font-semibold">
          Payout account
        </h2>
        {returned === "updated" && account.state === "enabled" ? (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
            Your payout account is set up.
          </p>
        ) : null}
        {account.waiting_because ? (
          <p className="text-sm text-amber-900" data-testid="payouts-waiting">
            {account.waiting_because}
          </p>
        ) : (
          <p className="text-sm text-emerald-800">{PAYOUT_MESSAGES.enabled}</p>
        )}
        {account.requirements_due.length && account.state !== "enabled" ? (
          <p className="text-sm text-slate-600">{`Still needed: ${account.requirements_due.length === 1 ? "1 detail" : `${account.requirements_due.length} details`}.`}</p>
        ) : null}
        <Refused message={refused} />
        {account.state !== "enabled" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="onboard" />
            <SubmitButton busy={busy} busyText="Opening Stripe…" className="sm:w-auto">
              {account.state === "none" ? "Set up payouts" : "Continue setting up payouts"}
            </SubmitButton>
          </Form>
        ) : null}
      </section>
      <section aria-labelledby="balances-title">
        <h2 id="balances-title" className="sr-only">
          Balances
        </h2>
        {balances.length ? (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {balances.flatMap((b) => [
              <li key={`${b.currency}-held`} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="text-sm text-slate-600">{`Held (${b.currency})`}</p>
                <p className="mt-1 text-xl font-bold">{formatMoney(b.held_minor, b.currency)}</p>
              </li>,
              <li key={`${b.currency}-ready`} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="text-sm text-slate-600">{`Ready to pay (${b.currency})`}</p>
                <p className="mt-1 text-xl font-bold">{formatMoney(b.ready_minor, b.currency)}</p>
              </li>,
              <li key={`${b.currency}-on-its-way`} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="text-sm text-slate-600">{`On its way (${b.currency})`}</p>
                <p className="mt-1 text-xl font-bold">{formatMoney(b.on_its_way_minor, b.currency)}</p>
              </li>,
              <li key={`${b.currency}-paid`} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="text-sm text-slate-600">{`Paid (${b.currency})`}</p>
                <p className="mt-1 text-xl font-bold">{formatMoney(b.paid_minor, b.currency)}</p>
              </li>,
            ])}
          </ul>
        ) : null}
      </section>
      <section aria-labelledby="ledger-title" className="space-y-3">
        <h2 id="ledger-title" className="text-lg font-semibold">
          Your earnings and payments
        </h2>
        {rows.length ? (
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    What
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Order
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    Amount
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    State
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-slate-100 last:border-0">
                    <td className="whitespace-nowrap px-4 py-2">{day.format(new Date(row.created_at))}</td>
                    <td className="px-4 py-2">{LEDGER_KIND_LABELS.creator[row.kind]}</td>
                    <td className="px-4 py-2">
                      {row.order_id ? (
                        <Link to={paths.studioOrder(row.order_id)} className="text-brand-700 hover:underline">
                          {`#${row.order_id}${row.product ? ` ${row.product}` : ""}`}
                        </Link>
                      ) : row.note ? (
                        <span className="whitespace-pre-wrap">{row.note}</span>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="whitespace-nowrap px-4 py-2 text-right font-semibold tabular-nums">{formatMoney(row.amount_minor, row.currency)}</td>
                    <td className="px-4 py-2">
                      {row.state === "held" && row.available_at
                        ? `${EARNING_STATE_LABELS.held} ${day.format(new Date(row.available_at))}`
                        : row.state
                          ? EARNING_STATE_LABELS[row.state]
                          : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            {paged ? "No older movements." : "No earnings yet: an order you make earns your share when it completes."}
          </p>
        )}
        <nav aria-label="Payouts pages" className="flex gap-3 text-sm font-semibold">
          {paged ? (
            <Link to="/studio/payouts" className="text-brand-700 hover:underline">
              Newest
            </Link>
          ) : null}
          {next ? (
            <Link to={`/studio/payouts?after=${next}`} rel="next" className="text-brand-700 hover:underline">
              Older
            </Link>
          ) : null}
        </nav>
      </section>
      <section aria-labelledby="statements-title" className="space-y-3">
        <h2 id="statements-title" className="text-lg font-semibold">
          Monthly statements
        </h2>
        {statements.length ? (
          <ul className="flex flex-wrap gap-2 text-sm">
            {statements.map((s) => (
              <li key={s.month}>
                <Link
                  to={`/studio/payouts/statements/${s.month}`}
                  className="inline-block rounded-lg border border-slate-200 bg-white px-3 py-2 font-semibold text-brand-700 hover:bg-slate-50"
                >
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">A statement appears for each month your balance moves.</p>
        )}
        <p className="text-sm text-slate-600">
          Under a self-billing agreement each closed month’s statement also carries your invoice to the studio, which the studio issues for you.{" "}
          <Link to="/studio/tax#self-billing" className="font-semibold text-brand-700 hover:underline">
            Self-billing
          </Link>
        </p>
      </section>
    </div>
  );
}
