import { Link, useLocation } from "@remix-run/react";
import { paginationWindow } from "~/lib/pagination";

function pageHref(search: string, page: number, param: string, after?: string | null) {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  // A keyset belongs to the page it leads to: only the Next link carries one.
  if (after) params.set("after", after);
  else params.delete("after");
  const query = params.toString();
  return query ? `?${query}` : "?";
}

const base = "inline-flex min-w-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium";

/**
 * Pager driven by `?page=` (SPEC §4, §9): Previous disabled on page 1, Next on the last page;
 * first, last and current ±1 with ellipses. Plain links, so it works without JavaScript. With
 * `nextAfter` (the last item's keyset), Next also carries `?after=`, so the next page is read from
 * where this one ended instead of counting the rows before it.
 */
export function Pagination({
  page,
  totalPages,
  label = "Pagination",
  param = "page",
  nextAfter = null,
}: {
  page: number;
  totalPages: number;
  label?: string;
  param?: string;
  nextAfter?: string | null;
}) {
  const { search } = useLocation();
  const items = paginationWindow(page, totalPages);
  const edge = (target: number, text: string, disabled: boolean, rel: string, after: string | null = null) =>
    disabled ? (
      <span aria-disabled="true" className={`${base} cursor-not-allowed text-slate-400`}>
        {text}
      </span>
    ) : (
      <Link
        to={pageHref(search, target, param, after)}
        rel={rel}
        preventScrollReset={false}
        className={`${base} text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50`}
      >
        {text}
      </Link>
    );
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      {edge(page - 1, "Previous", page <= 1, "prev")}
      <ul className="flex flex-wrap items-center gap-1">
        {items.map((item) =>
          item.type === "ellipsis" ? (
            <li key={item.key} aria-hidden="true" className="px-2 text-slate-500">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={pageHref(search, item.page, param)}
                aria-current={item.page === page ? "page" : undefined}
                aria-label={`Page ${item.page}`}
                className={`${base} ${item.page === page ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
      </ul>
      {edge(page + 1, "Next", page >= totalPages, "next", nextAfter)}
    </nav>
  );
}
