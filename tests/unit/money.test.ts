import { describe, expect, it } from "vitest";
import { CURRENCY_CODES, currencyExponent, currencySymbol, isCurrencyCode } from "~/lib/currency";
import { formatMoney } from "~/lib/money";
import { decimalToMinor, minorToDecimalString } from "~/lib/money-decimal";
import { packageName } from "~/lib/rules/packages";

describe("currency symbols, as the shop's locale (en-GB) writes them", () => {
  it.each([
    ["USD", "US$"],
    ["GBP", "£"],
    ["EUR", "€"],
    ["INR", "₹"],
    ["JPY", "JP¥"],
    ["usd", "US$"],
    ["XYZ", "XYZ"],
    ["", ""],
  ])("%s → %s", (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });

  it("offers each ISO 4217 code once, every one of them accepted and formatted with its own symbol", () => {
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect(CURRENCY_CODES).toEqual(expect.arrayContaining(["EUR", "GBP", "INR", "JPY", "USD"]));
    for (const code of CURRENCY_CODES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(isCurrencyCode(code), code).toBe(true);
      expect(formatMoney(100, code).startsWith(currencySymbol(code)), code).toBe(true);
    }
    expect(isCurrencyCode("GBP")).toBe(true);
    expect(isCurrencyCode("gbp")).toBe(false);
    expect(isCurrencyCode("toString")).toBe(false);
  });

  it("knows zero-decimal currencies", () => {
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("USD")).toBe(2);
  });
});

describe("money formatting: one formatter for every screen, email and PDF", () => {
  it.each([
    [49900, "USD", "US$499.00"],
    [189900, "GBP", "£1,899.00"],
    [120000, "EUR", "€1,200.00"],
    [14950, "GBP", "£149.50"],
    [5, "USD", "US$0.05"],
    [1500, "JPY", "JP¥1,500"],
    [65000, "AED", "AED\u00a0650.00"],
  ])("formatMoney(%i, %s) = %s", (minor, currency, expected) => {
    expect(formatMoney(minor, currency)).toBe(expected);
  });

  it.each([
    [49900, "USD", "499.00"],
    [5, "USD", "0.05"],
    [0, "EUR", "0.00"],
    [-250, "GBP", "-2.50"],
    [1500, "JPY", "1500"],
  ])("minorToDecimalString(%i, %s) = %s", (minor, currency, expected) => {
    expect(minorToDecimalString(minor, currency)).toBe(expected);
  });

  it.each([
    ["499", "USD", 49900],
    ["499.5", "USD", 49950],
    ["499.50", "USD", 49950],
    [" 0.01 ", "USD", 1],
    ["12.300", "USD", 1230],
    [19.99, "USD", 1999],
    ["1500", "JPY", 1500],
  ])("decimalToMinor(%s, %s) = %i", (value, currency, expected) => {
    expect(decimalToMinor(value, currency)).toBe(expected);
  });

  it.each(["", "abc", "-1", "1.234", "1e3", "1,000", "0x10", "1.5.5"])("decimalToMinor rejects %s", (value) => {
    expect(decimalToMinor(value, "USD")).toBeNull();
  });
});

describe("packages", () => {
  it("names packages by position", () => {
    expect([0, 1, 2, 3].map(packageName)).toEqual(["Basic", "Standard", "Premium", "Package 4"]);
  });
});
