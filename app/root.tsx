import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, ScrollRestoration } from "@remix-run/react";
import { ScriptsAfterFirstPaint, START_AFTER_FIRST_PAINT } from "~/platform/after-first-paint";
import { useEffect, type ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NavigationProgress } from "~/components/navigation-progress";
import { useNonce } from "~/components/nonce";
import { getCustomer } from "~/auth/auth.server";
import styles from "~/tailwind.css?url";
import { socialLinks } from "~/lib/social";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Reelcraft · Creative services, priced as packages" },
  { name: "description", content: "3D animation and video production sold as clear Basic, Standard and Premium packages." },
];

/**
 * The signed-in customer, for the header (only looked up when a session cookie is present), and the
 * studio's social profiles for the footer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await getCustomer(context, request);
  return {
    customer: customer ? { name: customer.name, email: customer.email, emailVerified: customer.emailVerified } : null,
    social: socialLinks(context.env),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6d28d9" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <ScriptsAfterFirstPaint nonce={nonce} />
        {/* The script runs once, from the server's HTML; the browser's copy of this element stays as
            hydrated, so its text is left out of the browser's bundle (`import.meta.env.SSR`). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? START_AFTER_FIRST_PAINT : "" }} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Lets end-to-end tests (and CSS, if ever needed) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-24">
      <GeneralErrorBoundary />
    </main>
  );
}
