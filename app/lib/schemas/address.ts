import { z } from "zod";
import { plainText } from "./text";
import { COUNTRY_CODES, isCountryCode } from "../countries";
import { documented, type JsonSchema } from "./json-schema";
import { readTaxIdShape, taxIdMessage, type TaxIdReader } from "../rules/tax-id";
import { addressFormat, countriesRequiring } from "../rules/address-rules";

/**
 * A field every address has. Missing is checked as a rule on an optional value, not as a missing
 * value's type error: a type error stops the object's checks, and so the checks that depend on the
 * country (below) would not say what else is missing at the same time. (Forms send nothing for an
 * empty field.) The API's document still marks the field required.
 */
const required = (label: string, message: string, max: number) =>
  plainText(documented(z.string({ invalid_type_error: message }).trim().max(max, `${label} must be at most ${max} characters`), { minLength: 1 }), label)
    .optional()
    .refine((value) => value !== undefined && value !== "", message);

/** Empty text (or, from the API, null) is no value. */
const orAbsent = <T extends z.ZodTypeAny>(schema: T) => schema.nullish().transform((value: z.output<T> | null | undefined) => value || undefined);

/**
 * A tax number as sent: letters and digits, with spaces, dots and dashes anywhere but a space at
 * either end (the server trims). Which letters and digits, and how many, depend on the country
 * (the address's `allOf`).
 */
const TAX_ID_MAX = 40;
const TAX_ID_PATTERN = "^(?:[.-][ .-]*)?(?:[A-Za-z0-9](?:[ .-]*[A-Za-z0-9])*(?:[ .-]*[.-])?)?$";

/** A field whose need depends on the country (checked with the rest of the address, below). */
const byCountry = (label: string, max: number, description: string) =>
  documented(orAbsent(plainText(z.string().trim().max(max, `${label} must be at most ${max} characters`), label)), { description });

/** What the API's document shows for a needed city, state or postcode. */
const PART_EXAMPLES = { city: "Leeds", state: "California", postcode: "95014" } as const;

const AddressFields = z.object({
  street: required("Street", "Street is required", 200),
  street_2: orAbsent(plainText(z.string().trim().max(200, "Address line 2 must be at most 200 characters"), "Address line 2")),
  city: byCountry("City", 100, "Required where the country's addresses name a city or town (most countries)"),
  state: byCountry(
    "State",
    100,
    "Required where the country's addresses name a state or province (the United States among them); dropped where they have none",
  ),
  zip_code: byCountry(
    "Zip code",
    20,
    "Required where the country's addresses have a postcode, and written as its post office writes them (e.g. 95014, SW1A 1AA): " +
      "the server checks each country's postcode format (its post office's pattern), which this document does not repeat; dropped where they have none",
  ),
  country: documented(
    // Upper-cased before the checks, not by a transform after them: a transform after a failed check
    // would stop the checks that depend on the country (below) from running at all.
    z
      .preprocess(
        (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
        z.string({ invalid_type_error: "Country is required" }).optional(),
      )
      .refine((code) => code !== undefined && code !== "", "Country is required")
      .refine((code) => !code || isCountryCode(code), "Please choose a country from the list"),
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
/**
 * What each country's addresses need (~/lib/rules/address-rules), for the API's document. How each
 * country's postcodes are written is the server's check alone (the zip_code's description says so;
 * docs/decisions).
 */
const ADDRESS_PART_RULES: JsonSchema[] = (
  [
    ["city", "city"],
    ["state", "state"],
    ["postcode", "zip_code"],
  ] as const
).map(([part, field]) => ({
  if: { properties: { country: { enum: countriesRequiring(part, COUNTRY_CODES) } }, required: ["country"] },
  then: { required: [field], properties: { [field]: { type: "string", pattern: "\\S", examples: [PART_EXAMPLES[part]] } } },
}));

/**
 * Billing address form and API payload (SPEC §5 messages, for the United States and until a country
 * is chosen). Country is an ISO 3166-1 alpha-2 code; the city, state and postcode it needs, their
 * names and the postcode's format come from its post office's (~/lib/rules/address-rules).
 * A business adds its company name and tax number (both optional); the tax number is read against
 * the country by `readTaxId` and kept normalised (`gb 246 813 551` → `GB246813551`): the server's
 * schema (~/domain/orders/address-schema.server.ts) checks VAT numbers' check digits, the browser's
 * form (`AddressFormSchema`) only their letters and digits; `documentedTaxIds` are the tax number's
 * rules for the API's document.
 */
export function addressSchema(readTaxId: TaxIdReader, documentedTaxIds: JsonSchema[] = []) {
  return documented(AddressFields.extend({}), { allOf: [...documentedTaxIds, ...ADDRESS_PART_RULES] })
    .superRefine((address, ctx) => {
      // The country's own fields: which it needs, and how its postcodes are written (~/lib/rules/address-rules).
      // Until a valid country is chosen, the SPEC's: all of them.
      const country = typeof address.country === "string" && isCountryCode(address.country) ? address.country : null;
      const format = addressFormat(country);
      for (const [path, rule] of [
        ["city", format.city],
        ["state", format.state],
        ["zip_code", format.postcode],
      ] as const) {
        if (rule?.required && !address[path]) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: rule.requiredMessage });
      }
      const postcode = format.postcode;
      if (postcode?.pattern && address.zip_code && address.zip_code.length <= 20 && !postcode.pattern.test(address.zip_code))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["zip_code"], message: postcode.invalidMessage });
      // An unknown country, or a number over its length, has its own message already.
      if (address.tax_id === undefined || address.tax_id.length > TAX_ID_MAX || !country) return;
      if (!readTaxId(country, address.tax_id).ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["tax_id"], message: taxIdMessage(country) });
    })
    .transform(({ tax_id, city, state, zip_code, street, country, ...address }) => {
      // Here every check passed: the street and the country are there.
      const format = addressFormat(country);
      const taxId = tax_id === undefined ? undefined : readTaxId(country!, tax_id);
      // What the country's addresses do not have is not kept (a state sent with a UK address).
      return {
        ...address,
        street: street!,
        country: country!,
        city: format.city ? (city ?? "") : "",
        state: format.state ? (state ?? "") : "",
        // Postcodes are stored as their post offices print them: upper case.
        zip_code: format.postcode ? (zip_code ?? "").toUpperCase() : "",
        ...(taxId?.ok ? { tax_id: taxId.value } : {}),
      };
    });
}

/** The browser's address form: every rule but a VAT number's check digits, which the server's answer names. */
export const AddressFormSchema = addressSchema(readTaxIdShape);

export type AddressInput = z.output<typeof AddressFormSchema>;
