import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { listExamples } from "~/domain/catalogue/products.server";
import { posterSrc } from "~/lib/media-variants";
import { VideoFacade } from "~/components/ui/video-facade";

export async function loader({ context }: LoaderFunctionArgs) {
  return { examples: await listExamples(context.db) };
}

export const meta: MetaFunction = () => [
  { title: "Examples of our work · Reelcraft" },
  { name: "description", content: "Films delivered with Reelcraft's services: watch them, then choose the package that fits yours." },
];

/**
 * 'View examples': work delivered with the shop's services (each service's showreel), newest
 * first, each leading to the service it was made with. Videos load only when played, and get
 * their player then (`VideoFacade`).
 */
export default function Examples() {
  const { examples } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Examples of our work</h1>
      <p className="mt-3 max-w-2xl text-slate-600">
        Films made with the services in this shop. Each one shows what its service delivers; choose the package that fits your project on its page.
      </p>
      {examples.length ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {examples.map((example, index) => (
            <li key={example.productId} className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
              <VideoFacade
                src={example.video}
                poster={example.poster ? posterSrc(example.poster, 640) : undefined}
                label={`Example: ${example.title}`}
                width={640}
                height={360}
                // The first row is in view on arrival; the rest load as they come near.
                posterAttributes={index < 3 ? undefined : { loading: "lazy" }}
                className="aspect-video w-full object-cover"
              />
              <div className="flex items-center justify-between gap-3 p-4">
                <p className="font-semibold text-slate-900">{example.title}</p>
                <Link
                  to={`/products/${example.productId}`}
                  className="shrink-0 text-sm font-semibold text-brand-700 hover:underline"
                  aria-label={`See the service: ${example.title}`}
                >
                  See the service
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 text-slate-600">
          No examples yet. <Link to="/products">Browse the services</Link>.
        </p>
      )}
    </div>
  );
}
