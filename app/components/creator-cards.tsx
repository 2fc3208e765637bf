import { Link } from "@remix-run/react";
import { figuresLine, NEW_CREATOR, type CreatorFigures } from "~/lib/rules/creator-figures";
import { SHOP } from "~/lib/shop";

/** What a creator's card shows (the domain's CreatorCard, as the browser receives it). */
export interface CreatorCardData {
  slug: string;
  display_name: string;
  avatar_url: string | null;
  country_name: string | null;
  headline: string;
  skills: string[];
  available: boolean;
  figures: CreatorFigures;
}

/** A creator's picture, or their initials on the brand colour where they have none. */
export function CreatorAvatar({ name, url, size = 56 }: { name: string; url: string | null; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join("");
  const style = { width: size, height: size };
  return url ? (
    <img src={url} alt="" width={size} height={size} loading="lazy" decoding="async" className="shrink-0 rounded-full object-cover" style={style} />
  ) : (
    <span aria-hidden="true" className="flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white" style={style}>
      {initials}
    </span>
  );
}

/** The figures of a card: kept counts from completed orders, or "New creator" under five. */
export function CreatorFiguresLine({ figures }: { figures: CreatorFigures }) {
  return (
    <p className="text-sm text-slate-700" data-testid="creator-figures">
      {figures.is_new ? (
        <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200">{NEW_CREATOR}</span>
      ) : (
        figuresLine(figures)
      )}
    </p>
  );
}

/** One creator: picture, name (their profile's link), where they are, what they do, their figures. */
export function CreatorCard({ creator, lead = false, headingLevel = 3 }: { creator: CreatorCardData; lead?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="relative flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-700">
      <CreatorAvatar name={creator.display_name} url={creator.avatar_url} />
      <div className="min-w-0 space-y-1">
        <Heading className="font-semibold text-slate-900">
          <Link to={`/creators/${creator.slug}`} className="after:absolute after:inset-0 focus:outline-none">
            {creator.display_name}
          </Link>
          {lead ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Lead</span> : null}
        </Heading>
        <p className="text-sm text-slate-600">{[creator.country_name, creator.available ? null : "Away"].filter(Boolean).join(" · ") || "\u00a0"}</p>
        {creator.headline ? <p className="text-sm text-slate-800">{creator.headline}</p> : null}
        {creator.skills.length ? (
          <ul aria-label="Skills" className="flex flex-wrap gap-1.5 pt-1">
            {creator.skills.slice(0, 6).map((skill) => (
              <li key={skill} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {skill}
              </li>
            ))}
          </ul>
        ) : null}
        <CreatorFiguresLine figures={creator.figures} />
      </div>
    </article>
  );
}

/** "Made by" on a product page: its creators' cards, or the studio where it has none. */
export function MadeBy({ makers }: { makers: { card: CreatorCardData; lead: boolean }[] }) {
  return (
    <section aria-labelledby="made-by-title" className="space-y-3" data-testid="made-by">
      <h2 id="made-by-title" className="text-xl font-bold tracking-tight">
        Made by
      </h2>
      {makers.length ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {makers.map(({ card, lead }) => (
            <li key={card.slug}>
              <CreatorCard creator={card} lead={lead && makers.length > 1} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">
          {`The ${SHOP.name} studio: our own team makes this service.`}{" "}
          <Link to="/creators" className="font-medium text-brand-700 underline underline-offset-2">
            Meet our creators
          </Link>
        </p>
      )}
    </section>
  );
}
