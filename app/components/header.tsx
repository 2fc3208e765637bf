import { Link } from "@remix-run/react";
import { Logo } from "./logo";
import { SearchBox } from "./search-box";

/** Shared shop header (SPEC §2). The signed-in avatar and Logout arrive with accounts. */
export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:flex-nowrap sm:px-6 lg:px-8">
        <Logo to="/products" />
        <SearchBox className="order-last w-full sm:order-none sm:mx-auto sm:max-w-md" />
        <nav aria-label="Account" className="ml-auto flex items-center gap-2 sm:ml-0">
          <Link to="/login" className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Log in
          </Link>
          <Link to="/signup" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
            Sign up
          </Link>
        </nav>
      </div>
    </header>
  );
}
