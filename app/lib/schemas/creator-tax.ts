/**
 * A creator's tax details (`/studio/tax`, `PUT /api/v1/creator/tax_details` under `tax_details`):
 * who the studio pays, as a tax inspector and the platform reports ask — legal name and address,
 * a date of birth for a person or a company number for a company, their taxpayer id, and a VAT
 * number where they are registered. Isomorphic: the form and the API check the same.
 */
import { z } from "zod";
import { isCountryCode } from "../countries";
import { plainText } from "./text";

export const TAX_ENTITIES = ["individual", "company"] as const;
export type TaxEntity = (typeof TAX_ENTITIES)[number];

export const TAX_DETAIL_LIMITS = { legalName: 200, street: 200, city: 100, state: 100, zipCode: 20, companyNumber: 40, taxpayerId: 40 } as const;
/** How old a person paid by the studio is at least. */
export const TAX_MIN_AGE = 18;

export const TAX_SAVED = "Tax details saved";

export const TAX_MESSAGES = {
  entity: "Choose whether you are paid as a person or as a company",
  legalName: "Legal name is required",
  dateOfBirth: `Date of birth must be a date such as 1990-04-21, and you must be ${TAX_MIN_AGE} or over`,
  companyNumber: "Company number is required for a company: letters, digits, spaces and dashes",
  taxpayerId: "Taxpayer ID is required: your tax number where you live, in letters, digits, spaces, dots or dashes",
  vatNumber: "VAT number must be 4 to 20 letters and digits (spaces, dots and dashes are ignored)",
  street: "Street is required",
  city: "City is required",
  country: "Please choose a country from the list",
} as const;

/** Empty text (or, from the API, null) is no value. */
const optionalText = (label: string, max: number) =>
  plainText(z.string().trim().max(max, `${label} must be at most ${max} characters`), label)
    .nullish()
    .transform((value) => value || null);

const requiredText = (label: string, max: number, message: string) =>
  plainText(
    z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`),
    label,
  );

const isAdultOn = (birth: string, today: Date) => {
  const [y, m, d] = birth.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  const adult = new Date(Date.UTC(y + TAX_MIN_AGE, m - 1, d));
  return adult.getTime() <= today.getTime() && y >= today.getUTCFullYear() - 120;
};

export const CreatorTaxDetailsSchema = z
  .object({
    entity: z.enum(TAX_ENTITIES, { errorMap: () => ({ message: TAX_MESSAGES.entity }) }),
    legal_name: requiredText("Legal name", TAX_DETAIL_LIMITS.legalName, TAX_MESSAGES.legalName),
    date_of_birth: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null),
    company_number: z
      .string()
      .trim()
      .max(TAX_DETAIL_LIMITS.companyNumber, TAX_MESSAGES.companyNumber)
      .nullish()
      .transform((value) => value || null),
    taxpayer_id: z
      .string({ required_error: TAX_MESSAGES.taxpayerId, invalid_type_error: TAX_MESSAGES.taxpayerId })
      .trim()
      .max(TAX_DETAIL_LIMITS.taxpayerId, TAX_MESSAGES.taxpayerId)
      .regex(/^[A-Za-z0-9](?:[A-Za-z0-9 .-]*[A-Za-z0-9])?$/, TAX_MESSAGES.taxpayerId),
    vat_number: z
      .string()
      .trim()
      .max(40, TAX_MESSAGES.vatNumber)
      .nullish()
      .transform((value) => (value ? value.replace(/[\s.-]/g, "").toUpperCase() : null))
      .refine((value) => value === null || /^[A-Z0-9]{4,20}$/.test(value), TAX_MESSAGES.vatNumber),
    street: requiredText("Street", TAX_DETAIL_LIMITS.street, TAX_MESSAGES.street),
    city: requiredText("City", TAX_DETAIL_LIMITS.city, TAX_MESSAGES.city),
    state: optionalText("State", TAX_DETAIL_LIMITS.state),
    zip_code: optionalText("Zip code", TAX_DETAIL_LIMITS.zipCode),
    country: z
      .string({ required_error: TAX_MESSAGES.country, invalid_type_error: TAX_MESSAGES.country })
      .trim()
      .toUpperCase()
      .refine((code) => isCountryCode(code), TAX_MESSAGES.country),
  })
  .superRefine((value, ctx) => {
    if (
      value.entity === "individual" &&
      !(value.date_of_birth && /^\d{4}-\d{2}-\d{2}$/.test(value.date_of_birth) && isAdultOn(value.date_of_birth, new Date()))
    ) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["date_of_birth"], message: TAX_MESSAGES.dateOfBirth });
    }
    if (value.entity === "company" && !(value.company_number && /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/.test(value.company_number))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["company_number"], message: TAX_MESSAGES.companyNumber });
    }
  })
  // A person has no company number, a company no date of birth: what does not apply is not kept.
  .transform((value) => ({
    ...value,
    date_of_birth: value.entity === "individual" ? value.date_of_birth : null,
    company_number: value.entity === "company" ? value.company_number : null,
  }));
export type CreatorTaxDetailsInput = z.output<typeof CreatorTaxDetailsSchema>;
