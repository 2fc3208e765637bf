import { describe, expect, it } from "vitest";
import { AddressSchema } from "~/domain/orders/address-schema.server";
import { normaliseTaxId, taxIdJsonSchemaRules, VAT_RULES } from "~/domain/money/tax-ids.server";
import { readTaxIdShape, taxIdMessage, VAT_COUNTRIES } from "~/lib/rules/tax-id";
import { AddressFormSchema } from "~/lib/schemas/address";

/** A well-formed number for each UK and EU country, check digits right (made up, not anyone's). */
const VALID: Record<string, string> = {
  AT: "ATU26060062",
  BE: "BE1006824861",
  BG: "BG628446224",
  CY: "CY10204648L",
  CZ: "CZ80866646",
  DE: "DE206600480",
  DK: "DK42226408",
  EE: "EE100448627",
  ES: "ESB82600644",
  FI: "FI66200224",
  FR: "FR26604020880",
  GB: "GB648068064",
  GR: "EL868842848",
  HR: "HR20088860488",
  HU: "HU64004648",
  IE: "IE6844640W",
  IT: "IT00406042002",
  LT: "LT100340517",
  LU: "LU40644066",
  LV: "LV44802284800",
  MT: "MT10284628",
  NL: "NL206002026B01",
  PL: "PL8242004000",
  PT: "PT884604080",
  RO: "RO68204662",
  SE: "SE862464022601",
  SI: "SI24044822",
  SK: "SK2028620484",
};

const ok = (value: string) => ({ ok: true, value });
const refused = { ok: false };

describe("normaliseTaxId: UK and EU VAT numbers", () => {
  it("covers the UK and the 27 EU members", () => {
    expect([...VAT_COUNTRIES].sort()).toEqual(Object.keys(VALID).sort());
    expect(VAT_COUNTRIES).toHaveLength(28);
    // The browser's list (without jsvat) and the server's rules name the same countries.
    expect(Object.keys(VAT_RULES).sort()).toEqual([...VAT_COUNTRIES].sort());
  });

  it.each(Object.entries(VALID))("%s: %s is valid and kept as it is", (country, number) => {
    expect(normaliseTaxId(country, number)).toEqual(ok(number));
  });

  it.each([
    ["GB", "GB648068064", "GB648068064"],
    ["GB", "648068064", "GB648068064"],
    ["GB", "gb 648 0680 64", "GB648068064"],
    ["GB", "GB648.068.064", "GB648068064"],
    ["DE", "206600480", "DE206600480"],
    ["DE", "de-206-600-480", "DE206600480"],
    ["FR", "fr 26 604020880", "FR26604020880"],
    ["IE", "ie6844640w", "IE6844640W"],
    ["NL", "206002026b01", "NL206002026B01"],
    ["NL", "NL 2060.02.026 B01", "NL206002026B01"],
    ["GR", "EL868842848", "EL868842848"],
    ["GR", "GR868842848", "EL868842848"],
    ["GR", "868842848", "EL868842848"],
    ["ES", "B82600644", "ESB82600644"],
    ["ES", "es b-82600644", "ESB82600644"],
    ["ES", "ES24681357B", "ES24681357B"],
    ["BE", "BE0417497106", "BE0417497106"],
  ])("%s: %j is stored as %s", (country, raw, stored) => {
    expect(normaliseTaxId(country, raw)).toEqual(ok(stored));
  });

  it.each([
    ["GB", "GB648068065", "a wrong check digit"],
    ["GB", "GB64806806", "a digit short"],
    ["GB", "DE206600480", "another country's number"],
    ["DE", "DE206600481", "a wrong check digit"],
    ["DE", "DE006600480", "a leading zero"],
    ["DE", "GB648068064", "another country's number"],
    ["FR", "FR26604020881", "a wrong key"],
    ["FR", "FRIO604020880", "letters France does not use in its keys"],
    ["IE", "IE6844640X", "a check letter out of range"],
    ["IE", "IE6844640V", "a wrong check letter"],
    ["NL", "NL206002026", "no B suffix"],
    ["NL", "NL206002027B01", "a wrong check digit"],
    ["GR", "EL868842849", "a wrong check digit"],
    ["GR", "EL86884284", "a digit short"],
    ["ES", "ESB82600645", "a wrong check digit"],
    ["ES", "ES24681357C", "a wrong check letter"],
    ["BE", "BE2006824861", "a Belgian number starting with 2"],
    ["DE", "DE 206/600/480", "slashes, which are not separators"],
    ["DE", "DE206600480!", "punctuation"],
  ])("%s: %s is refused (%s)", (country, raw) => {
    expect(normaliseTaxId(country, raw)).toEqual(refused);
  });

  it("names the country in its message", () => {
    expect(taxIdMessage("GB")).toBe("Tax ID is not a valid VAT number for United Kingdom");
    expect(taxIdMessage("DE")).toBe("Tax ID is not a valid VAT number for Germany");
    expect(taxIdMessage("GR")).toBe("Tax ID is not a valid VAT number for Greece");
    expect(taxIdMessage("NL")).toBe("Tax ID is not a valid VAT number for Netherlands");
  });
});

describe("normaliseTaxId: other countries", () => {
  it.each([
    ["US", "12-3456789", "123456789"],
    ["CH", "che-123.456.789 mwst", "CHE123456789MWST"],
    ["NO", "NO 123 456 789 MVA", "NO123456789MVA"],
    ["AU", "ab12", "AB12"],
    ["JP", "T1234567890123", "T1234567890123"],
    ["CA", "A".repeat(20), "A".repeat(20)],
  ])("%s: %j is stored as %s", (country, raw, stored) => {
    expect(normaliseTaxId(country, raw)).toEqual(ok(stored));
  });

  it.each([
    ["US", "123"],
    ["US", "1-2.3"],
    ["CA", "A".repeat(21)],
    ["US", "12#3456"],
    ["US", "12/3456"],
    ["JP", "１２３４５"],
    ["US", "...."],
  ])("%s: %j is refused", (country, raw) => {
    expect(normaliseTaxId(country, raw)).toEqual(refused);
  });

  it("says what a number must be", () => {
    expect(taxIdMessage("US")).toBe("Tax ID must be 4 to 20 letters and digits");
    expect(taxIdMessage("CH")).toBe("Tax ID must be 4 to 20 letters and digits");
  });
});

describe("the tax number's rules as the API's document gives them", () => {
  const rules = taxIdJsonSchemaRules() as { if: { properties: { country: { const?: string } } }; then: { properties: { tax_id: { pattern: string } } } }[];
  const patternFor = (country: string) => {
    const rule = rules.find((r) => r.if.properties.country.const === country) ?? rules.at(-1)!;
    return new RegExp(rule.then.properties.tax_id.pattern, "u");
  };

  it("has one rule per UK or EU country and one for the others", () => {
    expect(rules).toHaveLength(VAT_COUNTRIES.length + 1);
  });

  it.each(Object.entries(VALID))("%s: the pattern takes %s as the server does, however written", (country, number) => {
    const prefix = country === "GR" ? "EL" : country;
    const local = number.slice(prefix.length);
    const spaced = number.replace(/(.{3})/g, "$1 ").trim();
    for (const written of [number, local, number.toLowerCase(), spaced, `${prefix}-${local.split("").join(".")}`, ""]) {
      expect(patternFor(country).test(written), written).toBe(true);
      if (written) expect(normaliseTaxId(country, written), written).toEqual(ok(number));
    }
  });

  it.each([
    ["GB", "GB64806806"],
    ["DE", "DE0206600480"],
    ["FR", "FR266040208801"],
    ["IE", "IE6844640"],
    ["NL", "NL206002026"],
    ["GR", "EL86884284"],
    ["ES", "ES826006441"],
    ["AT", "AT26060062"],
    ["DE", "GB648068064"],
  ])("%s: the pattern refuses %s, as the server does", (country, written) => {
    expect(patternFor(country).test(written)).toBe(false);
    expect(normaliseTaxId(country, written)).toEqual(refused);
  });

  it("gives other countries the 4 to 20 rule", () => {
    const others = patternFor("US");
    expect(others.test("12-3456789")).toBe(true);
    expect(others.test("ABC")).toBe(false);
    expect(others.test("A".repeat(21))).toBe(false);
  });
});

describe("AddressSchema: company name and tax number", () => {
  const address = { street: "1 Market St", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB" };
  // A postcode the other countries' post offices accept, where the tests change the country.
  const POSTCODES: Record<string, string> = { DE: "10117", GR: "106 75", US: "95014" };
  const withCountry = (input: Record<string, unknown>) =>
    typeof input.country === "string" && POSTCODES[input.country.toUpperCase()] ? { zip_code: POSTCODES[input.country.toUpperCase()], ...input } : input;
  const errors = (input: Record<string, unknown>) => {
    const result = AddressSchema.safeParse({ ...address, ...withCountry(input) });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("keeps the company name trimmed and the tax number normalised", () => {
    const parsed = AddressSchema.parse({ ...address, company_name: "  Lovelace Analytics Ltd ", tax_id: " gb 648 068 064 " });
    expect(parsed).toMatchObject({ company_name: "Lovelace Analytics Ltd", tax_id: "GB648068064" });
  });

  it("reads the tax number against the country, whatever its case", () => {
    expect(AddressSchema.parse({ ...address, ...withCountry({ country: "de", tax_id: "206600480" }) }).tax_id).toBe("DE206600480");
    expect(AddressSchema.parse({ ...address, ...withCountry({ country: "us", tax_id: "12-3456789" }) }).tax_id).toBe("123456789");
  });

  it.each([{}, { company_name: "", tax_id: "" }, { company_name: "  ", tax_id: "   " }, { company_name: null, tax_id: null }])(
    "%j is no company and no tax number",
    (input) => {
      const parsed = AddressSchema.parse({ ...address, ...input });
      expect(parsed.company_name).toBeUndefined();
      expect(parsed.tax_id).toBeUndefined();
    },
  );

  it.each([
    [{ tax_id: "GB648068065" }, { tax_id: "Tax ID is not a valid VAT number for United Kingdom" }],
    [{ country: "GR", tax_id: "EL868842849" }, { tax_id: "Tax ID is not a valid VAT number for Greece" }],
    [{ country: "US", tax_id: "123" }, { tax_id: "Tax ID must be 4 to 20 letters and digits" }],
    [{ tax_id: "1".repeat(41) }, { tax_id: "Tax ID must be at most 40 characters" }],
    [{ company_name: "x".repeat(201) }, { company_name: "Company name must be at most 200 characters" }],
    [{ company_name: "Acme\u0000" }, { company_name: "Company name must not contain control characters" }],
    [{ tax_id: 123456789 }, { tax_id: "Expected string, received number" }],
    [{ country: "XX", tax_id: "GB648068065" }, { country: "Please choose a country from the list" }],
    [
      { street: "", tax_id: "GB648068065" },
      { street: "Street is required", tax_id: "Tax ID is not a valid VAT number for United Kingdom" },
    ],
  ])("%j → %j", (input, expected) => {
    expect(errors(input)).toEqual(expected);
  });
});

describe("the browser's form: a tax number's letters and digits, its check digits the server's", () => {
  const address = { street: "1 Market St", city: "Leeds", zip_code: "LS1 1AA", country: "GB" };
  const taxIdError = (tax_id: string, country = "GB") => {
    const result = AddressFormSchema.safeParse({ ...address, country, ...(country === "US" ? { state: "CA", zip_code: "95014" } : {}), tax_id });
    return result.success ? null : result.error.issues.find((issue) => issue.path[0] === "tax_id")?.message;
  };

  it("passes every number the server accepts", () => {
    for (const [country, number] of Object.entries(VALID)) expect(readTaxIdShape(country, number)).toEqual(ok(number));
  });

  it("leaves a wrong check digit to the server, which names it", () => {
    expect(taxIdError("GB648068065")).toBeNull();
    expect(AddressSchema.safeParse({ ...address, tax_id: "GB648068065" }).error?.issues[0]?.message).toBe(
      "Tax ID is not a valid VAT number for United Kingdom",
    );
  });

  it("refuses what is not letters and digits with the server's words", () => {
    expect(taxIdError("GB 648/068")).toBe("Tax ID is not a valid VAT number for United Kingdom");
    expect(taxIdError("12", "US")).toBe("Tax ID must be 4 to 20 letters and digits");
  });
});
