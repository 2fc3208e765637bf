import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { Logo } from "./logo";
import { SearchBox } from "./search-box";
import { useIsSubmitting } from "./ui/use-is-submitting";

/** Shared shop header (SPEC §2): logo, search, and the account controls. */
export function Header() {
  const customer = useRouteLoaderData<typeof rootLoader>("root")?.customer ?? null;
  const signingOut = useIsSubmitting("/logout");
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:flex-nowrap sm:px-6 lg:px-8">
        <Logo to="/products" />
        <SearchBox className="order-last w-full sm:order-none sm:mx-auto sm:max-w-md" />
        <nav aria-label="Account" className="ml-auto flex items-center gap-2 sm:ml-0">
          {customer ? (
            <>
              <Link
                to="/profile"
                className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 hover:bg-slate-100 md:pr-3"
                aria-label={`Your account: ${customer.name}`}
              >
                {/* The initial on narrow screens; beside the visible name a plain avatar, so that the
                    link's visible text stays part of its accessible name (WCAG 2.5.3). */}
                <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
                  <span className="md:hidden">{customer.name.trim().charAt(0).toUpperCase() || "?"}</span>
                  <svg viewBox="0 0 20 20" className="hidden size-4 fill-current md:block">
                    <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0H3Z" />
                  </svg>
                </span>
                <span aria-hidden="true" className="hidden max-w-32 truncate text-sm font-semibold text-slate-800 md:inline">
                  {customer.name}
                </span>
              </Link>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  disabled={signingOut}
                  className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-70"
                >
                  {signingOut ? "Signing out..." : "Logout"}
                </button>
              </Form>
            </>
          ) : (
            <>
              <Link to="/login" className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
                Log in
              </Link>
              <Link to="/signup" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
                Sign up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
