import { z } from "zod";
import { isCountryCode } from "../countries";
import { readTaxIdShape, taxIdMessage, type TaxIdReader } from "../rules/tax-id";
import { plainText } from "./text";

/** Who a tax rule is for: anyone, consumers (no tax number), businesses (a tax number on their billing address). */
export const TAX_CUSTOMER_KINDS = ["any", "consumer", "business"] as const;
export type TaxCustomerKind = (typeof TAX_CUSTOMER_KINDS)[number];

/** The rule table's "any country without its own row". */
export const ANY_OTHER_COUNTRY = "*";

const TAX_ID_MAX = 40;
export const RULE_NOTE_MAX = 200;
/** What checkout tells a buyer a rule applies to. */
export const RULE_EXPLANATION_MAX = 400;

export const TAX_SETTINGS_MESSAGES = {
  countryRequired: "Country is required",
  studioCountry: "Please choose a country from the list",
  ruleCountry: "Please choose a country from the list, or Any other country",
  kind: "Please choose who the rule is for",
  rateRequired: "Rate is required",
  rate: "Rate must be a percentage between 0 and 100, with at most two decimals",
  taxIdTooLong: `VAT number must be at most ${TAX_ID_MAX} characters`,
} as const;

/** A trimmed single- or multi-line text of `min` to `max` characters, each bound with its own message. */
function sizedText(label: string, min: number, max: number, options: { multiline?: boolean } = {}) {
  return plainText(
    z
      .string({ required_error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .min(min, `${label} must be at least ${min} characters`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
    options,
  );
}

/** A country code as a select sends it, read in any case. */
const countryCode = z.string({ required_error: TAX_SETTINGS_MESSAGES.countryRequired }).trim().min(1, TAX_SETTINGS_MESSAGES.countryRequired).toUpperCase();

const ShopSettingsFields = z.object({
  seller_name: sizedText("Seller name", 2, 200),
  seller_address: sizedText("Seller address", 5, 500, { multiline: true }),
  seller_tax_id: z.string().trim().max(TAX_ID_MAX, TAX_SETTINGS_MESSAGES.taxIdTooLong).optional(),
  studio_country: countryCode.refine(isCountryCode, TAX_SETTINGS_MESSAGES.studioCountry),
  tax_name: sizedText("Tax name", 2, 20),
});

/**
 * Who sells, as invoices print it (/admin/settings/tax). The VAT number is optional; when given it is
 * read against the studio's country as a buyer's is, by `readTaxId` (the server's full check in
 * ~/domain/money/tax-settings.server.ts, the browser's form `ShopSettingsFormSchema`: ~/lib/rules/tax-id.ts),
 * and kept normalised (`gb 246 813 551` → `GB246813551`); none is null.
 */
export function shopSettingsSchema(readTaxId: TaxIdReader) {
  return ShopSettingsFields.superRefine((settings, ctx) => {
    // An unknown country, or a number over its length, has its own message already.
    if (!settings.seller_tax_id || settings.seller_tax_id.length > TAX_ID_MAX || !isCountryCode(settings.studio_country)) return;
    if (!readTaxId(settings.studio_country, settings.seller_tax_id).ok)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["seller_tax_id"], message: taxIdMessage(settings.studio_country) });
  }).transform(({ seller_tax_id, ...settings }) => {
    const taxId = seller_tax_id ? readTaxId(settings.studio_country, seller_tax_id) : null;
    return { ...settings, seller_tax_id: taxId?.ok ? taxId.value : null };
  });
}

/** The browser's settings form: every rule but a VAT number's check digits, which the server's answer names. */
export const ShopSettingsFormSchema = shopSettingsSchema(readTaxIdShape);

export type ShopSettingsInput = z.output<typeof ShopSettingsFormSchema>;

/** "20", "19.5", "7.25", "0", "100" (a trailing "%" is allowed): whole percent and up to two decimals. */
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/;

/** A percentage as typed, in basis points (`"19.5"` → 1950), or null when it is not one from 0 to 100. */
export function percentToBasisPoints(text: string): number | null {
  const match = PERCENT.exec(text.trim());
  if (!match) return null;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return basisPoints <= 10_000 ? basisPoints : null;
}

/** A rule's rate as typed ("19.5", "20%"), read as basis points. */
export const rateField = z
  .string({ required_error: TAX_SETTINGS_MESSAGES.rateRequired })
  .max(20, TAX_SETTINGS_MESSAGES.rate)
  .transform((text, ctx) => {
    const basisPoints = percentToBasisPoints(text);
    if (basisPoints === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: TAX_SETTINGS_MESSAGES.rate });
      return z.NEVER;
    }
    return basisPoints;
  });

/** A rule's note printed on invoices: optional, none is null. */
export const ruleNoteField = plainText(z.string().trim().max(RULE_NOTE_MAX, `Note must be at most ${RULE_NOTE_MAX} characters`), "Note")
  .optional()
  .transform((note) => note || null);

/** A rule's country as a select sends it: one of the list, or "any other country". */
export const ruleCountryField = countryCode.refine((code) => code === ANY_OTHER_COUNTRY || isCountryCode(code), TAX_SETTINGS_MESSAGES.ruleCountry);

/**
 * A row of the rule table as the "Add or replace a rule" form sends it: a country (or `*`), who it is
 * for, the rate as a percentage (stored as basis points) and an optional note printed on invoices.
 */
export const TaxRuleSchema = z.object({
  country: ruleCountryField,
  customer_kind: z.enum(TAX_CUSTOMER_KINDS, { errorMap: () => ({ message: TAX_SETTINGS_MESSAGES.kind }) }),
  rate: rateField,
  note: ruleNoteField,
  explanation: plainText(z.string().trim().max(RULE_EXPLANATION_MAX, `Explanation must be at most ${RULE_EXPLANATION_MAX} characters`), "Explanation")
    .optional()
    .transform((text) => text || null),
});

export type TaxRuleInput = z.infer<typeof TaxRuleSchema>;

/** The Delete button of a rule's row: which rule. */
export const DeleteTaxRuleSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
