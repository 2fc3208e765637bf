/**
 * The parts of the admins' rate tables (the buyers' tax rules, the tax on creators' supplies): a
 * table's heading row, a row's Delete button, the rate field and the choice of whom a rule is for.
 */
import { Form } from "@remix-run/react";
import { Field, FieldError, type FieldMeta } from "~/components/ui/form";

/** The table's column headings; `numeric` ones (amounts) aligned to the end, as their cells. */
export function RuleHeadings({ headings, numeric = [] }: { headings: readonly string[]; numeric?: readonly string[] }) {
  return (
    <thead className="bg-slate-50 text-slate-700">
      <tr>
        {headings.map((heading) => (
          <th key={heading} scope="col" className={`px-4 py-2 font-semibold ${numeric.includes(heading) ? "text-right" : ""}`}>
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A rule's Delete: a plain post of its id with the `delete-rule` intent, named for the rule. */
export function DeleteRuleButton({ id, name }: { id: number; name: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="delete-rule" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-label={`Delete the rule for ${name}`}
        className="rounded-lg px-2.5 py-1.5 text-xs font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
      >
        Delete
      </button>
    </Form>
  );
}

/** The rate as a percentage, with its format beside. */
export function RateField({ meta, error }: { meta: Parameters<typeof Field>[0]["meta"]; error: string | undefined }) {
  return (
    <Field
      label="Rate (%)"
      meta={meta}
      error={error}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      hint={<p className="mt-1 text-sm text-slate-600">From 0 to 100, up to two decimals: 20 or 19.5.</p>}
    />
  );
}

/** Whom a rule is for, as radios: `options` in order, `fallback` checked when the form has no value yet. */
export function KindChoice({
  legend,
  meta,
  error,
  options,
  fallback,
}: {
  legend: string;
  meta: FieldMeta & { name: string; initialValue?: unknown };
  error: string | undefined;
  options: readonly (readonly [value: string, label: string])[];
  fallback: string;
}) {
  const chosen = typeof meta.initialValue === "string" ? meta.initialValue : fallback;
  return (
    <fieldset className="mb-4 sm:col-span-2" aria-describedby={error ? meta.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
        {options.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              id={`${meta.id}-${value}`}
              name={meta.name}
              value={value}
              defaultChecked={chosen === value}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-brand-700"
            />
            {label}
          </label>
        ))}
      </div>
      <FieldError id={meta.errorId} error={error} />
    </fieldset>
  );
}
