import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import type { LegalBlock, LegalDocument, LegalFactName } from "~/content/legal";

/** `[words](href)`, as app/content/legal.ts writes a link. */
const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

function fill(text: string, facts: Record<LegalFactName, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(facts, name) ? facts[name as LegalFactName] : whole));
}

const LINK_CLASS = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

function InlineLink({ href, children }: { href: string; children: string }) {
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={LINK_CLASS}>
        {children}
      </Link>
    );
  }
  // Only the kinds of link the content file allows; anything else stays words.
  if (!/^(#|mailto:|https:\/\/)/.test(href)) return <>{children}</>;
  return (
    <a href={href} className={LINK_CLASS}>
      {children}
    </a>
  );
}

/** A text of the content file as React: its links made links and its `{fact}`s filled in (never read as markup). */
function Inline({ text, facts }: { text: string; facts: Record<LegalFactName, string> }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, words, href] = match;
    if (match.index > last) parts.push(fill(text.slice(last, match.index), facts));
    parts.push(
      <InlineLink key={match.index} href={fill(href!, facts)}>
        {fill(words!, facts)}
      </InlineLink>,
    );
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(fill(text.slice(last), facts));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}

function Block({ block, facts }: { block: LegalBlock; facts: Record<LegalFactName, string> }) {
  if (typeof block === "string") {
    return (
      <p>
        <Inline text={block} facts={facts} />
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-slate-400">
      {block.list.map((item, i) => (
        <li key={i}>
          <Inline text={item} facts={facts} />
        </li>
      ))}
    </ul>
  );
}

/** "25 November 2026" from "2026-11-25", the same on the server and in the browser. */
function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });
}

/**
 * A legal text (the terms, the privacy notice): its title, when it last changed, its contents with
 * an anchor per section, then the sections. Server-rendered and readable on a phone.
 */
export function LegalDocumentView({ document, facts }: { document: LegalDocument; facts: Record<LegalFactName, string> }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{document.title}</h1>
        <p className="text-sm text-slate-600">
          Last updated <time dateTime={document.updated}>{formatDay(document.updated)}</time>
        </p>
      </header>
      <div className="mt-6 space-y-3 leading-relaxed text-slate-700">
        {document.intro.map((block, i) => (
          <Block key={i} block={block} facts={facts} />
        ))}
      </div>
      <nav aria-labelledby="legal-contents" className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5">
        <h2 id="legal-contents" className="text-base font-semibold text-slate-900">
          Contents
        </h2>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm marker:text-slate-500">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={LINK_CLASS}>
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-10 space-y-3 leading-relaxed text-slate-700">
          <h2 id={section.id} className="scroll-mt-24 text-xl font-semibold text-slate-900">
            {section.heading}
          </h2>
          {section.blocks.map((block, i) => (
            <Block key={i} block={block} facts={facts} />
          ))}
        </section>
      ))}
    </article>
  );
}
