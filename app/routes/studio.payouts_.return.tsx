import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCreator } from "~/auth/index.server";
import { refreshPayoutAccount } from "~/domain/payouts/accounts.server";
import { createConnectGateway } from "~/domain/payouts/connect.server";

/** Back from the provider's onboarding: what the provider now says of the account is kept (the webhook may come later), then the payouts page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  await refreshPayoutAccount(context.db, createConnectGateway(context.env, context.db), creator.id);
  return redirect("/studio/payouts?account=updated");
}
