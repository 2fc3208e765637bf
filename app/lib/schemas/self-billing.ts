import { z } from "zod";
import { AGREEMENT_MAX, SELF_BILLING_MESSAGES, SUPPLIER_KINDS } from "../rules/self-billing";
import { rateField, ruleCountryField, ruleNoteField } from "./tax-settings";
import { plainText } from "./text";

/** The agreement's text as the admins' form sends it; empty: self-billing is not offered. */
export const AgreementTextSchema = z.object({
  agreement: plainText(
    z
      .string()
      .trim()
      .max(AGREEMENT_MAX, `Agreement must be at most ${AGREEMENT_MAX.toLocaleString("en-GB")} characters`),
    "Agreement",
    {
      multiline: true,
    },
  )
    .optional()
    .transform((text) => text || null),
});

/** A row of the self-billing rule table: a creator's country (or `*`), their kind as a supplier, the rate, the invoice's note. */
export const SelfBillingRuleSchema = z.object({
  country: ruleCountryField,
  supplier_kind: z.enum(SUPPLIER_KINDS, { errorMap: () => ({ message: "Please choose who the rule is for" }) }),
  rate: rateField,
  note: ruleNoteField,
});

/** The creator's "I accept" box: ticked, or the form says so. */
export const AcceptAgreementSchema = z.object({
  agree: z.literal("on", { errorMap: () => ({ message: SELF_BILLING_MESSAGES.confirm }) }),
});

/** The API's acceptance: `{ self_billing_agreement: { accept: true } }`. */
export const AcceptAgreementApiSchema = z.object({
  accept: z.literal(true, { errorMap: () => ({ message: SELF_BILLING_MESSAGES.confirm }) }),
});
