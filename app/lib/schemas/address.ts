import { z } from "zod";
import { plainText } from "./text";
import { COUNTRY_CODES, isCountryCode } from "../countries";
import { documented } from "./json-schema";

const required = (label: string, message: string, max: number) =>
  plainText(z.string({ required_error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`), label);

/** Billing address form and API payload (SPEC §5 messages). Country is an ISO 3166-1 alpha-2 code. */
export const AddressSchema = z.object({
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
});

export type AddressInput = z.infer<typeof AddressSchema>;
