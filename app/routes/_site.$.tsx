import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Any URL no other route matches: a real 404 inside the shop layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-24">
      <GeneralErrorBoundary />
    </div>
  );
}
