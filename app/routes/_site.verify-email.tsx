import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { actionRetryAfter } from "~/lib/retry-after";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { ALREADY_CONFIRMED, RESEND_TOO_SOON, VERIFY_PATH, verificationResent, verifyBanner } from "~/lib/email-verification";
import { EMAIL_CONFIRMED, VERIFY_LINK_INVALID } from "~/lib/email-verification-results";
import { getCustomer, requireCustomer, confirmationFor, confirmEmail, resendVerification } from "~/auth/index.server";
import { refusalInit, refusedData, settle } from "~/http/screen-refusal.server";
import { readForm } from "~/http/request-body.server";

/** What the page shows: a link to confirm, a spent link, or (no link) where the account stands. */
type PageState =
  | { state: "confirm"; token: string; email: string }
  | { state: "invalid"; signedIn: boolean }
  | { state: "pending"; email: string }
  | { state: "visitor" }
  | { state: "confirmed" };

/** A spent or unknown link: a signed-in customer who has confirmed since is simply told so. */
async function spentLink(context: LoaderFunctionArgs["context"], request: Request) {
  const customer = await getCustomer(context, request);
  if (customer?.emailVerified) return data<PageState>({ state: "confirmed" }, { headers: { "Cache-Control": "no-store" } });
  return data<PageState>({ state: "invalid", signedIn: customer !== null }, { status: 400, headers: { "Cache-Control": "no-store" } });
}

const tokenOf = (value: unknown) => (typeof value === "string" && value.length > 0 && value.length <= 200 ? value : null);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const noStore = { "Cache-Control": "no-store" };
  if (url.searchParams.has("token")) {
    const token = tokenOf(url.searchParams.get("token"));
    const target = token ? await confirmationFor(context, token) : null;
    if (target) return data<PageState>({ state: "confirm", token: token!, email: target.email }, { headers: noStore });
    return spentLink(context, request);
  }
  // (No redirect for visitors: this loader also renders the answer to a confirmation posted from a
  // browser that is not signed in.)
  const customer = await getCustomer(context, request);
  const state: PageState = !customer ? { state: "visitor" } : customer.emailVerified ? { state: "confirmed" } : { state: "pending", email: customer.email };
  return data(state, { headers: noStore });
}

export type ResendAnswer = { resend: "sent" | "too_soon" | "already"; message: string };

/**
 * `intent=confirm` spends the link (a GET never does, so a mail scanner opening the link confirms
 * nothing); `intent=resend` (the banner's button, signed-in customers only) sends a new link.
 */
export const headers = actionRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "confirm") {
    const token = tokenOf(form.get("token"));
    const confirmed = token !== null && (await confirmEmail(context, token));
    return confirmed ? data<PageState>({ state: "confirmed" }) : spentLink(context, request);
  }
  if (intent === "resend") {
    const customer = await requireCustomer(context, request);
    const resent = await settle(resendVerification(context, request, customer.id));
    if (!resent.ok) return data<ResendAnswer>({ resend: "too_soon", message: RESEND_TOO_SOON }, refusalInit(resent.refusal));
    if (resent.value.ok) return data<ResendAnswer>({ resend: "sent", message: verificationResent(customer.email) });
    return data<ResendAnswer>({ resend: "already", message: ALREADY_CONFIRMED });
  }
  return refusedData(refuse.malformed("Unknown action"));
}

export const meta: MetaFunction = () => [
  { title: "Confirm your email · Reelcraft" },
  { name: "robots", content: "noindex" },
  // The token is in this page's address: no other site is told it.
  { name: "referrer", content: "same-origin" },
];

export default function VerifyEmailPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsSubmitting(VERIFY_PATH);
  const page = answer && "state" in answer ? answer : loaded;
  const resent = answer && "resend" in answer ? answer : null;

  if (page.state === "confirmed") {
    return (
      <AuthCard title="Email confirmed">
        <p role="status" className="text-sm text-slate-700">
          {EMAIL_CONFIRMED}
        </p>
        <p className="mt-4 text-sm">
          <Link to="/products" className="font-semibold text-brand-700 hover:underline">
            Browse services
          </Link>
        </p>
      </AuthCard>
    );
  }

  if (page.state === "confirm") {
    return (
      <AuthCard title="Confirm your email" subtitle={`Confirm ${page.email} as the address of your Reelcraft account.`}>
        <Form method="post">
          <input type="hidden" name="token" value={page.token} />
          <SubmitButton name="intent" value="confirm" busy={busy} busyText="Confirming...">
            Confirm email
          </SubmitButton>
        </Form>
      </AuthCard>
    );
  }

  if (page.state === "visitor") {
    return (
      <AuthCard title="Confirm your email">
        <p className="text-sm text-slate-700">Open the link in the email we sent when you signed up, or log in to get a new one.</p>
        <p className="mt-4 text-sm">
          <Link to={`/login?${new URLSearchParams({ redirectTo: VERIFY_PATH })}`} className="font-semibold text-brand-700 hover:underline">
            Log in
          </Link>
        </p>
      </AuthCard>
    );
  }

  const canResend = page.state === "pending" || page.signedIn;
  return (
    <AuthCard title={page.state === "pending" ? "Confirm your email" : "This link cannot be used"}>
      <p role={page.state === "invalid" ? "alert" : undefined} className="text-sm text-slate-700">
        {page.state === "pending" ? verifyBanner(page.email) : VERIFY_LINK_INVALID}
      </p>
      {resent ? (
        <p role="status" className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
          {resent.message}
        </p>
      ) : null}
      {canResend ? (
        <Form method="post" action={VERIFY_PATH} className="mt-4">
          <SubmitButton name="intent" value="resend" busy={busy} busyText="Sending...">
            Send a new link
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-600">Sign in and use the banner at the top of the page to get a new link.</p>
      )}
    </AuthCard>
  );
}
