import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { VERIFY_PATH, verifyBanner } from "~/lib/email-verification";
import type { loader as rootLoader } from "~/root";
import type { action as verifyAction } from "~/routes/_site.verify-email";

/**
 * Asks a signed-in customer who has not confirmed their email to do so, with a Resend button. With
 * JavaScript the answer appears in place; without it the form leads to the confirmation page.
 */
export function VerifyEmailBanner() {
  const customer = useRouteLoaderData<typeof rootLoader>("root")?.customer ?? null;
  const { pathname } = useLocation();
  const fetcher = useFetcher<typeof verifyAction>();
  if (!customer || customer.emailVerified || pathname === VERIFY_PATH) return null;
  const answer = fetcher.data && "resend" in fetcher.data ? fetcher.data : null;
  const busy = fetcher.state !== "idle";
  return (
    <section aria-label="Confirm your email" className="border-b border-amber-200 bg-amber-50 text-sm text-amber-900 print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6 lg:px-8">
        <p className="flex-1">{verifyBanner(customer.email)}</p>
        <p role="status" className="font-medium empty:hidden">
          {answer?.message ?? ""}
        </p>
        <fetcher.Form method="post" action={VERIFY_PATH}>
          <button
            type="submit"
            name="intent"
            value="resend"
            disabled={busy}
            className="rounded-md border border-amber-300 bg-white px-3 py-1 font-semibold text-amber-900 hover:bg-amber-100 disabled:cursor-wait disabled:opacity-70"
          >
            {busy ? "Sending..." : "Resend"}
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
