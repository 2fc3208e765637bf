import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { formatMoney } from "~/lib/money";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireCustomer } from "~/auth/index.server";
import { getOrder, recordIntentStatus } from "~/domain/orders/orders.server";
import { paymentByIntent, recordLaterPaymentStatus } from "~/domain/payments/order-payments.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { notFound } from "~/http/answers.server";
import { readForm } from "~/http/request-body.server";

/**
 * The local gateway's stand-in for a bank's 3-D Secure page (card 4000 0025 0000 3155): the
 * customer approves or fails the authentication, then returns to checkout (or, for a later payment
 * of an order paid with a saved card, to where that payment was made).
 */
async function authenticationContext({ request, params, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const intentId = params.intentId ?? "";
  const payment = await paymentByIntent(context.db, intentId);
  const order = payment ? await getOrder(context.db, payment.orderId, { userId: customer.id }) : null;
  if (!payment || !order) throw notFound("Payment not found");
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("return_to"), "/profile/orders");
  // Only a gateway that runs its own authentication step (the local one) has this page.
  const gateway = context.payments;
  if (!gateway.completeAuthentication) throw notFound("Payment not found");
  return { intentId, payment, order, returnTo, gateway, completeAuthentication: gateway.completeAuthentication };
}

export async function loader(args: LoaderFunctionArgs) {
  const { intentId, order, returnTo, gateway } = await authenticationContext(args);
  const intent = await gateway.retrieveIntent(intentId);
  if (!intent || intent.status !== "requires_action") throw redirect(returnTo);
  return { amount: formatMoney(intent.amountMinor, order.currency), title: order.product.title };
}

export async function action(args: ActionFunctionArgs) {
  const { intentId, payment, order, returnTo, completeAuthentication } = await authenticationContext(args);
  const approve = (await readForm(args.request)).get("decision") === "approve";
  const intent = await completeAuthentication(intentId, approve);
  if (intent && payment.sequence > 1) await recordLaterPaymentStatus(args.context.db, payment.id, intent);
  else if (intent) await recordIntentStatus(args.context.db, order.id, intent, mailNotice(args.context));
  return redirect(returnTo);
}

export const meta: MetaFunction = () => [{ title: "Authenticate your payment · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function AuthenticatePayment() {
  const { amount, title } = useLoaderData<typeof loader>();
  const busy = useIsSubmitting("/payments/local");
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Test bank · Secure authentication</p>
        <h1 className="mt-2 text-2xl font-bold">Authenticate your payment</h1>
        <p className="mt-3 text-slate-600">
          Your bank asks you to confirm a payment of <span className="font-semibold text-slate-900">{amount}</span> to Reelcraft for {title}.
        </p>
        <Form method="post" className="mt-6 grid gap-3 sm:grid-cols-2">
          <button
            type="submit"
            name="decision"
            value="approve"
            disabled={busy}
            className="rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
          >
            Complete authentication
          </button>
          <button
            type="submit"
            name="decision"
            value="fail"
            disabled={busy}
            className="rounded-lg px-4 py-2.5 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
          >
            Fail authentication
          </button>
        </Form>
      </div>
    </div>
  );
}
