import { Link, useFetcher, useLocation, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { SUBSCRIBE_DONE, SUBSCRIBE_ERRORS, type SubscribeCode } from "~/lib/subscribe-messages";
import { useHydrated } from "~/components/use-hydrated";
import type { SubscribeResult } from "~/routes/subscribe";
import { Logo } from "./logo";
import type { loader as rootLoader } from "~/root";

/**
 * The newsletter box (the spec gives it no behaviour; addresses are stored and counted on the admin
 * dashboard). With JavaScript it answers in place; without, /subscribe sends the browser back here.
 */
function SubscribeBox() {
  const fetcher = useFetcher<SubscribeResult>();
  const hydrated = useHydrated();
  const location = useLocation();
  const [params] = useSearchParams();
  const input = useRef<HTMLInputElement>(null);
  // An error clears as soon as the address is edited again.
  const [edited, setEdited] = useState(false);
  const busy = fetcher.state !== "idle";
  // Without JavaScript the outcome comes back as a code in the URL (never free text).
  const code = params.get("subscribe") as SubscribeCode | null;
  const fromUrl: SubscribeResult | null =
    code === "done"
      ? { message: SUBSCRIBE_DONE }
      : code && Object.hasOwn(SUBSCRIBE_ERRORS, code)
        ? { refused: SUBSCRIBE_ERRORS[code as keyof typeof SUBSCRIBE_ERRORS] }
        : null;
  const result = busy ? null : (fetcher.data ?? fromUrl);
  const error = result?.refused !== undefined && !edited ? result.refused : null;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.message !== undefined && input.current) input.current.value = "";
  }, [fetcher.state, fetcher.data]);

  const back = new URLSearchParams(location.search);
  back.delete("subscribe");
  const redirectTo = `${location.pathname}${back.size ? `?${back}` : ""}`;
  return (
    <fetcher.Form
      id="subscribe"
      method="post"
      action="/subscribe"
      noValidate={hydrated}
      onSubmit={() => setEdited(false)}
      className="scroll-mt-8 space-y-3"
      aria-labelledby="subscribe-title"
    >
      <h2 id="subscribe-title" className="text-sm font-semibold text-white">
        Get new services in your inbox
      </h2>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <div className="flex gap-2">
        <label htmlFor="subscribe-email" className="sr-only">
          Email address
        </label>
        <input
          ref={input}
          id="subscribe-email"
          type="email"
          name="email"
          required
          maxLength={254}
          placeholder="you@company.com"
          autoComplete="email"
          onInput={() => setEdited(true)}
          aria-invalid={error ? true : undefined}
          aria-describedby="subscribe-message"
          className="min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-white placeholder:text-slate-400 aria-invalid:border-red-400"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-200 disabled:opacity-70"
        >
          {busy ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      <p id="subscribe-message" aria-live="polite" className={`min-h-5 text-sm ${error ? "text-red-300" : "text-emerald-300"}`}>
        {error ?? result?.message ?? null}
      </p>
    </fetcher.Form>
  );
}

/** Shared footer (SPEC §2): the studio's social links (those configured), the subscribe box, copyright. */
export function Footer() {
  const year = new Date().getFullYear();
  // The studio's own profiles (configuration); none set, no links to the networks' home pages.
  const social = useRouteLoaderData<typeof rootLoader>("root")?.social ?? [];
  return (
    <footer className="mt-24 bg-slate-950 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3 lg:px-8">
        <div className="space-y-4">
          <Logo to="/home" inverted />
          <p className="max-w-xs text-sm text-slate-400">Productised 3D animation and video production from vetted creators.</p>
          {social.length ? (
            <ul className="flex gap-3" aria-label="Social media">
              {social.map((s) => (
                <li key={s.name}>
                  <a
                    href={s.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="flex size-9 items-center justify-center rounded-full bg-slate-800 text-slate-300 hover:bg-slate-700 hover:text-white"
                  >
                    <span className="sr-only">{s.name} (opens in a new tab)</span>
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-current">
                      <path d={s.icon} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-6 text-sm">
          <ul className="space-y-2">
            <li className="font-semibold text-white">Shop</li>
            <li>
              <Link className="hover:text-white" to="/products">
                All services
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/products?tag=3D%20Animation">
                3D animation
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/products?tag=Explainer%20Video">
                Explainer videos
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/creators">
                Creators
              </Link>
            </li>
          </ul>
          <ul className="space-y-2">
            <li className="font-semibold text-white">Company</li>
            <li>
              <Link className="hover:text-white" to="/home#about">
                About
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/home#book-a-demo">
                Book a demo
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/terms">
                Terms
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/privacy">
                Privacy notice
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/how-we-work-with-creators">
                How we work with creators
              </Link>
            </li>
          </ul>
        </nav>
        <SubscribeBox />
      </div>
      <div className="border-t border-slate-800 py-6 text-center text-xs text-slate-400">© {year} Reelcraft. All rights reserved.</div>
    </footer>
  );
}
