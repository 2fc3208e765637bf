import { type SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { CountrySelect } from "~/components/country-select";
import { DeleteRuleButton, KindChoice, RateField, RuleHeadings } from "~/components/rate-rules";
import { Field, FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { TableScroller } from "~/components/ui/table-scroller";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { requireAdmin } from "~/auth/index.server";
import { ratePercent } from "~/domain/money/tax-rules";
import {
  agreementText,
  deleteSelfBillingRule,
  latestSelfBilledInvoices,
  listSelfBillingRules,
  saveAgreementText,
  saveSelfBillingRule,
} from "~/domain/payouts/self-billing.server";
import { settle } from "~/domain/refusal";
import { parseSubmission, unreadableForm } from "~/http/form-submission.server";
import { readForm } from "~/http/request-body.server";
import { formAnswer } from "~/http/screen-refusal.server";
import { redirectWithToast } from "~/http/toast.server";
import { countryName } from "~/lib/countries";
import { formatMoney } from "~/lib/money";
import { ANY_SUPPLIER_COUNTRY, INVOICES_LISTED, SUPPLIER_KIND_LABELS, SUPPLIER_KINDS, type SupplierKind } from "~/lib/rules/self-billing";
import { monthLabel } from "~/lib/rules/statements";
import { AgreementTextSchema, SelfBillingRuleSchema } from "~/lib/schemas/self-billing";
import { DeleteTaxRuleSchema } from "~/lib/schemas/tax-settings";

const HERE = "/admin/settings/self-billing";
const place = (country: string) => (country === ANY_SUPPLIER_COUNTRY ? "Any other country" : countryName(country));
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const ruleName = (rule: { country: string; supplierKind: SupplierKind }) => `${place(rule.country)}, ${lowerFirst(SUPPLIER_KIND_LABELS[rule.supplierKind])}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const [agreement, rules, invoices] = await Promise.all([agreementText(context.db), listSelfBillingRules(context.db), latestSelfBilledInvoices(context.db)]);
  return { agreement, rules, invoices };
}

/** Three forms, each a plain post with an `intent`: the agreement's text, a rule to add or replace, a rule to delete. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const formData = await readForm(request);
  const done = (message: string) => redirectWithToast(context.env, request, HERE, [{ kind: "success", message }]);
  switch (formData.get("intent")) {
    case "agreement": {
      const submission = parseSubmission(formData, { schema: AgreementTextSchema });
      if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "agreement" } });
      const saved = await settle(saveAgreementText(context.db, submission.value.agreement));
      if (!saved.ok) return formAnswer(submission, { refusal: saved.refusal, beside: { intent: "agreement" } });
      return done(
        saved.value
          ? "Agreement saved. Creators who accepted an earlier text are asked to accept this one."
          : "Self-billing is no longer offered. Agreements already accepted run on under their text.",
      );
    }
    case "save-rule": {
      const submission = parseSubmission(formData, { schema: SelfBillingRuleSchema });
      if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "save-rule" } });
      const { country, supplier_kind, rate, note } = submission.value;
      const saved = await settle(saveSelfBillingRule(context.db, { country, supplierKind: supplier_kind, rateBasisPoints: rate, note }));
      if (!saved.ok) return formAnswer(submission, { refusal: saved.refusal, beside: { intent: "save-rule" } });
      const { rule, replaced } = saved.value;
      return done(
        replaced
          ? `Rule replaced: ${ruleName(rule)}, now ${ratePercent(rule.rateBasisPoints)} (was ${ratePercent(replaced.rateBasisPoints)}).`
          : `Rule added: ${ruleName(rule)}, ${ratePercent(rule.rateBasisPoints)}.`,
      );
    }
    case "delete-rule": {
      const submission = parseSubmission(formData, { schema: DeleteTaxRuleSchema });
      if (submission.status !== "success") throw unreadableForm();
      const deleted = await settle(deleteSelfBillingRule(context.db, submission.value.id));
      if (!deleted.ok) return formAnswer(submission, { refusal: deleted.refusal, beside: { intent: "delete-rule" } });
      return done(`Rule deleted: ${ruleName(deleted.value)}, ${ratePercent(deleted.value.rateBasisPoints)}.`);
    }
    default:
      throw unreadableForm();
  }
}

export const meta: MetaFunction = () => [{ title: "Self-billing · Admin · Reelcraft" }];

type Reply = SubmissionResult<string[]> | undefined;

export default function SelfBillingSettings() {
  const { agreement, rules, invoices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const replyTo = (intent: "agreement" | "save-rule" | "delete-rule") => (actionData?.intent === intent ? actionData.result : undefined);
  const { key } = useLocation();
  const deleteError = replyTo("delete-rule")?.error?.[""];
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Self-billing</h1>
        <div className="mt-2 space-y-2 text-sm text-slate-700">
          <p>
            Creators who accept the agreement below are invoiced by the studio itself: once a month closes, the scheduled run issues each one’s invoice to the
            studio for that month’s earnings, refunds’ clawbacks and adjustments, numbered in the creator’s own sequence and printed with both sides’ details.
          </p>
          <p>
            The tax on a creator’s supply comes from the rules below: the rule for the creator’s country before “Any other country”, for their kind as a
            supplier. A creator’s share is the whole price of their supply, tax included. The seed’s rules are an illustration for a UK-registered studio, not
            tax advice.
          </p>
        </div>
      </div>

      <AgreementForm key={`agreement-${key}`} text={agreement} lastResult={replyTo("agreement")} />

      <section aria-labelledby="rules-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
        <h2 id="rules-title" className="text-lg font-semibold">
          Tax on creators’ supplies
        </h2>
        <FormError errors={deleteError ?? undefined} />
        {rules.length === 0 ? (
          <p className="text-sm text-slate-600">No rules: invoices show no tax.</p>
        ) : (
          <TableScroller label="Self-billing rule table">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <RuleHeadings headings={["Creator’s country", "Creator", "Rate", "Invoice note", "Actions"]} />
              <tbody className="divide-y divide-slate-200">
                {rules.map((rule) => (
                  <tr key={rule.id}>
                    <th scope="row" className="px-4 py-2 font-medium">
                      {place(rule.country)}
                    </th>
                    <td className="px-4 py-2">{SUPPLIER_KIND_LABELS[rule.supplierKind]}</td>
                    <td className="px-4 py-2 tabular-nums">{ratePercent(rule.rateBasisPoints)}</td>
                    <td className="max-w-xs px-4 py-2 text-slate-700">{rule.note ?? "—"}</td>
                    <td className="px-4 py-2">
                      <DeleteRuleButton id={rule.id} name={ruleName(rule)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </section>

      <RuleForm key={`rule-${key}`} lastResult={replyTo("save-rule")} />

      <section aria-labelledby="invoices-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
        <h2 id="invoices-title" className="text-lg font-semibold">
          Invoices issued
        </h2>
        {invoices.length === 0 ? (
          <p className="text-sm text-slate-600">
            No self-billed invoice yet: the first is issued when a month closes for a creator who accepted the agreement.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-600">{`The latest ${INVOICES_LISTED} at most, newest first.`}</p>
            <TableScroller label="Self-billed invoices issued">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <RuleHeadings headings={["Number", "Creator", "Month", "Total", "Tax"]} numeric={["Total", "Tax"]} />
                <tbody className="divide-y divide-slate-200">
                  {invoices.map((invoice) => (
                    <tr key={invoice.id}>
                      <th scope="row" className="px-4 py-2 font-medium">
                        <a href={`${HERE}/invoices/${invoice.id}/invoice.pdf`} className="text-brand-700 hover:underline">
                          {invoice.number}
                        </a>
                      </th>
                      <td className="px-4 py-2">{invoice.supplier_name}</td>
                      <td className="px-4 py-2">{monthLabel(invoice.month)}</td>
                      <td className="px-4 py-2 text-right tabular-nums">{formatMoney(invoice.total_minor, invoice.currency)}</td>
                      <td className="px-4 py-2 text-right tabular-nums">{formatMoney(invoice.tax_minor, invoice.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          </>
        )}
      </section>
    </div>
  );
}

function AgreementForm({ text, lastResult }: { text: string | null; lastResult: Reply }) {
  const { form, fields, formProps, error } = useSchemaForm(AgreementTextSchema, {
    id: "self-billing-agreement",
    lastResult,
    defaultValue: { agreement: text ?? "" },
  });
  const busy = useIsSubmitting(HERE, "agreement");
  return (
    <section aria-labelledby="agreement-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <h2 id="agreement-title" className="text-lg font-semibold">
        The agreement
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {text
          ? "Creators read and accept this text under Tax details. A changed text asks those who accepted the earlier one to accept it again."
          : "Self-billing is not offered: write the agreement to offer it."}
      </p>
      <Form method="post" {...formProps} className="mt-4">
        <input type="hidden" name="intent" value="agreement" />
        <FormError id={form.errorId} errors={form.errors} />
        <TextAreaField
          label="Agreement (empty: not offered)"
          meta={fields.agreement}
          error={error(fields.agreement)}
          rows={12}
          hint={<p className="mt-1 text-sm text-slate-600">Plain text; blank lines separate paragraphs.</p>}
        />
        <SubmitButton busy={busy} busyText="Saving..." className="sm:w-auto">
          Save agreement
        </SubmitButton>
      </Form>
    </section>
  );
}

function RuleForm({ lastResult }: { lastResult: Reply }) {
  const { form, fields, formProps, error } = useSchemaForm(SelfBillingRuleSchema, {
    id: "self-billing-rule",
    lastResult,
    defaultValue: { supplier_kind: "registered" },
  });
  const busy = useIsSubmitting(HERE, "save-rule");
  return (
    <section aria-labelledby="rule-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <h2 id="rule-title" className="text-lg font-semibold">
        Add or replace a rule
      </h2>
      <p className="mt-1 text-sm text-slate-600">A country and kind that already have a rule get the new rate and note in its place.</p>
      <Form method="post" {...formProps} className="mt-4 grid gap-x-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="save-rule" />
        <div className="empty:hidden sm:col-span-2">
          <FormError id={form.errorId} errors={form.errors} />
        </div>
        <CountrySelect label="Creator’s country" meta={fields.country} error={error(fields.country)} anyOther />
        <RateField meta={fields.rate} error={error(fields.rate)} />
        <KindChoice
          legend="Creator"
          meta={fields.supplier_kind}
          error={error(fields.supplier_kind)}
          options={SUPPLIER_KINDS.map((value) => [value, SUPPLIER_KIND_LABELS[value]] as const)}
          fallback="registered"
        />
        <Field
          label="Invoice note (optional)"
          meta={fields.note}
          error={error(fields.note)}
          type="text"
          className="sm:col-span-2"
          hint={
            <p className="mt-1 text-sm text-slate-600">
              Printed on the invoices this rule applies to, e.g. “Reverse charge: the customer accounts for the VAT”.
            </p>
          }
        />
        <div className="mt-2 sm:col-span-2">
          <SubmitButton busy={busy} busyText="Saving..." className="sm:w-auto">
            Save rule
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
