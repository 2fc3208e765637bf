import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { UNSUBSCRIBE_PATH } from "~/lib/subscribe-messages";

// The page's own texts, here rather than beside the footer's: what a module on every page exports
// ships with every page.
const UNSUBSCRIBE_DONE = "You are off the list: no more newsletters will be sent to this address.";
const UNSUBSCRIBE_INVALID = "This unsubscribe link is not valid. Use the link from the newsletter email itself.";
import { isUnsubscribeToken, unsubscribe } from "~/domain/marketing/newsletter.server";
import { readForm } from "~/http/request-body.server";

const field = (value: unknown) => (typeof value === "string" && value.length > 0 && value.length <= 320 ? value : null);
const noStore = { "Cache-Control": "no-store" };

/** The newsletter's unsubscribe link: no sign-in, the link's own token says whose address it is. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const email = field(url.searchParams.get("email"));
  const token = field(url.searchParams.get("token"));
  const valid = email !== null && token !== null && (await isUnsubscribeToken(context.env, email, token));
  return data(valid ? { email, token } : { email: null, token: null }, { status: valid ? 200 : 400, headers: noStore });
}

/**
 * The page's button, or a mail app's one-click unsubscribe (RFC 8058: a POST to the link itself with
 * `List-Unsubscribe=One-Click`, the address and token in the query). A GET never unsubscribes, so a
 * mail scanner opening the link changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const form = await readForm(request);
  const email = field(form.get("email") ?? url.searchParams.get("email"));
  const token = field(form.get("token") ?? url.searchParams.get("token"));
  const done = email !== null && token !== null && (await unsubscribe(context, email, token));
  return data({ done }, { status: done ? 200 : 400, headers: noStore });
}

export const meta: MetaFunction = () => [
  { title: "Unsubscribe · Reelcraft" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export default function UnsubscribePage() {
  const { email, token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsSubmitting(UNSUBSCRIBE_PATH);

  if (answer?.done) {
    return (
      <AuthCard title="Unsubscribed">
        <p role="status" className="text-sm text-slate-700">
          {UNSUBSCRIBE_DONE}
        </p>
        <p className="mt-4 text-sm">
          <Link to="/products" className="font-semibold text-brand-700 hover:underline">
            Browse services
          </Link>
        </p>
      </AuthCard>
    );
  }

  if (!email || !token || answer) {
    return (
      <AuthCard title="This link cannot be used">
        <p role="alert" className="text-sm text-slate-700">
          {UNSUBSCRIBE_INVALID}
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Unsubscribe from the newsletter?" subtitle={`${email} will get no more newsletters from Reelcraft.`}>
      <Form method="post">
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="token" value={token} />
        <SubmitButton busy={busy} busyText="Unsubscribing...">
          Unsubscribe
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
