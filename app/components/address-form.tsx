import { getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { useMemo, useState } from "react";
import { countryOptions } from "~/lib/countries";
import { addressFormat } from "~/lib/rules/address-rules";
import type { AddressFormSchema } from "~/lib/schemas/address";
import type { z } from "zod";
import type { AddressView } from "~/domain/orders/addresses.server";
import { Field, FieldError, FormError, SubmitButton } from "./ui/form";
import { useIsSubmitting } from "./ui/use-is-submitting";
import { useCheckedForm, type BrowserCheck } from "./ui/use-checked-form";

type AddressActionData = { intent?: string | null; result?: SubmissionResult<string[]> } | undefined;

/**
 * The address form (SPEC §2, §5), to add an address or, given one, to change it: Country first,
 * then the fields that country's addresses have, named as its post office names them (Street and
 * an optional second line, 'Address line 2'; City; State and Zip Code in the United States, a Postcode and no state
 * in the United Kingdom, ~/lib/rules/address-rules); then a business's company name and VAT or tax number
 * (both optional; the number is read against the country), 'Set as default address', Cancel and
 * Save Address. With JavaScript the fields follow the country as it is chosen; without, the server
 * reads the address by the country sent and answers the form for it. Errors clear as the person
 * types. Given `check` (`schemaCheck(AddressFormSchema)`), nothing is sent while any error exists
 * (checked in the browser first, and on the server); without it (checkout, whose JavaScript budget
 * cannot carry Zod) the server's answer shows the errors, as it does before JavaScript loads.
 */
export function AddressForm({
  cancelHref,
  address,
  intent = address ? "edit-address" : "add-address",
  check,
}: {
  cancelHref: string;
  /** The address being changed; none to add one. */
  address?: AddressView;
  intent?: "add-address" | "edit-address";
  /** The browser's check before sending (see above). */
  check?: BrowserCheck;
}) {
  const actionData = useActionData() as AddressActionData;
  const lastResult = actionData?.intent === intent ? actionData.result : undefined;
  const id = address ? `edit-address-${address.id}` : "add-address";
  const { form, fields, formProps, error } = useCheckedForm<z.input<typeof AddressFormSchema>>({
    id,
    check,
    lastResult,
    defaultValue: address
      ? {
          street: address.street,
          street_2: address.street_2 ?? "",
          city: address.city,
          state: address.state,
          zip_code: address.zip_code,
          country: address.country,
          company_name: address.company_name ?? "",
          tax_id: address.tax_id ?? "",
          is_default: address.is_default ? "on" : undefined,
        }
      : undefined,
  });
  const busy = useIsSubmitting("", intent);
  const countries = useMemo(countryOptions, []);
  const [country, setCountry] = useState(String(fields.country.initialValue ?? ""));
  const format = addressFormat(country);
  const countryError = error(fields.country);
  const postcode = format.postcode;
  return (
    <Form method="post" {...formProps} className="grid gap-x-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value={intent} />
      {address ? <input type="hidden" name="address_id" value={address.id} /> : null}
      <div className="empty:hidden sm:col-span-2">
        <FormError id={form.errorId} errors={form.errors} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={fields.country.id} className="block text-sm font-medium text-slate-800">
          Country
        </label>
        <select
          {...getSelectProps(fields.country)}
          key={fields.country.key}
          onChange={(event) => setCountry(event.currentTarget.value)}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? fields.country.errorId : "country-hint"}
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
        {countryError ? (
          <FieldError id={fields.country.errorId} error={countryError} />
        ) : (
          <p id="country-hint" className="mt-1 mb-3 text-sm text-slate-600">
            The fields below follow the country.
          </p>
        )}
      </div>
      <Field label="Street" meta={fields.street} error={error(fields.street)} type="text" autoComplete="address-line1" className="sm:col-span-2" />
      <Field
        label="Address line 2 (optional)"
        meta={fields.street_2}
        error={error(fields.street_2)}
        type="text"
        autoComplete="address-line2"
        className="sm:col-span-2"
      />
      {format.city ? (
        <Field
          label={format.city.required ? format.city.label : `${format.city.label} (optional)`}
          meta={fields.city}
          error={error(fields.city)}
          type="text"
          autoComplete="address-level2"
        />
      ) : null}
      {format.state ? (
        <Field
          label={format.state.required ? format.state.label : `${format.state.label} (optional)`}
          meta={fields.state}
          error={error(fields.state)}
          type="text"
          autoComplete="address-level1"
        />
      ) : null}
      {postcode ? (
        <Field
          label={postcode.required ? postcode.label : `${postcode.label} (optional)`}
          meta={fields.zip_code}
          error={error(fields.zip_code)}
          type="text"
          autoComplete="postal-code"
          autoCapitalize="characters"
          placeholder={postcode.example ?? undefined}
        />
      ) : null}
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
          className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
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
