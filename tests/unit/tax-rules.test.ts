import { describe, expect, it } from "vitest";
import { consumerRateOf, decideTax, priceOrder, ratePercent, rateText, refundTaxPart, taxOn, type TaxRule } from "~/domain/money/tax-rules";

/** The seed's example for a UK-registered studio. */
const UK_STUDIO: TaxRule[] = [
  { country: "GB", customerKind: "any", rateBasisPoints: 2000, note: null },
  { country: "*", customerKind: "business", rateBasisPoints: 0, note: "Reverse charge: customer to account for VAT" },
  { country: "*", customerKind: "any", rateBasisPoints: 2000, note: null },
];

describe("decideTax: the most specific row applies", () => {
  it("a UK consumer and a UK business both pay the UK rate", () => {
    expect(decideTax(UK_STUDIO, { country: "GB" })).toEqual({ rateBasisPoints: 2000, country: "GB", note: null, countrySpecific: true, explanation: null });
    expect(decideTax(UK_STUDIO, { country: "gb", taxId: "GB123456789" })).toEqual({
      rateBasisPoints: 2000,
      country: "GB",
      note: null,
      countrySpecific: true,
      explanation: null,
    });
  });

  it("a business outside the UK with a tax id pays 0% with the reverse-charge note", () => {
    expect(decideTax(UK_STUDIO, { country: "DE", taxId: "DE123456789" })).toEqual({
      rateBasisPoints: 0,
      country: "DE",
      note: "Reverse charge: customer to account for VAT",
      countrySpecific: false,
      explanation: null,
    });
  });

  it("anyone else pays the fallback row's rate", () => {
    expect(decideTax(UK_STUDIO, { country: "US" })).toMatchObject({ rateBasisPoints: 2000, country: "US", countrySpecific: false });
    expect(decideTax(UK_STUDIO, { country: "DE", taxId: "" })).toMatchObject({ rateBasisPoints: 2000, note: null });
  });

  it("a country's own row beats a kind's wildcard row, and a kind's row beats the country's 'any'", () => {
    const rules: TaxRule[] = [
      ...UK_STUDIO,
      { country: "DE", customerKind: "any", rateBasisPoints: 1900, note: null },
      { country: "DE", customerKind: "business", rateBasisPoints: 700, note: "Reduced" },
      { country: "FR", customerKind: "consumer", rateBasisPoints: 2000, note: null },
    ];
    expect(decideTax(rules, { country: "DE" })).toMatchObject({ rateBasisPoints: 1900, countrySpecific: true });
    expect(decideTax(rules, { country: "DE", taxId: "DE1" })).toMatchObject({ rateBasisPoints: 700, note: "Reduced" });
    // A French business: no FR row for businesses, so the wildcard business row.
    expect(decideTax(rules, { country: "FR", taxId: "FR1" })).toMatchObject({ rateBasisPoints: 0, countrySpecific: false });
    expect(decideTax(rules, { country: "FR" })).toMatchObject({ rateBasisPoints: 2000, countrySpecific: true });
  });

  it("no row at all: no tax", () => {
    expect(decideTax([], { country: "GB" })).toEqual({ rateBasisPoints: 0, country: "GB", note: null, countrySpecific: false, explanation: null });
    expect(decideTax([{ country: "GB", customerKind: "business", rateBasisPoints: 2000, note: null }], { country: "GB" }).rateBasisPoints).toBe(0);
  });

  it("the price panel's rate counts a country's own row only", () => {
    expect(consumerRateOf(UK_STUDIO, "GB")).toBe(2000);
    expect(consumerRateOf(UK_STUDIO, "DE")).toBeNull();
    expect(consumerRateOf(UK_STUDIO, "US")).toBeNull();
  });
});

describe("rounding: once, half up, on the taxable total", () => {
  it("rounds half a minor unit up and anything less down", () => {
    expect(taxOn(99900, 2000)).toBe(19980);
    expect(taxOn(1, 5000)).toBe(1); // 0.5 → 1
    expect(taxOn(1, 4999)).toBe(0); // 0.4999 → 0
    expect(taxOn(333, 1950)).toBe(65); // 64.935 → 65
    expect(taxOn(10, 2250)).toBe(2); // 2.25 → 2
    expect(taxOn(30, 2500)).toBe(8); // 7.5 → 8
    expect(taxOn(0, 2000)).toBe(0);
  });

  it("charges exactly subtotal − discount + tax, the discount before tax", () => {
    const price = priceOrder(99900, 19980, { rateBasisPoints: 2000, country: "GB", note: null });
    expect(price).toEqual({
      subtotalMinor: 99900,
      discountMinor: 19980,
      taxMinor: 15984,
      totalMinor: 99900 - 19980 + 15984,
      rateBasisPoints: 2000,
      taxCountry: "GB",
      taxNote: null,
    });
    // A discount never exceeds the price, nor goes below zero.
    expect(priceOrder(1000, 5000, { rateBasisPoints: 2000, country: "GB", note: null })).toMatchObject({ discountMinor: 1000, taxMinor: 0, totalMinor: 0 });
    expect(priceOrder(1000, -5, { rateBasisPoints: 0, country: "DE", note: "x" })).toMatchObject({ discountMinor: 0, totalMinor: 1000, taxNote: "x" });
  });

  it("writes rates for the API and for people", () => {
    expect(rateText(2000)).toBe("20.00");
    expect(rateText(0)).toBe("0.00");
    expect(rateText(1950)).toBe("19.50");
    expect(ratePercent(2000)).toBe("20%");
    expect(ratePercent(1950)).toBe("19.5%");
    expect(ratePercent(725)).toBe("7.25%");
  });
});

describe("a refund's tax part", () => {
  const order = { totalMinor: 119880, taxMinor: 19980 };
  it("is half up of refund × tax ÷ total, and the refund that empties the order takes what remains", () => {
    const first = refundTaxPart(25000, order, { refundedMinor: 0, refundedTaxMinor: 0 });
    expect(first).toBe(Math.round((25000 * 19980) / 119880)); // 4166.67 → 4167
    const second = refundTaxPart(33333, order, { refundedMinor: 25000, refundedTaxMinor: first });
    expect(second).toBe(5556); // 5555.5 → 5556
    const last = refundTaxPart(119880 - 25000 - 33333, order, { refundedMinor: 25000 + 33333, refundedTaxMinor: first + second });
    expect(first + second + last).toBe(19980);
  });
  it("an untaxed order refunds no tax", () => {
    expect(refundTaxPart(500, { totalMinor: 1000, taxMinor: 0 }, { refundedMinor: 0, refundedTaxMinor: 0 })).toBe(0);
  });
  it("once all the tax has gone back (the VAT refunded alone when a VAT number verified), the rest is net", () => {
    const afterVat = { refundedMinor: 19980, refundedTaxMinor: 19980 };
    expect(refundTaxPart(50000, order, afterVat)).toBe(0);
    expect(refundTaxPart(119880 - 19980, order, afterVat)).toBe(0);
  });
});
