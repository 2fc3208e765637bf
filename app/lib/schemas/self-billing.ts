import { z } from "zod";
import { isCountryCode } from "../countries";
import { AGREEMENT_MAX, ANY_SUPPLIER_COUNTRY, SELF_BILLING_MESSAGES, SUPPLIER_KINDS } from "../rules/self-billing";
import { percentToBasisPoints, RULE_NOTE_MAX, TAX_SETTINGS_MESSAGES } from "./tax-settings";
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
  country: z
    .string({ required_error: TAX_SETTINGS_MESSAGES.countryRequired })
    .trim()
    .min(1, TAX_SETTINGS_MESSAGES.countryRequired)
    .toUpperCase()
    .refine((code) => code === ANY_SUPPLIER_COUNTRY || isCountryCode(code), TAX_SETTINGS_MESSAGES.ruleCountry),
  supplier_kind: z.enum(SUPPLIER_KINDS, { errorMap: () => ({ message: "Please choose who the rule is for" }) }),
  rate: z
    .string({ required_error: TAX_SETTINGS_MESSAGES.rateRequired })
    .max(20, TAX_SETTINGS_MESSAGES.rate)
    .transform((text, ctx) => {
      const basisPoints = percentToBasisPoints(text);
      if (basisPoints === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: TAX_SETTINGS_MESSAGES.rate });
        return z.NEVER;
      }
      return basisPoints;
    }),
  note: plainText(z.string().trim().max(RULE_NOTE_MAX, `Note must be at most ${RULE_NOTE_MAX} characters`), "Note")
    .optional()
    .transform((note) => note || null),
});

/** The creator's "I accept" box: ticked, or the form says so. */
export const AcceptAgreementSchema = z.object({
  agree: z.literal("on", { errorMap: () => ({ message: SELF_BILLING_MESSAGES.confirm }) }),
});

/** The API's acceptance: `{ self_billing_agreement: { accept: true } }`. */
export const AcceptAgreementApiSchema = z.object({
  accept: z.literal(true, { errorMap: () => ({ message: SELF_BILLING_MESSAGES.confirm }) }),
});
