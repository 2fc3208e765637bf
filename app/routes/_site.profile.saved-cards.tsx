import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Refused } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { requireCustomer } from "~/auth/index.server";
import { listSavedCards, rememberPendingCards, removeSavedCard } from "~/domain/payments/saved-cards.server";
import { readForm } from "~/http/request-body.server";
import { refusedData, settle } from "~/http/screen-refusal.server";
import { cardExpiry, cardName } from "~/lib/card-name";
import { paths } from "~/lib/paths";
import { parseId } from "~/lib/record-id";

/** The cards the customer saved at checkout, each for changes to one order; removed here, at the provider too. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  await rememberPendingCards(context.db, context.payments, customer.id);
  return { cards: await listSavedCards(context.db, customer.id) };
}

export const meta: MetaFunction = () => [{ title: "My Saved Cards · Reelcraft" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const form = await readForm(request);
  const removed = await settle(removeSavedCard(context.db, context.payments, customer.id, parseId(String(form.get("card_id") ?? "")) ?? 0));
  if (!removed.ok) return refusedData(removed.refusal);
  return redirect("/profile/saved-cards?done=removed");
}

export default function SavedCards() {
  const { cards } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useIsSubmitting("/profile/saved-cards");
  return (
    <section aria-labelledby="cards-title">
      <h1 id="cards-title" className="text-2xl font-bold tracking-tight">
        My Saved Cards
      </h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        A card you chose to save at checkout pays only for work you agree to add to that order, with you present. We keep its brand, last four digits and
        expiry; the card itself stays with our payment provider.
      </p>
      {params.get("done") === "removed" ? (
        <p role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          Card removed.
        </p>
      ) : null}
      <Refused className="mt-4" message={answer && "refused" in answer ? answer.refused : null} />
      {cards.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No saved cards.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {cards.map((card) => (
            <li key={card.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4">
              <div className="text-sm">
                <p className="font-semibold text-slate-900">{cardName(card)}</p>
                <p className="text-slate-600">
                  Expires {cardExpiry(card)} · for changes to{" "}
                  <Link to={paths.customerOrder(card.order_id)} className="font-semibold text-brand-700 hover:underline">
                    order #{card.order_id}
                  </Link>
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="card_id" value={card.id} />
                <button
                  type="submit"
                  disabled={busy}
                  aria-label={`Remove ${cardName(card)}`}
                  className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
