import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { CreatorCard } from "~/components/creator-cards";
import { Pagination } from "~/components/ui/pagination";
import { creatorFilterChoices, listPublicCreators } from "~/domain/creators/public.server";
import { pageMeta } from "~/http/seo.server";
import { CREATORS_PAGE_SIZE, CREATORS_RANKING_RULE } from "~/lib/rules/creator-figures";
import { parsePageParam, parseTagParam } from "~/lib/query";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get("page"));
  const skill = parseTagParam(url.searchParams.get("skill"));
  // Anything but a two-letter code (a hand-edited URL) means no country filter.
  const country = /^[A-Za-z]{2}$/.test(url.searchParams.get("country") ?? "") ? url.searchParams.get("country")!.toUpperCase() : undefined;
  const [list, choices] = await Promise.all([listPublicCreators(context.db, { skill, country }, page, CREATORS_PAGE_SIZE), creatorFilterChoices(context.db)]);
  if (page > list.totalPages) {
    url.searchParams.set("page", String(list.totalPages));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  const query = new URLSearchParams();
  if (skill) query.set("skill", skill);
  if (country) query.set("country", country);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return {
    ...list,
    choices,
    skill: skill ?? "",
    country: country ?? "",
    head: pageMeta(context.origin, {
      title: `Creators${page > 1 ? ` · page ${page}` : ""} · Reelcraft`,
      description: "The 3D artists, animators and editors who make Reelcraft's videos: their work, where they are, and figures from their completed orders.",
      path: `/creators${search ? `?${search}` : ""}`,
    }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.head ?? [];

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-brand-700 focus:ring-2 focus:ring-brand-700 focus:outline-none sm:text-sm";

/** The shop's creators, ranked by the rule the page states, filtered by skill and country (a GET form: works without JavaScript). */
export default function CreatorsPage() {
  const { data, page, totalPages, total, choices, skill, country } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const filtered = Boolean(skill || country);
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-4 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Creators</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        {CREATORS_RANKING_RULE}{" "}
        <Link to="/how-we-work-with-creators" className="font-medium text-brand-700 underline underline-offset-2">
          How we work with creators
        </Link>
      </p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filter creators">
        <label className="block min-w-48 flex-1 text-sm font-medium text-slate-800 sm:flex-none">
          Skill
          <select name="skill" defaultValue={skill} className={selectClass}>
            <option value="">Any skill</option>
            {choices.skills.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="block min-w-48 flex-1 text-sm font-medium text-slate-800 sm:flex-none">
          Country
          <select name="country" defaultValue={country} className={selectClass}>
            <option value="">Any country</option>
            {choices.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="min-h-11 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
          Show creators
        </button>
        {filtered ? (
          <Link to="/creators" className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-700 hover:underline">
            Clear
          </Link>
        ) : null}
      </Form>
      <p className="mt-4 text-sm text-slate-600" role="status">
        {`${total} ${total === 1 ? "creator" : "creators"}${filtered ? " match" : ""}`}
      </p>
      <section aria-label="Creators list" aria-busy={loading} className="mt-4">
        {data.length ? (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {data.map((creator) => (
              <li key={creator.id} className="grid">
                <CreatorCard creator={creator} headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <p className="font-semibold">No creators found</p>
            <p className="mt-1 text-sm text-slate-600">{filtered ? "Try another skill or country." : "Our creators will be listed here."}</p>
            {filtered ? (
              <Link to="/creators" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
                Show all creators
              </Link>
            ) : null}
          </div>
        )}
      </section>
      {totalPages > 1 ? (
        <div className="mt-10">
          <Pagination page={page} totalPages={totalPages} label="Creators pages" />
        </div>
      ) : null}
    </div>
  );
}
