import { countryName } from "../countries";
import { ADDRESS_FORMATS } from "./address-formats";

/**
 * Which address fields a country's post office uses, which it requires, what it calls them and how
 * its postcodes are written, from Google's address data (./address-formats, generated). One table
 * for the address form in the browser, the server's validation of the form and of the API, and the
 * API's document. Until a country is chosen, the SPEC's fields and messages apply (State, Zip Code,
 * all required), and so they do for the United States.
 */
export interface AddressField {
  label: string;
  required: boolean;
  /** 'Zip code is required', 'Postcode is required'. */
  requiredMessage: string;
}

export interface AddressFormat {
  city: AddressField | null;
  state: AddressField | null;
  postcode: (AddressField & { pattern: RegExp | null; example: string | null; invalidMessage: string }) | null;
}

/** English names of Google's types, as the form's labels. */
const POSTCODE_NAMES: Record<string, string> = { zip: "Zip Code", postal: "Postal code", eircode: "Eircode", pin: "PIN code" };
const STATE_NAMES: Record<string, string> = {
  state: "State",
  province: "Province",
  county: "County",
  island: "Island",
  oblast: "Oblast",
  parish: "Parish",
  department: "Department",
  prefecture: "Prefecture",
  emirate: "Emirate",
  district: "District",
  area: "Area",
  do_si: "Province",
};
const CITY_NAMES: Record<string, string> = { city: "City", post_town: "Town or city", district: "District", suburb: "Suburb" };
/** Where English speakers write 'postcode' (Google's data says only 'postal'). */
const POSTCODE_COUNTRIES = new Set(["GB", "GG", "JE", "IM", "AU", "NZ"]);

/** 'Zip Code' → 'Zip code is required'. */
function requiredMessage(label: string): string {
  return `${label.charAt(0)}${label
    .slice(1)
    .toLowerCase()
    .replace(/\bpin\b/, "PIN")} is required`;
}

function field(label: string, required: boolean): AddressField {
  return { label, required, requiredMessage: requiredMessage(label) };
}

/** The SPEC's form: every field, all required. */
const SPEC_FORMAT: AddressFormat = {
  city: field("City", true),
  state: field("State", true),
  postcode: { ...field("Zip Code", true), pattern: null, example: null, invalidMessage: "" },
};

const cache = new Map<string, AddressFormat>();

/** The address format of a country (an ISO 3166-1 alpha-2 code); the SPEC's for none or an unknown code. */
export function addressFormat(country: string | null | undefined): AddressFormat {
  const code = (country ?? "").toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return SPEC_FORMAT;
  let format = cache.get(code);
  if (format) return format;
  const [has = "C", required = "C", postcodeType = "", stateType = "", cityType = "", pattern = "", example = ""] = ADDRESS_FORMATS[code] ?? [];
  const postcodeLabel = POSTCODE_COUNTRIES.has(code) ? "Postcode" : (POSTCODE_NAMES[postcodeType] ?? "Postal code");
  format = {
    city: has.includes("C") ? field(CITY_NAMES[cityType] ?? "City", required.includes("C")) : null,
    state: has.includes("S") ? field(STATE_NAMES[stateType] ?? "Province", required.includes("S")) : null,
    postcode: has.includes("Z")
      ? {
          ...field(postcodeLabel, required.includes("Z")),
          pattern: pattern ? new RegExp(`^(?:${pattern})$`, "i") : null,
          example: example || null,
          invalidMessage: `Enter a valid ${postcodeLabel === "PIN code" ? "PIN code" : postcodeLabel.toLowerCase()}${example ? `, like ${example}` : ""}`,
        }
      : null,
  };
  cache.set(code, format);
  return format;
}

/** Countries whose addresses must have a city, a state or a postcode (for the API's document). */
export function countriesRequiring(part: keyof AddressFormat, codes: readonly string[]): string[] {
  return codes.filter((code) => addressFormat(code)[part]?.required);
}

/** An address on one line, as the shop shows it: the parts it has, the country by name ('1 Market St, Leeds, LS1 1AA, United Kingdom'). */
/** An address's parts as the shop keeps them (a billing address, the buyer as invoiced). */
export interface AddressParts {
  company_name?: string | null;
  street: string;
  street_2?: string | null;
  city: string;
  state: string;
  zip_code: string;
  country: string;
}

export function addressText(a: AddressParts): string {
  return [a.company_name, a.street, a.street_2, a.city, `${a.state} ${a.zip_code}`.trim(), countryName(a.country)]
    .filter((part): part is string => !!part && part.trim() !== "")
    .join(", ");
}
