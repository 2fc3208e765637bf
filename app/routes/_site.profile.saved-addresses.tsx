import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { Refused } from "~/components/ui/form";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { AddressForm } from "~/components/address-form";
import { schemaCheck } from "~/components/ui/use-schema-form";
import { AddressFormSchema } from "~/lib/schemas/address";
import { AddressesLoading } from "~/components/profile-loading";
import { addressText } from "~/lib/rules/address-rules";
import { AddressSchema } from "~/domain/orders/address-schema.server";
import { parseId } from "~/lib/record-id";
import { parseSubmission } from "~/http/form-submission.server";
import { formAnswer, refusedData, settle } from "~/http/screen-refusal.server";
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress, type AddressView } from "~/domain/orders/addresses.server";
import { requireCustomer } from "~/auth/index.server";
import { readForm } from "~/http/request-body.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  return { addresses: await listAddresses(context.db, customer.id) };
}

export const meta: MetaFunction = () => [{ title: "My Saved Addresses · Reelcraft" }];

const NOTICES = { added: "Address saved.", changed: "Address changed.", deleted: "Address deleted.", default: "Default address changed." } as const;
type Notice = keyof typeof NOTICES;
const done = (notice: Notice) => redirect(`/profile/saved-addresses?done=${notice}`);

/**
 * The address book's four actions, each a form that works without JavaScript: add, change, delete,
 * make the default. Every one is scoped to the signed-in customer by the address service.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "add-address" || intent === "edit-address") {
    const submission = parseSubmission(form, { schema: AddressSchema, allow: ["address_id"] });
    if (submission.status !== "success") return formAnswer(submission, { beside: { intent } });
    const id = parseId(String(form.get("address_id") ?? ""));
    const saved = await settle(
      intent === "add-address"
        ? createAddress(context.db, customer.id, submission.value, context.tax.vatNumbers)
        : updateAddress(context.db, customer.id, id ?? 0, submission.value, context.tax.vatNumbers),
    );
    if (!saved.ok) return formAnswer(submission, { refusal: saved.refusal, beside: { intent } });
    return done(intent === "add-address" ? "added" : "changed");
  }
  const id = parseId(String(form.get("address_id") ?? ""));
  if (intent === "delete-address") {
    const deleted = await settle(deleteAddress(context.db, customer.id, id ?? 0));
    if (!deleted.ok) return refusedData(deleted.refusal, { intent });
    return done("deleted");
  }
  if (intent === "set-default") {
    const changed = await settle(setDefaultAddress(context.db, customer.id, id ?? 0));
    if (!changed.ok) return refusedData(changed.refusal, { intent });
    return done("default");
  }
  return refusedData(refuse.malformed("Unknown action"), { intent: null });
}

export default function SavedAddresses() {
  const { addresses } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const [params] = useSearchParams();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname && navigation.location.search === location.search;
  // The forms post to this page's URL with its query, so a refused form comes back open.
  const adding = params.get("add") === "1";
  const editingId = parseId(params.get("edit") ?? "");
  const notice = params.get("done") as Notice | null;
  const refused = answer && "refused" in answer ? answer.refused : null;
  return (
    <section aria-labelledby="addresses-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="addresses-title" className="text-2xl font-bold tracking-tight">
          My Saved Addresses
        </h1>
        {!adding ? (
          <Link to="?add=1" preventScrollReset className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
            Add address
          </Link>
        ) : null}
      </div>
      {notice && Object.hasOwn(NOTICES, notice) && !answer ? (
        <p role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {NOTICES[notice]}
        </p>
      ) : null}
      <Refused message={refused} className="mt-4" />
      {adding ? (
        <section aria-labelledby="add-address-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5">
          <h2 id="add-address-title" className="mb-4 text-lg font-semibold">
            New address
          </h2>
          <AddressForm cancelHref="/profile/saved-addresses" check={schemaCheck(AddressFormSchema)} />
        </section>
      ) : null}
      <div className="mt-6">
        {loading ? (
          <AddressesLoading />
        ) : addresses.length === 0 ? (
          <p className="text-slate-600">No saved addresses found.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {addresses.map((a) => (
              <li key={a.id} className={`rounded-2xl border border-slate-200 bg-white p-5 text-sm ${editingId === a.id ? "sm:col-span-2 xl:col-span-3" : ""}`}>
                {editingId === a.id ? (
                  <section aria-labelledby={`edit-address-title-${a.id}`}>
                    <h2 id={`edit-address-title-${a.id}`} className="mb-4 text-lg font-semibold">
                      Change address
                    </h2>
                    <AddressForm address={a} cancelHref="/profile/saved-addresses" check={schemaCheck(AddressFormSchema)} />
                  </section>
                ) : (
                  <AddressCard address={a} />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function AddressCard({ address: a }: { address: AddressView }) {
  const action = "rounded-lg px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50";
  return (
    <div className="flex h-full flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <p className="text-slate-800">{addressText(a)}</p>
        {a.is_default ? <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Default</span> : null}
      </div>
      {a.tax_id ? <p className="text-slate-600">{`Tax ID ${a.tax_id}`}</p> : null}
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to={`?edit=${a.id}`} preventScrollReset className={`${action} text-slate-800`} aria-label={`Edit ${a.street}`}>
          Edit
        </Link>
        {!a.is_default ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="address_id" value={a.id} />
            <button type="submit" name="intent" value="set-default" className={`${action} text-slate-800`} aria-label={`Set as default: ${a.street}`}>
              Set as default
            </button>
          </Form>
        ) : null}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="address_id" value={a.id} />
          <button
            type="submit"
            name="intent"
            value="delete-address"
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
            aria-label={`Delete ${a.street}`}
          >
            Delete
          </button>
        </Form>
      </div>
    </div>
  );
}
