import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Logo } from "~/components/logo";
import { Toaster } from "~/components/toaster";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { requireAdmin } from "~/auth/index.server";
import { readToasts } from "~/http/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const { toasts, clear } = await readToasts(context.env, request);
  return data({ admin, toasts }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export const meta: MetaFunction = () => [{ title: "Admin · Reelcraft" }, { name: "robots", content: "noindex" }];

const LINKS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/creators", label: "Creators" },
  { to: "/admin/payouts", label: "Payouts" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/demo-requests", label: "Demo requests" },
  { to: "/admin/emails", label: "Emails" },
  { to: "/admin/promotions", label: "Promotions" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/settings/tax", label: "Tax settings" },
  { to: "/admin/settings/self-billing", label: "Self-billing" },
];

/** Admin layout (SPEC §2): sidebar with Dashboard, Products, Orders, Users (and our extras: creators, payouts, reports, demo requests, emails, promotions, reviews, tax settings, self-billing) and the account menu. */
export default function AdminLayout() {
  const { admin, toasts } = useLoaderData<typeof loader>();
  const signingOut = useIsSubmitting("/admin/logout");
  const link = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-white/10 text-white" : "text-slate-300 hover:bg-white/5 hover:text-white"}`;
  return (
    <div className="min-h-screen bg-slate-50 md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
      {/* The dark column runs the page's whole height; its contents stay in view as the page scrolls. */}
      <aside className="bg-slate-950 text-white">
        <div className="md:sticky md:top-0 md:flex md:h-screen md:flex-col">
          <div className="flex items-center justify-between px-4 py-4">
            <Logo to="/admin/products" inverted />
          </div>
          <nav aria-label="Admin" className="px-2 pb-2 md:flex-1">
            <ul className="flex flex-wrap gap-1 md:block md:space-y-1">
              {LINKS.map((l) => (
                <li key={l.to} className="shrink-0">
                  <NavLink to={l.to} className={link}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <details className="group relative border-t border-white/10 px-4 py-3">
            <summary className="flex cursor-pointer list-none items-center gap-2 text-sm">
              <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-700 font-bold">
                {admin.name.charAt(0).toUpperCase()}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{admin.name}</span>
                <span className="block truncate text-xs text-slate-400">{admin.email}</span>
              </span>
              <span aria-hidden="true" className="transition group-open:rotate-180">
                ▾
              </span>
              <span className="sr-only">Account menu</span>
            </summary>
            <div className="mt-3 space-y-1">
              <NavLink to="/admin/account" className={link}>
                Account settings
              </NavLink>
              <Form method="post" action="/admin/logout">
                <button
                  type="submit"
                  disabled={signingOut}
                  className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white"
                >
                  {signingOut ? "Signing out..." : "Logout"}
                </button>
              </Form>
            </div>
          </details>
        </div>
      </aside>
      <main id="main" className="min-w-0 px-4 py-8 sm:px-8">
        <Toaster initial={toasts}>
          <Outlet />
        </Toaster>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-24">
      <GeneralErrorBoundary />
    </div>
  );
}
