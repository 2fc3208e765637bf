import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet, useNavigation } from "@remix-run/react";
import { AddressesLoading, OrdersSkeleton } from "~/components/profile-loading";
import { requireCustomer } from "~/auth/index.server";

const LINKS = [
  { to: "/profile", label: "Dashboard", end: true },
  { to: "/profile/orders", label: "My Orders", end: false },
  { to: "/profile/saved-addresses", label: "Saved Addresses", end: false },
  { to: "/profile/saved-cards", label: "Saved Cards", end: false },
  { to: "/profile/privacy", label: "Privacy", end: false },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCustomer(context, request);
  return null;
}

/** The customer's profile area: a sidebar that collapses into a menu below 768 px (SPEC §2). */
export default function ProfileLayout() {
  const navigation = useNavigation();
  const arriving = navigation.state === "loading" ? navigation.location.pathname : null;
  const link = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;
  const nav = (
    <ul className="space-y-1">
      {LINKS.map((l) => (
        <li key={l.to}>
          <NavLink to={l.to} end={l.end} className={link}>
            {l.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-[14rem_minmax(0,1fr)] lg:px-8 print:block print:p-0">
      <nav aria-label="Profile" className="print:hidden">
        <details className="group rounded-xl border border-slate-200 md:hidden">
          <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold">
            Account menu
            <span aria-hidden="true" className="transition group-open:rotate-180">
              ▾
            </span>
          </summary>
          <div className="border-t border-slate-200 p-2">{nav}</div>
        </details>
        <div className="hidden md:block">{nav}</div>
      </nav>
      <div className="min-w-0">
        {arriving === "/profile/orders" ? (
          <section aria-label="My Orders" aria-busy="true">
            <h1 className="text-2xl font-bold tracking-tight">My Orders</h1>
            <div className="mt-6">
              <OrdersSkeleton />
            </div>
          </section>
        ) : arriving === "/profile/saved-addresses" ? (
          <section aria-label="My Saved Addresses" aria-busy="true">
            <h1 className="text-2xl font-bold tracking-tight">My Saved Addresses</h1>
            <div className="mt-6">
              <AddressesLoading />
            </div>
          </section>
        ) : (
          <Outlet />
        )}
      </div>
    </div>
  );
}
