import { getSelectProps } from "@conform-to/react";
import { FieldError } from "~/components/ui/form";
import { countryOptions } from "~/lib/countries";

/** A labelled country choice for a form field (ISO codes, named in the shop's language), its error tied to it. */
export function CountrySelect({
  meta,
  error,
  autoComplete,
}: {
  meta: Parameters<typeof getSelectProps>[0] & { id: string; key?: string; errorId: string };
  error: string | undefined;
  autoComplete?: string;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        Country
      </label>
      <select
        {...getSelectProps(meta)}
        key={meta.key}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? meta.errorId : undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm shadow-sm ${error ? "border-red-600" : "border-slate-300"}`}
      >
        <option value="">Select a country</option>
        {countryOptions().map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {error ? <FieldError id={meta.errorId} error={error} /> : null}
    </div>
  );
}
