import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CreatorAvatar } from "~/components/creator-cards";
import { getPublicCreator } from "~/domain/creators/public.server";
import { notFound } from "~/http/answers.server";
import { creatorJsonLd, pageMeta } from "~/http/seo.server";
import { isRefusal } from "~/domain/refusal";
import { isSlug } from "~/lib/slug";
import { NEW_CREATOR } from "~/lib/rules/creator-figures";
import { FIGURES_MIN_ORDERS } from "~/lib/rules/package-figures";
import { writtenOn } from "~/components/product-reviews";
import { Stars } from "~/components/ui/stars";

export async function loader({ params, context }: LoaderFunctionArgs) {
  if (!isSlug(params.slug)) throw notFound("Creator not found");
  const creator = await getPublicCreator(context.db, params.slug).catch((error: unknown) => {
    if (isRefusal(error)) throw notFound("Creator not found");
    throw error;
  });
  return {
    creator: { ...creator, reviews: creator.reviews.map((review) => ({ ...review, written_on: writtenOn(review.created_at) })) },
    head: pageMeta(context.origin, {
      title: `${creator.display_name}${creator.headline ? `, ${creator.headline}` : ""} · Reelcraft`,
      description:
        creator.bio.slice(0, 160) || `${creator.display_name} makes videos for Reelcraft${creator.country_name ? ` from ${creator.country_name}` : ""}.`,
      path: `/creators/${creator.slug}`,
      image: creator.avatar_url,
      type: "profile",
      jsonLd: creatorJsonLd(context.origin, creator),
    }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.head ?? [{ title: "Creator not found · Reelcraft" }, { name: "robots", content: "noindex" }];

/** A creator's public profile: who they are, their figures, showreel and portfolio, the services they make and reviews of their work. */
export default function CreatorProfilePage() {
  const { creator } = useLoaderData<typeof loader>();
  const { figures } = creator;
  return (
    <div className="mx-auto max-w-5xl space-y-12 px-4 py-10 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to="/creators" className="font-medium text-brand-700 hover:underline">
          Creators
        </Link>{" "}
        / <span aria-current="page">{creator.display_name}</span>
      </nav>
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <CreatorAvatar name={creator.display_name} url={creator.avatar_url} size={96} />
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">{creator.display_name}</h1>
          {creator.headline ? <p className="text-lg text-slate-800">{creator.headline}</p> : null}
          <p className="text-sm text-slate-600">
            {[creator.country_name, creator.languages.length ? `Works in ${creator.languages.join(", ")}` : null].filter(Boolean).join(" · ")}
          </p>
          {creator.away_until ? <p className="text-sm font-medium text-amber-900">{`Away until ${creator.away_until}`}</p> : null}
        </div>
      </header>

      <section aria-labelledby="figures-title" className="space-y-3">
        <h2 id="figures-title" className="text-xl font-bold tracking-tight">
          Measured on completed orders
        </h2>
        {figures.is_new ? (
          <p className="text-slate-700" data-testid="creator-figures">
            <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200">{NEW_CREATOR}</span>{" "}
            {`Figures appear after ${FIGURES_MIN_ORDERS} completed orders.`}
          </p>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-3" data-testid="creator-figures">
            <div className="rounded-xl bg-slate-50 p-4">
              <dt className="text-sm text-slate-600">Orders completed</dt>
              <dd className="text-2xl font-bold">{figures.completed}</dd>
              <dd className="text-sm text-slate-600">{`${figures.completed_last_12_months} in the last 12 months`}</dd>
            </div>
            <div className="rounded-xl bg-slate-50 p-4">
              <dt className="text-sm text-slate-600">Delivered on time</dt>
              <dd className="text-2xl font-bold">{figures.on_time_percent === null ? "–" : `${figures.on_time_percent}%`}</dd>
            </div>
            <div className="rounded-xl bg-slate-50 p-4">
              <dt className="text-sm text-slate-600">Average rating</dt>
              <dd className="text-2xl font-bold">{figures.rating.average === null ? "–" : `★ ${figures.rating.average.toFixed(1)}`}</dd>
              <dd className="text-sm text-slate-600">{`${figures.rating.count} ${figures.rating.count === 1 ? "review" : "reviews"}`}</dd>
            </div>
          </dl>
        )}
      </section>

      {creator.bio || creator.skills.length ? (
        <section aria-labelledby="about-title" className="space-y-3">
          <h2 id="about-title" className="text-xl font-bold tracking-tight">
            About
          </h2>
          {creator.bio ? <p className="whitespace-pre-line text-slate-800">{creator.bio}</p> : null}
          {creator.skills.length ? (
            <ul aria-label="Skills" className="flex flex-wrap gap-2">
              {creator.skills.map((skill) => (
                <li key={skill}>
                  <Link
                    to={`/creators?skill=${encodeURIComponent(skill)}`}
                    className="inline-flex min-h-9 items-center rounded-full bg-slate-100 px-3 text-sm text-slate-800 hover:bg-slate-200"
                  >
                    {skill}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      {creator.showreel || creator.portfolio.length ? (
        <section aria-labelledby="work-title" className="space-y-4">
          <h2 id="work-title" className="text-xl font-bold tracking-tight">
            Work
          </h2>
          {creator.showreel ? (
            <figure>
              <video controls preload="metadata" playsInline className="aspect-video w-full rounded-xl bg-black" data-testid="showreel">
                <source src={creator.showreel.url} type={creator.showreel.content_type} />
              </video>
              <figcaption className="mt-2 text-sm text-slate-600">Showreel</figcaption>
            </figure>
          ) : null}
          {creator.portfolio.length ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Portfolio">
              {creator.portfolio.map((piece) => (
                <li key={piece.id}>
                  <figure>
                    {piece.content_type.startsWith("video/") ? (
                      <video controls preload="metadata" playsInline className="aspect-video w-full rounded-lg bg-black">
                        <source src={piece.url} type={piece.content_type} />
                      </video>
                    ) : (
                      <img src={piece.url} alt={piece.title} loading="lazy" decoding="async" className="aspect-video w-full rounded-lg object-cover" />
                    )}
                    {piece.title ? <figcaption className="mt-1 text-sm text-slate-700">{piece.title}</figcaption> : null}
                  </figure>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="services-title" className="space-y-3">
        <h2 id="services-title" className="text-xl font-bold tracking-tight">
          Services they make
        </h2>
        {creator.products.length ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {creator.products.map((product) => (
              <li key={product.id}>
                <Link
                  to={`/products/${product.id}`}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none"
                >
                  {product.image_url ? (
                    <img src={product.image_url} alt="" width={64} height={48} loading="lazy" className="h-12 w-16 shrink-0 rounded object-cover" />
                  ) : null}
                  <span className="font-medium text-slate-900">{product.title}</span>
                  {product.lead ? <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">Lead</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">No services on sale at the moment.</p>
        )}
      </section>

      <section aria-labelledby="reviews-title" className="space-y-3">
        <h2 id="reviews-title" className="text-xl font-bold tracking-tight">
          Reviews of their work
        </h2>
        {creator.reviews.length ? (
          <ul className="space-y-4">
            {creator.reviews.map((review) => (
              <li key={review.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <p>
                  <Stars rating={review.rating} /> {review.title ? <strong className="ml-1">{review.title}</strong> : null}
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-800">{review.body}</p>
                <p className="mt-2 text-sm text-slate-600">{`${review.reviewer_name} · ${review.written_on} · verified order`}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">No reviews yet.</p>
        )}
      </section>
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
