import { Form, Link, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { AddressForm } from "~/components/address-form";
import { addressText } from "~/lib/rules/address-rules";
import type { AddressView } from "~/domain/orders/addresses.server";
import type { CheckoutLoader } from "./checkout-page.server";

function panelHref(params: URLSearchParams, panel: "add" | "all" | null) {
  const next = new URLSearchParams(params);
  next.delete("add");
  next.delete("view");
  if (panel === "add") next.set("add", "1");
  if (panel === "all") next.set("view", "all");
  return `?${next}`;
}

/** A business address's tax number, under the address. */
function TaxIdLine({ address }: { address: AddressView }) {
  return address.tax_id ? <span className="mt-0.5 block text-slate-600">{`Tax ID ${address.tax_id}`}</span> : null;
}

/**
 * Billing information (SPEC §2): the selected address, 'Add New' and 'View All' (never both open),
 * the list with radios and a 'Default' badge. Links and GET forms, so it all works without JavaScript.
 */
export function BillingPanel() {
  const { addresses, selectedAddressId, panel } = useLoaderData<CheckoutLoader>();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const selected = addresses.find((a) => a.id === selectedAddressId);
  const button = (active: boolean) =>
    `rounded-lg px-3 py-2 text-sm font-semibold ring-1 ${active ? "bg-brand-700 text-white ring-brand-700" : "text-slate-700 ring-slate-300 hover:bg-slate-50"}`;

  return (
    <section aria-labelledby="billing-title" className="rounded-2xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="billing-title" className="text-lg font-semibold">
          Billing information
        </h2>
        <div className="flex gap-2">
          <Link
            to={panelHref(params, panel === "add" ? null : "add")}
            replace
            preventScrollReset
            className={button(panel === "add")}
            aria-expanded={panel === "add"}
          >
            Add New
          </Link>
          {addresses.length ? (
            <Link
              to={panelHref(params, panel === "all" ? null : "all")}
              replace
              preventScrollReset
              className={button(panel === "all")}
              aria-expanded={panel === "all"}
            >
              View All
            </Link>
          ) : null}
        </div>
      </div>

      {selected && params.get("added") === "1" && selected.id === Number(params.get("address")) ? (
        <p role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="address-added">
          Address saved and selected: the order is billed to it.
        </p>
      ) : null}
      <div className="mt-4" data-testid="selected-address">
        {selected ? (
          <div className="rounded-xl bg-slate-50 p-4 text-sm">
            <p className="font-medium text-slate-500">Bill to</p>
            <p className="mt-1 text-slate-900">
              {addressText(selected)}
              <TaxIdLine address={selected} />
            </p>
          </div>
        ) : addresses.length === 0 && panel !== "add" ? (
          <p className="text-sm text-slate-600">No billing addresses found.</p>
        ) : null}
      </div>

      {panel === "all" ? (
        addresses.length ? (
          <Form
            method="get"
            replace
            preventScrollReset
            className="mt-4 space-y-3"
            onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}
          >
            {[...params.entries()]
              .filter(([k]) => k === "package" || k === "promo")
              .map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
            <input type="hidden" name="view" value="all" />
            <fieldset>
              <legend className="sr-only">Choose a billing address</legend>
              <ul className="space-y-2">
                {addresses.map((a) => (
                  <li key={a.id}>
                    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-4 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                      <input type="radio" name="address" value={a.id} defaultChecked={a.id === selectedAddressId} className="mt-0.5 accent-brand-700" />
                      <span className="flex-1">
                        {addressText(a)}
                        <TaxIdLine address={a} />
                      </span>
                      {a.is_default ? <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Default</span> : null}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <noscript>
              <button type="submit" className="rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-slate-300">
                Use this address
              </button>
            </noscript>
          </Form>
        ) : (
          <p className="mt-4 text-sm text-slate-600">No billing addresses found.</p>
        )
      ) : null}

      {panel === "add" ? (
        <div className="mt-4 rounded-xl border border-slate-200 p-4">
          <AddressForm cancelHref={panelHref(params, null)} />
        </div>
      ) : null}
    </section>
  );
}
