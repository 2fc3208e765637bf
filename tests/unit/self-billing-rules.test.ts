import { describe, expect, it } from "vitest";
import { decideSelfBillingTax, selfBilledNumber, supplierKindOf, taxWithin, type SelfBillingRule } from "~/lib/rules/self-billing";
import { monthAfter, monthOf } from "~/lib/rules/statements";
import { EXAMPLE_SELF_BILLING_RULES } from "../../db/seed/demo-self-billing";

describe("self-billing's rules", () => {
  it("reads a creator's kind as a supplier from their tax details", () => {
    expect(supplierKindOf({ entity: "individual", vat_number: "GB246813551" })).toBe("registered");
    expect(supplierKindOf({ entity: "company", vat_number: "SE556012070001" })).toBe("registered");
    expect(supplierKindOf({ entity: "company", vat_number: null })).toBe("business");
    expect(supplierKindOf({ entity: "individual", vat_number: null })).toBe("individual");
  });

  it("takes the creator's country's rule for their kind, else any other country's, else no tax", () => {
    const rules = EXAMPLE_SELF_BILLING_RULES;
    expect(decideSelfBillingTax(rules, { country: "gb", kind: "registered" })).toEqual({
      rateBasisPoints: 2000,
      note: "The VAT shown is your output tax due to HMRC.",
      ruled: true,
    });
    expect(decideSelfBillingTax(rules, { country: "SE", kind: "registered" })).toMatchObject({
      rateBasisPoints: 0,
      note: expect.stringMatching(/^Reverse charge/),
    });
    expect(decideSelfBillingTax(rules, { country: "GB", kind: "individual" })).toMatchObject({ rateBasisPoints: 0, note: expect.stringMatching(/^No VAT/) });
    const only: SelfBillingRule[] = [{ country: "GB", supplierKind: "registered", rateBasisPoints: 2000, note: null }];
    expect(decideSelfBillingTax(only, { country: "FR", kind: "registered" })).toEqual({ rateBasisPoints: 0, note: null, ruled: false });
  });

  it("finds the tax within a tax-inclusive total, half away from zero, credits negative", () => {
    expect(taxWithin(12_000, 2000)).toBe(2000);
    expect(taxWithin(10_000, 2500)).toBe(2000);
    expect(taxWithin(1, 2000)).toBe(0);
    expect(taxWithin(3, 2000)).toBe(1); // 0.5 → 1
    expect(taxWithin(75_250, 2000)).toBe(12_542); // 12541.67
    expect(taxWithin(-75_250, 2000)).toBe(-12_542);
    expect(taxWithin(75_250, 0)).toBe(0);
    for (let total = 0; total < 5000; total += 7) {
      const tax = taxWithin(total, 2000);
      expect(Math.abs(tax - (total * 2000) / 12_000)).toBeLessThanOrEqual(0.5);
    }
  });

  it("numbers each creator's invoices in their own sequence", () => {
    expect(selfBilledNumber({ creator_id: 12, number: 3 })).toBe("SB-12-0003");
    expect(selfBilledNumber({ creator_id: 1, number: 12_345 })).toBe("SB-1-12345");
  });

  it("steps months across years", () => {
    expect(monthAfter("2026-12")).toBe("2027-01");
    expect(monthAfter("2026-01", -1)).toBe("2025-12");
    expect(monthAfter("2026-11", 2)).toBe("2027-01");
    expect(monthOf(Date.UTC(2026, 11, 31, 23, 59))).toBe("2026-12");
  });
});
