import { useField, useFormMetadata, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { CURRENCY_CODES } from "~/lib/currency";
import { SHOP_CURRENCY } from "~/lib/shop";
import { chipValues, PACKAGE_LIMIT } from "~/lib/schemas/product";
import { PACKAGE_PROMISE_DEFAULTS, PACKAGE_PROMISE_LIMITS, PACKAGE_PROMISES_BY_POSITION } from "~/lib/rules/packages";
import { MAX_STAGES, NEW_STAGE, STAGE_LIMITS, STAGE_NAME_MAX } from "~/lib/rules/stages";
import { ChipsField } from "./chips-field";
import { FieldError } from "./ui/form";

export interface PackageValue {
  short_description: string;
  items_included: string;
  amount: string;
  currency: string;
  delivery_days: string;
  revisions: string;
  revision_days: string;
  stages: StageValue[];
}

export interface StageValue {
  name: string;
  share: string;
  days: string;
  revisions: string;
}

/** A new package at `position`: empty, in the shop's currency, with the promises usual for its place (Basic, Standard, Premium). */
function emptyPackage(position: number): PackageValue {
  const promises = PACKAGE_PROMISES_BY_POSITION[position] ?? PACKAGE_PROMISE_DEFAULTS;
  return {
    short_description: "",
    items_included: "",
    amount: "",
    // The shop's currency chosen ('Select Currency' stays the first option).
    currency: SHOP_CURRENCY,
    delivery_days: String(promises.delivery_days),
    revisions: String(promises.revisions),
    revision_days: String(promises.revision_days),
    stages: [],
  };
}
const NEW_STAGE_VALUE: StageValue = {
  name: NEW_STAGE.name,
  share: String(NEW_STAGE.share),
  days: String(NEW_STAGE.days),
  revisions: String(NEW_STAGE.revisions),
};
const control =
  "mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:bg-slate-50";
const controlState = (error: string | undefined) =>
  error ? "border-red-600 focus:ring-red-200" : "border-slate-300 focus:border-brand-600 focus:ring-brand-200";

/** Hides a field's error once the user has typed in it since the last validation (SPEC §5). */
export type VisibleError = (name: string, errors: string[] | undefined) => string | undefined;

/**
 * The product's details and packages (SPEC §2 product form), shared by Create and Edit. Reads the
 * surrounding Conform form from context; every control is a plain named field, so the form posts
 * as-is without JavaScript.
 */
export function ProductDetailsFields({ visible }: { visible: VisibleError }) {
  const [title] = useField<string>("title");
  const [heading] = useField<string>("description_heading");
  const [description] = useField<string>("description");
  const [services] = useField<string[]>("services_offered");
  const [tags] = useField<string[]>("tags");
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold">Details</legend>
      <LabelledInput label="Title" meta={title} error={visible(title.name, title.errors)} maxLength={120} />
      <LabelledInput label="Description Heading" meta={heading} error={visible(heading.name, heading.errors)} maxLength={160} />
      <div>
        <label htmlFor={description.id} className="block text-sm font-medium text-slate-800">
          Description
        </label>
        <textarea
          id={description.id}
          name={description.name}
          rows={5}
          maxLength={5000}
          defaultValue={typeof description.initialValue === "string" ? description.initialValue : ""}
          aria-invalid={visible(description.name, description.errors) ? true : undefined}
          aria-describedby={description.errorId}
          className={`${control} ${controlState(visible(description.name, description.errors))}`}
        />
        <FieldError id={description.errorId} error={visible(description.name, description.errors)} />
      </div>
      <ChipsField
        name={services.name}
        label="Services Offered"
        initial={chipValues(services.initialValue, /\n/)}
        separator="line"
        error={services.errors?.[0]}
        errorId={services.errorId}
        placeholder="e.g. Storyboarding"
        addLabel="Add service"
      />
      <ChipsField
        name={tags.name}
        label="Tags"
        initial={chipValues(tags.initialValue, /,/)}
        separator="comma"
        error={tags.errors?.[0]}
        errorId={tags.errorId}
        placeholder="e.g. 3D Animation"
        addLabel="Add tag"
        hint="At least 3 tags."
      />
    </fieldset>
  );
}

/**
 * Repeatable 'Package #n' blocks. "Add Package" and "Remove" are Conform list intents: with
 * JavaScript they change the form in place; without it they post and the server redraws the form
 * with every typed value kept.
 */
export function PackagesFields({ visible }: { visible: VisibleError }) {
  const form = useFormMetadata();
  const [packagesField] = useField<PackageValue[]>("packages");
  const list = packagesField.getFieldList();
  return (
    <fieldset className="space-y-4" aria-describedby={packagesField.errorId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <legend className="text-lg font-semibold">Packages</legend>
        {list.length < PACKAGE_LIMIT ? (
          <button
            {...form.insert.getButtonProps({ name: packagesField.name, defaultValue: emptyPackage(list.length) })}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            Add Package
          </button>
        ) : null}
      </div>
      {list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          No packages added yet. Click &quot;Add Package&quot; to create one.
        </p>
      ) : (
        <ol className="space-y-4">
          {list.map((pkg, index) => {
            const f = pkg.getFieldset();
            return (
              <li key={pkg.key ?? `package-${index}`} className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
                <div className="flex items-center justify-between gap-3">
                  <h3 className="font-semibold">Package #{index + 1}</h3>
                  <button
                    {...form.remove.getButtonProps({ name: packagesField.name, index })}
                    aria-label={`Remove package #${index + 1}`}
                    className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                  >
                    Remove
                  </button>
                </div>
                <div className="mt-3 grid gap-3 sm:grid-cols-2">
                  <LabelledInput
                    label="Short Description"
                    meta={f.short_description}
                    error={visible(f.short_description.name, f.short_description.errors)}
                    className="sm:col-span-2"
                    maxLength={200}
                  />
                  <LabelledInput
                    label="Items Included"
                    meta={f.items_included}
                    error={visible(f.items_included.name, f.items_included.errors)}
                    className="sm:col-span-2"
                    hint="Separate items with commas."
                  />
                  <LabelledInput
                    label="Amount"
                    meta={f.amount}
                    error={visible(f.amount.name, f.amount.errors)}
                    type="number"
                    min={0}
                    step={0.01}
                    inputMode="decimal"
                  />
                  <div>
                    <label htmlFor={f.currency.id} className="block text-sm font-medium text-slate-800">
                      Currency
                    </label>
                    <select
                      id={f.currency.id}
                      name={f.currency.name}
                      defaultValue={typeof f.currency.initialValue === "string" ? f.currency.initialValue : ""}
                      aria-invalid={visible(f.currency.name, f.currency.errors) ? true : undefined}
                      aria-describedby={f.currency.errorId}
                      className={`${control} ${controlState(visible(f.currency.name, f.currency.errors))}`}
                    >
                      <option value="">Select Currency</option>
                      {CURRENCY_CODES.map((code) => (
                        <option key={code} value={code}>
                          {code}
                        </option>
                      ))}
                    </select>
                    <FieldError id={f.currency.errorId} error={visible(f.currency.name, f.currency.errors)} />
                  </div>
                  <div className="grid gap-3 sm:col-span-2 sm:grid-cols-3">
                    {(["delivery_days", "revisions", "revision_days"] as const).map((field) => (
                      <LabelledInput
                        key={field}
                        label={PACKAGE_PROMISE_LIMITS[field].label}
                        meta={f[field]}
                        error={visible(f[field].name, f[field].errors)}
                        type="number"
                        min={PACKAGE_PROMISE_LIMITS[field].min}
                        max={PACKAGE_PROMISE_LIMITS[field].max}
                        step={1}
                        inputMode="numeric"
                        hint={PROMISE_HINTS[field]}
                      />
                    ))}
                  </div>
                  <StagesFields stagesField={f.stages} packageNumber={index + 1} visible={visible} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <FieldError id={packagesField.errorId} error={packagesField.errors?.[0]} />
    </fieldset>
  );
}

/**
 * A package's stages, each a row of name, share, days and revisions, added and removed with Conform's
 * list intents like the packages themselves (posted and redrawn without JavaScript). None: the
 * package is delivered in one piece.
 */
function StagesFields({ stagesField, packageNumber, visible }: { stagesField: FieldMetadata<StageValue[]>; packageNumber: number; visible: VisibleError }) {
  const form = useFormMetadata();
  const stages = stagesField.getFieldList();
  const headingId = `${stagesField.id}-heading`;
  return (
    <section className="sm:col-span-2" aria-labelledby={headingId} aria-describedby={stagesField.errorId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id={headingId} className="text-sm font-semibold text-slate-800">
          Stages
        </h4>
        {stages.length < MAX_STAGES ? (
          <button
            {...form.insert.getButtonProps({ name: stagesField.name, defaultValue: NEW_STAGE_VALUE })}
            aria-label={`Add stage to package #${packageNumber}`}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            Add stage
          </button>
        ) : null}
      </div>
      {stages.length === 0 ? (
        <p className="mt-1 text-xs text-slate-500">No stages: delivered in one piece. Add stages to have each approved before the next.</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-500">
            In order. Shares add up to 100%; days count from the previous stage&apos;s approval. The package then promises the stages&apos; days and revisions.
          </p>
          <ol className="mt-2 space-y-2">
            {stages.map((stage, index) => {
              const s = stage.getFieldset();
              return (
                <li
                  key={stage.key ?? `stage-${index}`}
                  className="grid items-start gap-2 rounded-lg bg-white p-3 ring-1 ring-slate-200 sm:grid-cols-[1fr_6rem_6rem_6rem_auto]"
                >
                  <LabelledInput label={`Stage ${index + 1} name`} meta={s.name} error={visible(s.name.name, s.name.errors)} maxLength={STAGE_NAME_MAX} />
                  {(["share", "days", "revisions"] as const).map((field) => (
                    <LabelledInput
                      key={field}
                      label={field === "share" ? "Share (%)" : STAGE_LIMITS[field].label}
                      meta={s[field]}
                      error={visible(s[field].name, s[field].errors)}
                      type="number"
                      min={STAGE_LIMITS[field].min}
                      max={STAGE_LIMITS[field].max}
                      step={1}
                      inputMode="numeric"
                    />
                  ))}
                  <button
                    {...form.remove.getButtonProps({ name: stagesField.name, index })}
                    aria-label={`Remove stage ${index + 1} of package #${packageNumber}`}
                    className="self-end rounded-lg px-3 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <FieldError id={stagesField.errorId} error={stagesField.errors?.[0]} />
    </section>
  );
}

const PROMISE_HINTS = {
  delivery_days: "From the start of work to the first delivery.",
  revisions: "Included in the price.",
  revision_days: "The studio's time for each revision.",
} as const;

/** A labelled input of this form; list values (items included) show comma-separated. */
function LabelledInput({
  label,
  meta,
  error,
  hint,
  className = "",
  ...input
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  error: string | undefined;
  hint?: ReactNode;
  className?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "name">) {
  const initial = meta.initialValue;
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={meta.id}
        name={meta.name}
        defaultValue={typeof initial === "string" ? initial : Array.isArray(initial) ? initial.join(", ") : ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={[meta.errorId, hint ? `${meta.id}-hint` : ""].join(" ").trim()}
        className={`${control} ${controlState(error)}`}
        {...input}
      />
      {hint ? (
        <p id={`${meta.id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} error={error} />
    </div>
  );
}
