import { useId, useState, type KeyboardEvent } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { FieldError } from "./ui/form";

/**
 * A list of short texts as removable chips, added with a button or the Enter key (SPEC §2 services
 * and tags). Without JavaScript it is one text field whose lines (or commas) the server splits.
 */
export function ChipsField({
  name,
  label,
  initial,
  separator,
  error,
  errorId,
  placeholder,
  addLabel,
  hint,
}: {
  name: string;
  label: string;
  initial: string[];
  separator: "line" | "comma";
  error: string | undefined;
  errorId: string;
  placeholder: string;
  addLabel: string;
  hint?: string;
}) {
  const hydrated = useHydrated();
  const [chips, setChips] = useState(initial);
  const [draft, setDraft] = useState("");
  const id = useId();
  // SPEC §5: an error clears as the user changes the field, until the next validation.
  const [shownError, setShownError] = useState(error);
  const [lastError, setLastError] = useState(error);
  if (error !== lastError) {
    setLastError(error);
    setShownError(error);
  }
  const plainHint = `${separator === "line" ? "One per line." : "Separate with commas."}${hint ? ` ${hint}` : ""}`;

  function add() {
    const value = draft.trim();
    if (value && !chips.includes(value)) setChips([...chips, value]);
    setDraft("");
    setShownError(undefined);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  }

  if (!hydrated) {
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {plainHint}
        </p>
        {separator === "line" ? (
          <textarea
            id={id}
            name={name}
            rows={4}
            defaultValue={initial.join("\n")}
            aria-describedby={`${id}-hint ${errorId}`}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        ) : (
          <input
            id={id}
            name={name}
            defaultValue={initial.join(", ")}
            aria-describedby={`${id}-hint ${errorId}`}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        )}
        <FieldError id={errorId} error={error} />
      </div>
    );
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint} Press Enter or “{addLabel}” to add.
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          Press Enter or “{addLabel}” to add.
        </p>
      )}
      <div className="mt-1 flex gap-2">
        {/* Named so that text typed but not yet added still counts when the form is sent. */}
        <input
          id={id}
          name={name}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setShownError(undefined);
          }}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-hint ${errorId}`}
          className={`block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm ${shownError ? "border-red-600" : "border-slate-300"}`}
        />
        <button type="button" onClick={add} className="shrink-0 rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50">
          {addLabel}
        </button>
      </div>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label={`${label} added`}>
        {chips.map((chip) => (
          <li key={chip} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900">
            {chip}
            <input type="hidden" name={name} value={chip} />
            <button
              type="button"
              onClick={() => {
                setChips(chips.filter((c) => c !== chip));
                setShownError(undefined);
              }}
              aria-label={`Remove ${chip}`}
              className="rounded-full px-1.5 hover:bg-brand-100"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <FieldError id={errorId} error={shownError} />
    </div>
  );
}
