import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Logo } from "~/components/logo";
import { Toaster } from "~/components/toaster";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { requireCreator } from "~/auth/index.server";
import { getCreatorProfile } from "~/domain/creators/creators.server";
import { readToasts } from "~/http/toast.server";

/** The creator's workspace: signed-in creators only; a suspended one reads the statement of reasons here and nothing else. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  const suspension = creator.status === "suspended" ? (await getCreatorProfile(context.db, creator.id)).suspended_reason : null;
  const { toasts, clear } = await readToasts(context.env, request);
  return data({ creator, suspension, toasts }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export const meta: MetaFunction = () => [{ title: "Studio · Reelcraft" }, { name: "robots", content: "noindex" }];

const LINKS = [
  { to: "/studio", label: "Orders", end: true },
  { to: "/studio/profile", label: "Profile", end: false },
  { to: "/studio/portfolio", label: "Portfolio", end: false },
  { to: "/studio/payouts", label: "Payouts", end: false },
  { to: "/studio/tax", label: "Tax details", end: false },
  { to: "/studio/privacy", label: "Privacy", end: false },
];

export default function StudioLayout() {
  const { creator, suspension, toasts } = useLoaderData<typeof loader>();
  // A suspended creator keeps their data rights and their money: the privacy, payouts and tax pages are theirs too.
  const pathname = useLocation().pathname;
  const stillTheirs = ["/studio/privacy", "/studio/payouts", "/studio/tax"].some((page) => pathname.startsWith(page));
  const signingOut = useIsSubmitting("/creator/logout");
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Logo to="/studio" />
          <span className="text-sm font-semibold text-slate-500">Studio</span>
          {suspension === null ? (
            <nav aria-label="Studio" className="flex flex-wrap gap-1">
              {LINKS.map((l) => (
                <NavLink key={l.to} to={l.to} end={l.end} className={link}>
                  {l.label}
                </NavLink>
              ))}
            </nav>
          ) : null}
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="max-w-48 truncate font-medium text-slate-700">{creator.name}</span>
            <Form method="post" action="/creator/logout">
              <button type="submit" disabled={signingOut} className="rounded-lg px-3 py-2 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
                {signingOut ? "Signing out..." : "Sign out"}
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {suspension === null || stillTheirs ? (
          <Toaster initial={toasts}>
            <Outlet />
          </Toaster>
        ) : (
          <Suspended reason={suspension} />
        )}
      </main>
    </div>
  );
}

/** What a suspended creator sees: the statement of reasons, what happens to their work and money, and how to appeal. */
function Suspended({ reason }: { reason: string | null }) {
  return (
    <section aria-labelledby="suspended-title" className="max-w-prose space-y-4">
      <h1 id="suspended-title" className="text-2xl font-bold tracking-tight">
        Your creator account is suspended
      </h1>
      <p className="text-slate-700">The studio suspended your account and sent you this statement of reasons by email:</p>
      <blockquote className="rounded-xl border-l-4 border-slate-300 bg-white p-4 whitespace-pre-wrap text-slate-800">
        {reason ?? "No reason was recorded."}
      </blockquote>
      <p className="text-slate-700">
        Your open orders have passed to other creators. What you earned stays yours: see it, and set up or finish your payout account, on the{" "}
        <Link to="/studio/payouts" className="font-semibold text-brand-700 underline">
          Payouts page
        </Link>
        . To appeal, reply to the suspension email or write to the studio within 30 days; the studio answers every appeal in writing.
      </p>
      <p className="text-slate-700">
        Your data stays yours as well: download a copy of it, or delete your account, on the{" "}
        <Link to="/studio/privacy" className="font-semibold text-brand-700 underline">
          Privacy page
        </Link>
        .
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-24">
      <GeneralErrorBoundary />
    </div>
  );
}
