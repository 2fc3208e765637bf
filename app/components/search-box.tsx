import { Form, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

const DEBOUNCE_MS = 300;
/** Services shown under the tags: a few, so the tags stay in view. */
const SERVICES_SHOWN = 4;

/** One of the SPEC's autosuggest lookups: its `data` (tag names, or products' ids and titles). */
async function lookUp(what: "tags" | "products", text: string, signal: AbortSignal): Promise<unknown[]> {
  const response = await fetch(`/api/v1/autosuggest/${what}?query=${encodeURIComponent(text)}`, { signal });
  if (!response.ok) throw new Error(`Suggestions answered ${response.status}`);
  return ((await response.json()) as { data: unknown[] }).data;
}

/** A suggestion: a tag (opens the listing filtered by it) or a service (opens its page). */
interface Suggestion {
  group: "Tags" | "Services";
  name: string;
  href: string;
}

/**
 * Header search (SPEC §2): a GET form to /products (works without JavaScript), enhanced with a
 * debounced autosuggest combobox (ARIA 1.2 pattern): the SPEC's tags, then services whose titles
 * match. Choosing a tag opens /products?tag=…, a service its page; a failed tag lookup empties and
 * closes the list (a failed service lookup leaves the tags).
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState(searchParams.get("q") ?? "");
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const load = async () => {
      const [tags, services] = await Promise.allSettled([lookUp("tags", text, controller.signal), lookUp("products", text, controller.signal)]);
      if (controller.signal.aborted) return;
      // A failed tag lookup empties and closes the list (SPEC); a failed service lookup leaves the tags.
      // Both come from the shop's own API (SPEC §7 shapes).
      const titles = services.status === "fulfilled" ? (services.value as { id: number; title: string }[]) : [];
      const found =
        tags.status === "fulfilled"
          ? [
              ...(tags.value as string[]).map((name): Suggestion => ({ group: "Tags", name, href: `/products?tag=${encodeURIComponent(name)}` })),
              ...titles.slice(0, SERVICES_SHOWN).map((p): Suggestion => ({ group: "Services", name: p.title, href: `/products/${p.id}` })),
            ]
          : [];
      setSuggestions(found);
      setActive(-1);
      setOpen(found.length > 0 && document.activeElement === inputRef.current);
    };
    // `load` never throws: both lookups are settled.
    const timer = setTimeout(() => void load(), DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [query]);

  function choose(suggestion: Suggestion) {
    setOpen(false);
    setQuery("");
    inputRef.current?.blur();
    navigate(suggestion.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (event.key === "ArrowDown" && count) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % count);
    } else if (event.key === "ArrowUp" && count) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? count - 1 : i - 1));
    } else if (event.key === "Enter" && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const expanded = open && suggestions.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <Form method="get" action="/products" role="search" className={`relative ${className}`} onSubmit={() => setOpen(false)}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search services
      </label>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 fill-slate-400">
        <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64a.75.75 0 1 1-1.06 1.06l-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
      </svg>
      <input
        ref={inputRef}
        id={`${listId}-input`}
        type="search"
        name="q"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => suggestions.length && setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        placeholder="Search a service"
        autoComplete="off"
        maxLength={100}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${listId}-list`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        className="w-full rounded-full border border-slate-300 bg-slate-50 py-2 pr-4 pl-9 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <ul
        id={`${listId}-list`}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-2 max-h-64 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
      >
        {(["Tags", "Services"] as const).map((group) => {
          const items = suggestions.filter((suggestion) => suggestion.group === group);
          return items.length ? (
            <li key={group} role="presentation">
              <ul role="group" aria-label={group}>
                {group === "Services" ? (
                  <li aria-hidden="true" className="px-4 pt-2 text-xs font-medium text-slate-500">
                    Services
                  </li>
                ) : null}
                {items.map((suggestion) => {
                  const i = suggestions.indexOf(suggestion);
                  return (
                    <li
                      key={suggestion.href}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => choose(suggestion)}
                      onMouseEnter={() => setActive(i)}
                      className={`cursor-pointer px-4 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-800" : "text-slate-700"}`}
                    >
                      {group === "Tags" ? (
                        <span aria-hidden="true" className="text-slate-400">
                          {"# "}
                        </span>
                      ) : null}
                      {suggestion.name}
                    </li>
                  );
                })}
              </ul>
            </li>
          ) : null;
        })}
      </ul>
    </Form>
  );
}
