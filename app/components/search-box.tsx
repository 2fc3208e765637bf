import { Form, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

const DEBOUNCE_MS = 300;

/**
 * Header search (SPEC §2): a GET form to /products (works without JavaScript), enhanced with a
 * debounced tag autosuggest combobox (ARIA 1.2 pattern). Choosing a suggestion opens
 * /products?tag=…; a failed lookup empties and closes the list.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState(searchParams.get("q") ?? "");
  const [suggestions, setSuggestions] = useState<string[]>([]);
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
      try {
        const response = await fetch(`/api/v1/autosuggest/tags?query=${encodeURIComponent(text)}`, { signal: controller.signal });
        if (!response.ok) throw new Error(`Autosuggest failed with ${response.status}`);
        const body = (await response.json()) as { data?: unknown };
        const tags = Array.isArray(body.data) ? body.data.filter((t): t is string => typeof t === "string") : [];
        setSuggestions(tags);
        setActive(-1);
        setOpen(document.activeElement === inputRef.current);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn("Tag suggestions unavailable", error);
        setSuggestions([]);
        setOpen(false);
      }
    };
    // `load` handles its own failures.
    const timer = setTimeout(() => void load(), DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [query]);

  function choose(tag: string) {
    setOpen(false);
    setQuery("");
    inputRef.current?.blur();
    navigate(`/products?tag=${encodeURIComponent(tag)}`);
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
        aria-label="Tag suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-2 max-h-64 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((tag, i) => (
          <li
            key={tag}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(tag)}
            onMouseEnter={() => setActive(i)}
            className={`cursor-pointer px-4 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-800" : "text-slate-700"}`}
          >
            <span className="text-slate-400">#</span> {tag}
          </li>
        ))}
      </ul>
    </Form>
  );
}
