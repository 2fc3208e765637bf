import { useHydrated } from "~/components/use-hydrated";

/** Prints the page; before JavaScript loads it is not shown (the browser's own Print works on the same print CSS). */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      Print
    </button>
  );
}
