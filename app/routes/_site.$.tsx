import { GeneralErrorBoundary } from "~/components/error-boundary";
import { notFound } from "~/http/answers.server";

/** Any URL no other route matches: a real 404 inside the shop layout. */
export function loader() {
  throw notFound("Not Found");
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
