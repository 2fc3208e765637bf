import { getSelectProps } from "@conform-to/react";
import { FieldError } from "~/components/ui/form";
import { countryOptions } from "~/lib/countries";
import { ANY_OTHER_COUNTRY } from "~/lib/schemas/tax-settings";

/**
 * A labelled country choice for a form field (ISO codes, named in the shop's language), its error
 * tied to it. `anyOther`: a rule table's "Any other country" (`*`) first.
 */
export function CountrySelect({
  meta,
  error,
  autoComplete,
  label = "Country",
  anyOther = false,
}: {
  meta: Parameters<typeof getSelectProps>[0] & { id: string; key?: string; errorId: string };
  error: string | undefined;
  autoComplete?: string;
  label?: string;
  anyOther?: boolean;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
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
        {anyOther ? <option value={ANY_OTHER_COUNTRY}>Any other country</option> : null}
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
