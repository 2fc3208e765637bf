import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCreator } from "~/auth/index.server";
import { onboardingUrls, startOnboarding } from "~/domain/payouts/accounts.server";
import { createConnectGateway } from "~/domain/payouts/connect.server";
import { settle } from "~/domain/refusal";

/** The provider's onboarding link was spent or expired: a new one, at once (an account already complete goes back to the payouts page). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const started = await settle(
    startOnboarding(context.db, createConnectGateway(context.env, context.db), creator.id, onboardingUrls(context.origin), { open: false }),
  );
  return redirect(started.ok ? started.value.url : "/studio/payouts");
}
