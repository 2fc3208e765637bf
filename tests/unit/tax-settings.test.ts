import { describe, expect, it } from "vitest";
import type { TaxRule } from "~/domain/money/tax-rules";
import { taxEffects } from "~/domain/money/tax-settings.server";
import { ShopSettingsSchema } from "~/domain/money/tax-settings.server";
import { percentToBasisPoints, TaxRuleSchema } from "~/lib/schemas/tax-settings";

const UK_STUDIO: TaxRule[] = [
  { country: "GB", customerKind: "any", rateBasisPoints: 2000, note: null },
  { country: "*", customerKind: "business", rateBasisPoints: 0, note: "Reverse charge: customer to account for VAT" },
  { country: "*", customerKind: "any", rateBasisPoints: 2000, note: null },
];

describe("percentToBasisPoints", () => {
  it.each([
    ["0", 0],
    ["20", 2000],
    ["19.5", 1950],
    ["7.25", 725],
    ["100", 10_000],
    ["100.00", 10_000],
    [" 15 % ", 1500],
    ["007", 700],
  ])("%j is %i basis points", (text, basisPoints) => expect(percentToBasisPoints(text)).toBe(basisPoints));

  it.each(["", "-1", "100.01", "101", "19.555", "1e2", "20,5", ".5", "5.", "twenty", "0x10", "1000"])("%j is not a rate", (text) =>
    expect(percentToBasisPoints(text)).toBeNull(),
  );
});

describe("the forms' schemas", () => {
  it("a rule: country in any case or *, the rate in basis points, an empty note is none", () => {
    expect(TaxRuleSchema.parse({ country: "de", customer_kind: "business", rate: "19", note: "" })).toEqual({
      country: "DE",
      customer_kind: "business",
      rate: 1900,
      note: null,
      explanation: null,
    });
    expect(TaxRuleSchema.safeParse({ country: "*", customer_kind: "any", rate: "0" }).success).toBe(true);
  });

  it("the seller's VAT number is read against the studio's country and kept normalised", () => {
    const settings = { seller_name: "Studio", seller_address: "1 Canal Street", studio_country: "gb", tax_name: "VAT" };
    expect(ShopSettingsSchema.parse({ ...settings, seller_tax_id: "gb 246 813 551" })).toMatchObject({ studio_country: "GB", seller_tax_id: "GB246813551" });
    expect(ShopSettingsSchema.parse(settings).seller_tax_id).toBeNull();
    const refused = ShopSettingsSchema.safeParse({ ...settings, seller_tax_id: "GB123456789" });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ["seller_tax_id"], message: "Tax ID is not a valid VAT number for United Kingdom" }),
    ]);
  });
});

describe("taxEffects: what buyers pay with the rules as they stand", () => {
  it("the studio's country first, then each country with rules of its own, then any other country", () => {
    const rules: TaxRule[] = [...UK_STUDIO, { country: "DE", customerKind: "consumer", rateBasisPoints: 1900, note: null }];
    const effects = taxEffects(rules, "GB");
    expect(effects.map((e) => e.country)).toEqual(["GB", "DE", null]);
    expect(effects.map((e) => [e.consumer.rateBasisPoints, e.consumer.source, e.business.rateBasisPoints, e.business.source])).toEqual([
      [2000, "own", 2000, "own"],
      [1900, "own", 0, "fallback"],
      [2000, "fallback", 0, "fallback"],
    ]);
    expect(effects[2]!.business.note).toBe("Reverse charge: customer to account for VAT");
  });

  it("with no rule that fits, no tax", () => {
    const [own, elsewhere] = taxEffects([{ country: "GB", customerKind: "business", rateBasisPoints: 2000, note: null }], "GB");
    expect(own!.consumer).toMatchObject({ rateBasisPoints: 0, source: "none" });
    expect(own!.business).toMatchObject({ rateBasisPoints: 2000, source: "own" });
    expect(elsewhere!.consumer.source).toBe("none");
    expect(elsewhere!.business.source).toBe("none");
  });
});
