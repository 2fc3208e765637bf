import { z } from "zod";
import { plainText } from "./text";
import { COUNTRY_CODES, isCountryCode } from "../countries";
import { documented } from "./json-schema";
import { normaliseTaxId, taxIdJsonSchemaRules, taxIdMessage } from "../tax-id";

const required = (label: string, message: string, max: number) =>
  plainText(z.string({ required_error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`), label);

/** Empty text (or, from the API, null) is no value. */
const orAbsent = <T extends z.ZodTypeAny>(schema: T) => schema.nullish().transform((value: z.output<T> | null | undefined) => value || undefined);

/**
 * A tax number as sent: letters and digits, with spaces, dots and dashes anywhere but a space at
 * either end (the server trims). Which letters and digits, and how many, depend on the country
 * (the address's `allOf`).
 */
const TAX_ID_MAX = 40;
const TAX_ID_PATTERN = "^(?:[.-][ .-]*)?(?:[A-Za-z0-9](?:[ .-]*[A-Za-z0-9])*(?:[ .-]*[.-])?)?$";

const AddressFields = z.object({
  street: required("Street", "Street is required", 200),
  city: required("City", "City is required", 100),
  state: required("State", "State is required", 100),
  zip_code: required("Zip code", "Zip code is required", 20),
  country: documented(
    z
      .string({ required_error: "Country is required" })
      .trim()
      .min(1, "Country is required")
      .transform((c) => c.toUpperCase())
      .refine(isCountryCode, "Please choose a country from the list"),
    { enum: COUNTRY_CODES, minLength: undefined, description: "An ISO 3166-1 alpha-2 code (read in any case)" },
  ),
  is_default: z
    .union([z.boolean(), z.enum(["on", "true", "false", "1", "0"])], { errorMap: () => ({ message: "is_default must be true or false" }) })
    .optional()
    .transform((v) => v === true || v === "on" || v === "true" || v === "1"),
  company_name: orAbsent(plainText(z.string().trim().max(200, "Company name must be at most 200 characters"), "Company name")),
  tax_id: orAbsent(
    documented(z.string().trim().max(TAX_ID_MAX, `Tax ID must be at most ${TAX_ID_MAX} characters`), {
      pattern: TAX_ID_PATTERN,
      description:
        "A VAT number for a UK or EU address (its format and check digits; the country prefix optional, Greece's EL), else 4 to 20 letters and digits. " +
        "Spaces, dots and dashes are ignored and letters read in any case; it is stored and answered upper case, without them, UK and EU numbers with their prefix",
      examples: ["GB246813551"],
    }),
  ),
});
documented(AddressFields, { allOf: taxIdJsonSchemaRules() });

/**
 * Billing address form and API payload (SPEC §5 messages). Country is an ISO 3166-1 alpha-2 code.
 * A business adds its company name and tax number (both optional); the tax number is read against
 * the country (~/lib/tax-id.ts) and kept normalised (`gb 246 813 551` → `GB246813551`).
 */
export const AddressSchema = AddressFields.superRefine((address, ctx) => {
  // An unknown country, or a number over its length, has its own message already.
  if (address.tax_id === undefined || address.tax_id.length > TAX_ID_MAX || !isCountryCode(address.country)) return;
  if (!normaliseTaxId(address.country, address.tax_id).ok)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["tax_id"], message: taxIdMessage(address.country) });
}).transform(({ tax_id, ...address }): typeof address & { tax_id?: string } => {
  const taxId = tax_id === undefined ? undefined : normaliseTaxId(address.country, tax_id);
  return taxId?.ok ? { ...address, tax_id: taxId.value } : address;
});

export type AddressInput = z.infer<typeof AddressSchema>;
