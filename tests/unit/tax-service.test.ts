import { describe, expect, it } from "vitest";
import { percentToBasisPoints, taxAddressOf } from "~/domain/money/tax-service.server";

describe("Stripe Tax's figures as the shop keeps them", () => {
  it("a percentage string to basis points, half up; anything else 0", () => {
    expect(["20.0", "19", "8.875", "8.874", "0.0", "7.25", "100"].map(percentToBasisPoints)).toEqual([2000, 1900, 888, 887, 0, 725, 10000]);
    expect(["", "-5", "abc", "1e3", "20.5.1"].map(percentToBasisPoints)).toEqual([0, 0, 0, 0, 0]);
    expect(percentToBasisPoints(null)).toBe(0);
  });

  it("a billing address as Stripe reads it: a region only as a short code", () => {
    const base = { country: "US", company_name: null, tax_id: null, zip_code: "10001", city: "New York", street: "1 Main St" };
    expect(taxAddressOf({ ...base, state: " ny " })).toEqual({
      country: "US",
      company: null,
      taxId: null,
      postalCode: "10001",
      state: "NY",
      city: "New York",
      line1: "1 Main St",
    });
    expect(taxAddressOf({ ...base, state: "New York" }).state).toBeNull();
  });
});
