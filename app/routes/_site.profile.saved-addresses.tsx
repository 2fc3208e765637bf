import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { AddressesLoading } from "~/components/profile-loading";
import { countryName } from "~/lib/countries";
import { listAddresses } from "~/domain/orders/addresses.server";
import { requireCustomer } from "~/auth/index.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  return { addresses: await listAddresses(context.db, customer.id) };
}

export const meta: MetaFunction = () => [{ title: "My Saved Addresses · Reelcraft" }];

export default function SavedAddresses() {
  const { addresses } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <section aria-labelledby="addresses-title">
      <h1 id="addresses-title" className="text-2xl font-bold tracking-tight">
        My Saved Addresses
      </h1>
      <div className="mt-6">
        {loading ? (
          <AddressesLoading />
        ) : addresses.length === 0 ? (
          <p className="text-slate-600">No saved addresses found.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {addresses.map((a) => (
              <li key={a.id} className="rounded-2xl border border-slate-200 bg-white p-5 text-sm">
                {a.company_name ? <p className="font-semibold">{a.company_name}</p> : null}
                <div className="flex items-start justify-between gap-2">
                  <p className={a.company_name ? "text-slate-600" : "font-semibold"}>{a.street}</p>
                  {a.is_default ? <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Default</span> : null}
                </div>
                <p className="mt-1 text-slate-600">
                  {a.city}, {a.state} {a.zip_code}
                </p>
                <p className="text-slate-600">{countryName(a.country)}</p>
                {a.tax_id ? <p className="mt-1 text-slate-600">{`Tax ID ${a.tax_id}`}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
