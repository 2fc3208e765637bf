import { normaliseTaxId, taxIdJsonSchemaRules } from "../money/tax-ids.server";
import { addressSchema } from "~/lib/schemas/address";

/**
 * A billing address as the server reads it, from a form or the API: every rule of the browser's form
 * (~/lib/schemas/address.ts) and a VAT number's format and check digits (~/domain/money/tax-ids.server.ts),
 * with those rules in the API's document.
 */
export const AddressSchema = addressSchema(normaliseTaxId, taxIdJsonSchemaRules());
