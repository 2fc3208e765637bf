import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === "AbortError";
}

/** Friendly error page for route errors: a real 404, and a calm 500 that never leaks details. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section aria-labelledby="error-title" className="text-center">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 id="error-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          Page not found
        </h1>
        <p className="mt-4 text-slate-600">We couldn’t find the page you were looking for. It may have moved, or the link may be wrong.</p>
        <div className="mt-8 flex justify-center gap-3">
          <Link to="/products" className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
            Browse services
          </Link>
          <Link to="/home" className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            Go to the home page
          </Link>
        </div>
      </section>
    );
  }
  // A request the browser cut off (the visitor left the page while it loaded) is not a fault to report.
  if (!isRouteErrorResponse(error) && !isAbort(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section aria-labelledby="error-title" className="text-center">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        Something went wrong
      </h1>
      <p className="mt-4 text-slate-600">An unexpected error occurred. Please try again.</p>
      <div className="mt-8 flex justify-center">
        <Link to="/products" className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
          Back to services
        </Link>
      </div>
    </section>
  );
}
