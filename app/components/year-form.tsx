/** A year to download a yearly CSV for: this year and the five before (a GET form: it works without JavaScript). */
export function YearForm({ action }: { action: string }) {
  const thisYear = new Date().getUTCFullYear();
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="report-year" className="block text-sm font-medium text-slate-800">
          Year
        </label>
        <select id="report-year" name="year" defaultValue={String(thisYear)} className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm">
          {Array.from({ length: 6 }, (_, i) => thisYear - i).map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        Download CSV
      </button>
    </form>
  );
}
