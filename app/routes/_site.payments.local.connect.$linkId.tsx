import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { requireCreator } from "~/auth/index.server";
import { accountByProviderId, recordAccountState } from "~/domain/payouts/accounts.server";
import { createConnectGateway } from "~/domain/payouts/connect.server";
import { finishLocalOnboarding, openLocalLink } from "~/domain/payouts/local-connect.server";
import { notFound } from "~/http/answers.server";
import { readForm } from "~/http/request-body.server";

/**
 * The local Connect's stand-in for Stripe's hosted onboarding (ADR 039): the creator completes it
 * (the account can be paid) or fails verification (payouts stay off, onboarding can be resumed).
 * A link is single-use and short-lived: a spent one goes to the refresh URL for a new one.
 */
async function linkContext({ request, params, context }: LoaderFunctionArgs) {
  // A suspended creator's too: what they earned stays theirs.
  const creator = await requireCreator(context, request, { allowSuspended: true });
  if (createConnectGateway(context.env, context.db).name !== "local") throw notFound("Page not found");
  const link = await openLocalLink(context.db, params.linkId ?? "");
  const account = link ? await accountByProviderId(context.db, link.accountId) : null;
  if (!link || account?.creatorId !== creator.id) throw notFound("Page not found");
  return link;
}

export async function loader(args: LoaderFunctionArgs) {
  const link = await linkContext(args);
  if (!link.usable) throw redirect(link.refreshUrl);
  return null;
}

export async function action(args: ActionFunctionArgs) {
  const link = await linkContext(args);
  const decision = (await readForm(args.request)).get("decision");
  const account = await finishLocalOnboarding(args.context.db, link.id, decision === "complete" ? "complete" : "fail");
  if (!account) return redirect(link.refreshUrl);
  // What Stripe's `account.updated` event does, at once.
  await recordAccountState(args.context.db, account);
  return redirect(link.returnUrl);
}

export const meta: MetaFunction = () => [{ title: "Set up payouts · Test Connect · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function LocalConnectOnboarding() {
  const busy = useIsSubmitting("/payments/local/connect");
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Test Connect · Payout account</p>
        <h1 className="mt-2 text-2xl font-bold">Set up payouts</h1>
        <p className="mt-3 text-slate-600">
          This page stands in for Stripe's onboarding, where you would confirm your identity and add a bank account. No details are asked here.
        </p>
        <Form method="post" className="mt-6 grid gap-3 sm:grid-cols-2">
          <button
            type="submit"
            name="decision"
            value="complete"
            disabled={busy}
            className="rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
          >
            Complete onboarding
          </button>
          <button
            type="submit"
            name="decision"
            value="fail"
            disabled={busy}
            className="rounded-lg px-4 py-2.5 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
          >
            Fail verification
          </button>
        </Form>
      </div>
    </div>
  );
}
