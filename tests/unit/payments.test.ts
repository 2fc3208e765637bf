import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { statusColour } from "~/components/ui/status-badge";
import { AddressSchema } from "~/domain/orders/address-schema.server";
import { orderStatusFor } from "~/domain/payments/gateway.server";
import { cardProblem, EXPIRED_MESSAGE, INCORRECT_NUMBER_MESSAGE } from "~/domain/payments/local-gateway.server";

const now = new Date(Date.UTC(2026, 10, 22));

describe("local gateway card checks", () => {
  it.each([
    [{ number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" }, null],
    [{ number: "4000-0000-0000-0002", expiry: "11 / 2026", cvc: "1234" }, null],
    [{ number: "4242424242424242", expiry: "1234", cvc: "123" }, null],
    [{ number: "4242424242424242", expiry: "122034", cvc: "123" }, null],
    [{ number: "4242424242424242", expiry: "123", cvc: "123" }, "Your card's expiration date is incomplete."],
    [{ number: "4242 4242 4242 4241", expiry: "12/34", cvc: "123" }, INCORRECT_NUMBER_MESSAGE],
    [{ number: "abcd", expiry: "12/34", cvc: "123" }, INCORRECT_NUMBER_MESSAGE],
    [{ number: "4242424242424242", expiry: "10/26", cvc: "123" }, EXPIRED_MESSAGE],
    [{ number: "4242424242424242", expiry: "13/30", cvc: "123" }, "Your card's expiration date is invalid."],
    [{ number: "4242424242424242", expiry: "", cvc: "123" }, "Your card's expiration date is incomplete."],
    [{ number: "4242424242424242", expiry: "12/30", cvc: "1" }, "Your card's security code is incomplete."],
  ])("%j → %s", (card, expected) => {
    expect(cardProblem(card, now)).toBe(expected);
  });
});

describe("order status from the provider's intent status", () => {
  it.each([
    [{ status: "succeeded", lastError: null }, "succeeded"],
    [{ status: "processing", lastError: null }, "pending"],
    [{ status: "requires_payment_method", lastError: null }, "initiated"],
    [{ status: "requires_payment_method", lastError: "Your card was declined." }, "failed"],
    [{ status: "requires_action", lastError: null }, "initiated"],
    [{ status: "canceled", lastError: null }, "canceled"],
  ] as const)("%j → %s", (intent, expected) => {
    expect(orderStatusFor(intent)).toBe(expected);
  });
});

describe("payment status colours (SPEC §4)", () => {
  it.each([
    ["initiated", "customer", "yellow"],
    ["initiated", "admin", "blue"],
    ["succeeded", "customer", "green"],
    ["completed", "admin", "green"],
    ["pending", "admin", "yellow"],
    ["failed", "admin", "red"],
    // Refunded is beyond the SPEC's statuses: its own colour, for both audiences.
    ["refunded", "admin", "violet"],
    ["refunded", "customer", "violet"],
    ["unknown", "admin", "grey"],
    [null, "customer", "grey"],
  ] as const)("%s for %s → %s", (status, audience, colour) => {
    expect(statusColour(status, audience)).toBe(colour);
  });
});

describe("AddressSchema", () => {
  it("upper-cases the country and reads the default checkbox", () => {
    expect(AddressSchema.parse({ street: " 1 A St ", city: "X", state: "Y", zip_code: "95014", country: "us", is_default: "on" })).toEqual({
      street: "1 A St",
      city: "X",
      state: "Y",
      zip_code: "95014",
      country: "US",
      is_default: true,
    });
  });

  it("keeps only the fields the country's addresses have (no state in the United Kingdom), the postcode upper case", () => {
    expect(AddressSchema.parse({ street: "1 A St", street_2: " Flat 2 ", city: "Leeds", state: "West Yorkshire", zip_code: "ls1 1aa", country: "GB" })).toEqual(
      {
        street: "1 A St",
        street_2: "Flat 2",
        city: "Leeds",
        state: "",
        zip_code: "LS1 1AA",
        country: "GB",
        is_default: false,
      },
    );
  });
});

describe("the address form's fields by country", () => {
  const issues = (input: Record<string, unknown>) => {
    const result = AddressSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("asks for every SPEC field, with its message, until a country is chosen", () => {
    expect(issues({})).toEqual({
      street: "Street is required",
      city: "City is required",
      state: "State is required",
      zip_code: "Zip code is required",
      country: "Country is required",
    });
  });

  it("says the same of an empty form, read as the browser and the server read forms (Conform)", () => {
    const form = new FormData();
    for (const name of ["street", "street_2", "city", "state", "zip_code", "country", "company_name", "tax_id"]) form.set(name, "");
    const submission = parseWithZod(form, { schema: AddressSchema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]])) : {}).toEqual({
      street: "Street is required",
      city: "City is required",
      state: "State is required",
      zip_code: "Zip code is required",
      country: "Country is required",
    });
  });

  it("names and requires what each country's post office does", () => {
    expect(issues({ street: "1 A St", country: "US" })).toEqual({ city: "City is required", state: "State is required", zip_code: "Zip code is required" });
    expect(issues({ street: "1 A St", country: "GB" })).toEqual({ city: "Town or city is required", zip_code: "Postcode is required" });
    expect(issues({ street: "1 A St", country: "DE" })).toEqual({ city: "City is required", zip_code: "Postal code is required" });
    expect(issues({ street: "1 A St", country: "IE", city: "Dublin" })).toEqual({});
    expect(issues({ street: "1 A St", country: "AE" })).toEqual({ state: "Emirate is required" });
  });

  it("refuses characters that would make an address print differently from how it was typed", () => {
    for (const hidden of ["\u202e", "\u2066", "\u2028"])
      expect(issues({ street: `1 A St${hidden}evil`, city: "Leeds", zip_code: "LS1 1AA", country: "GB" })).toEqual({
        street: "Street must not contain control characters",
      });
  });

  it("reads a postcode as the country writes it", () => {
    expect(issues({ street: "1 A St", city: "Leeds", zip_code: "12345", country: "GB" })).toEqual({ zip_code: "Enter a valid postcode, like EC1Y 8SY" });
    expect(issues({ street: "1 A St", city: "Cupertino", state: "CA", zip_code: "LS1 1AA", country: "US" })).toEqual({
      zip_code: "Enter a valid zip code, like 95014",
    });
    expect(issues({ street: "1 A St", city: "Cupertino", state: "CA", zip_code: "95014-1234", country: "US" })).toEqual({});
    expect(issues({ street: "1 A St", city: "Berlin", zip_code: "10117", country: "DE" })).toEqual({});
  });
});
