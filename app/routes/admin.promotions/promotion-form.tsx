import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, FieldError, FormError, SubmitButton, type FieldMeta } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { CURRENCY_CODES } from "~/lib/currency";
import { PROMO_CODE_MAX, PromotionFormSchema } from "~/lib/schemas/promotion";
import { SHOP_CURRENCY } from "~/lib/shop";

const hint = (text: string) => <p className="mt-1 text-sm text-slate-600">{text}</p>;
const chosen = (meta: FieldMeta, fallback: string) => (typeof meta.initialValue === "string" ? meta.initialValue : fallback);

/** The "New promotion" form: a plain post (intent `create`), validated by the schema the action parses with. */
export function PromotionForm({ products, lastResult }: { products: { id: number; title: string }[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { form, fields, formProps, error } = useSchemaForm(PromotionFormSchema, {
    id: "promotion",
    lastResult,
    defaultValue: { discount_type: "percent", scope: "all", currency: SHOP_CURRENCY },
  });
  const busy = useIsSubmitting("/admin/promotions", "create");
  const picked = new Set(
    (Array.isArray(fields.product_ids.initialValue) ? fields.product_ids.initialValue : [fields.product_ids.initialValue]).filter(
      (v): v is string => typeof v === "string",
    ),
  );
  return (
    <section aria-labelledby="new-promotion-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <h2 id="new-promotion-title" className="text-lg font-semibold">
        New promotion
      </h2>
      <Form method="post" {...formProps} className="mt-4 grid gap-x-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="create" />
        <div className="empty:hidden sm:col-span-2">
          <FormError id={form.errorId} errors={form.errors} />
        </div>
        <Field
          label="Code"
          meta={fields.code}
          error={error(fields.code)}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={PROMO_CODE_MAX}
          className="sm:col-span-2"
          hint={hint("3 to 32 letters, digits and dashes, e.g. SPRING-10. Saved in capitals; customers may type it in any case.")}
        />

        <Choice legend="Discount" meta={fields.discount_type} error={error(fields.discount_type)} className="sm:col-span-2">
          <Radio meta={fields.discount_type} value="percent" checked={chosen(fields.discount_type, "percent") === "percent"} label="Percent off" />
          <Radio meta={fields.discount_type} value="amount" checked={chosen(fields.discount_type, "percent") === "amount"} label="Amount off" />
        </Choice>
        <Field
          label="Percent off"
          meta={fields.percent_off}
          error={error(fields.percent_off)}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          hint={hint("A whole number from 1 to 100, for Percent off.")}
        />
        <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-x-3">
          <Field
            label="Amount off"
            meta={fields.amount_off}
            error={error(fields.amount_off)}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            hint={hint("For Amount off, e.g. 10.00.")}
          />
          <div>
            <label htmlFor={fields.currency.id} className="block text-sm font-medium text-slate-800">
              Currency
            </label>
            <select
              id={fields.currency.id}
              name={fields.currency.name}
              defaultValue={chosen(fields.currency, SHOP_CURRENCY)}
              key={fields.currency.key}
              aria-invalid={error(fields.currency) ? true : undefined}
              aria-describedby={error(fields.currency) ? fields.currency.errorId : undefined}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm"
            >
              {CURRENCY_CODES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
            <FieldError id={fields.currency.errorId} error={error(fields.currency)} />
          </div>
        </div>

        <Choice legend="Applies to" meta={fields.scope} error={error(fields.scope)} className="sm:col-span-2">
          <Radio meta={fields.scope} value="all" checked={chosen(fields.scope, "all") === "all"} label="All services" />
          <Radio meta={fields.scope} value="some" checked={chosen(fields.scope, "all") === "some"} label="Only the services chosen below" />
        </Choice>
        <fieldset
          className="mb-4 sm:col-span-2"
          aria-describedby={error(fields.product_ids) ? fields.product_ids.errorId : undefined}
          aria-invalid={error(fields.product_ids) ? true : undefined}
        >
          <legend className="text-sm font-medium text-slate-800">Services</legend>
          <div className="mt-1 grid max-h-60 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
            {products.map((p) => (
              <label key={p.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.product_ids.name}
                  value={p.id}
                  defaultChecked={picked.has(String(p.id))}
                  className="size-4 accent-brand-700"
                />
                {p.title}
              </label>
            ))}
          </div>
          <FieldError id={fields.product_ids.errorId} error={error(fields.product_ids)} />
        </fieldset>

        <Field label="Starts (UTC, optional)" meta={fields.starts_at} error={error(fields.starts_at)} type="datetime-local" hint={hint("Empty: at once.")} />
        <Field label="Ends (UTC, optional)" meta={fields.ends_at} error={error(fields.ends_at)} type="datetime-local" hint={hint("Empty: no end.")} />
        <Field
          label="Redemptions cap (optional)"
          meta={fields.max_redemptions}
          error={error(fields.max_redemptions)}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          hint={hint("Paid orders and unpaid orders holding the code count. Empty: no cap.")}
        />
        <fieldset className="mb-4 space-y-2">
          <legend className="text-sm font-medium text-slate-800">Limits</legend>
          <Check meta={fields.once_per_customer} label="Once per customer" />
          <Check meta={fields.first_order_only} label="First order only (customers with no paid order)" />
        </fieldset>
        <div className="mt-2 sm:col-span-2">
          <SubmitButton busy={busy} busyText="Creating..." className="sm:w-auto">
            Create promotion
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function Choice({
  legend,
  meta,
  error,
  className,
  children,
}: {
  legend: string;
  meta: FieldMeta;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={`mb-4 ${className ?? ""}`} aria-describedby={error ? meta.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">{children}</div>
      <FieldError id={meta.errorId} error={error} />
    </fieldset>
  );
}

function Radio({ meta, value, checked, label }: { meta: FieldMeta; value: string; checked: boolean; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" id={`${meta.id}-${value}`} name={meta.name} value={value} defaultChecked={checked} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}

function Check({ meta, label }: { meta: FieldMeta; label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" id={meta.id} name={meta.name} defaultChecked={meta.initialValue === "on"} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}
