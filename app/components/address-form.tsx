import { getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { useMemo } from "react";
import { countryOptions } from "~/lib/countries";
import { AddressSchema } from "~/lib/schemas/address";
import { Field, FieldError, FormError, SubmitButton } from "./ui/form";
import { useIsSubmitting } from "./ui/use-is-submitting";
import { useSchemaForm } from "./ui/use-schema-form";

type AddressActionData = { intent?: string | null; result?: SubmissionResult<string[]> } | undefined;

/**
 * The add-address form (SPEC §2, §5): Street, City, State, Zip Code, Country, then a business's
 * company name and VAT or tax number (both optional; the number is read against the country),
 * 'Set as default address', Cancel and Save Address. Errors clear as the person types; nothing is
 * sent while any error exists (validated in the browser first, and again on the server).
 */
export function AddressForm({ selectedAddressId, cancelHref }: { selectedAddressId?: number | null; cancelHref: string }) {
  const actionData = useActionData() as AddressActionData;
  const lastResult = actionData?.intent === "add-address" ? actionData.result : undefined;
  const { form, fields, formProps, error } = useSchemaForm(AddressSchema, { id: "add-address", lastResult });
  const busy = useIsSubmitting("", "add-address");
  const countries = useMemo(countryOptions, []);
  const countryError = error(fields.country);
  return (
    <Form method="post" {...formProps} className="grid gap-x-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="add-address" />
      <div className="sm:col-span-2 empty:hidden">
        <FormError id={form.errorId} errors={form.errors} />
      </div>
      {selectedAddressId ? <input type="hidden" name="selected_address_id" value={selectedAddressId} /> : null}
      <Field label="Street" meta={fields.street} error={error(fields.street)} type="text" autoComplete="street-address" className="sm:col-span-2" />
      <Field label="City" meta={fields.city} error={error(fields.city)} type="text" autoComplete="address-level2" />
      <Field label="State" meta={fields.state} error={error(fields.state)} type="text" autoComplete="address-level1" />
      <Field label="Zip Code" meta={fields.zip_code} error={error(fields.zip_code)} type="text" autoComplete="postal-code" />
      <div>
        <label htmlFor={fields.country.id} className="block text-sm font-medium text-slate-800">
          Country
        </label>
        <select
          {...getSelectProps(fields.country)}
          key={fields.country.key}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? fields.country.errorId : undefined}
          autoComplete="country"
          className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm shadow-sm ${countryError ? "border-red-600" : "border-slate-300"}`}
        >
          <option value="">Select a country</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        <FieldError id={fields.country.errorId} error={countryError} />
      </div>
      <Field
        label="Company name (optional)"
        meta={fields.company_name}
        error={error(fields.company_name)}
        type="text"
        autoComplete="organization"
        className="sm:col-span-2"
      />
      <Field
        label="VAT or tax number (optional)"
        meta={fields.tax_id}
        error={error(fields.tax_id)}
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="sm:col-span-2"
        hint={
          <p className="mt-1 text-sm text-slate-600">
            For a business: we print it on your invoices, and outside the UK it may mean no VAT is charged (reverse charge).
          </p>
        }
      />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name={fields.is_default.name} className="size-4 accent-brand-700" defaultChecked={fields.is_default.initialValue === "on"} />
        Set as default address
      </label>
      <div className="mt-4 flex gap-3 sm:col-span-2">
        <Link
          to={cancelHref}
          replace
          preventScrollReset
          className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Cancel
        </Link>
        <SubmitButton busy={busy} busyText="Saving..." className="w-auto">
          Save Address
        </SubmitButton>
      </div>
    </Form>
  );
}
