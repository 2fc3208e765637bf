import { describe, expect, it } from "vitest";
import {
  discountFor,
  normalisePromoCode,
  PROMO_MESSAGES,
  redemptionProblem,
  promotionStatus,
  wrongCurrencyMessage,
  type PromotionTerms,
  type RedemptionFacts,
} from "~/domain/money/promotion-rules";
import { priceOrder } from "~/domain/money/tax-rules";
import { PromotionFormSchema, PromotionSchema } from "~/lib/schemas/promotion";

const NOW = Date.UTC(2026, 4, 1, 12);
const HOUR = 3_600_000;

const terms = (over: Partial<PromotionTerms> = {}): PromotionTerms => ({
  discount: { kind: "percent", percent: 20 },
  active: true,
  startsAt: null,
  endsAt: null,
  maxRedemptions: null,
  oncePerCustomer: false,
  firstOrderOnly: false,
  ...over,
});
const facts = (over: Partial<RedemptionFacts> = {}): RedemptionFacts => ({
  appliesToProduct: true,
  currency: "USD",
  redemptions: 0,
  customerUsedCode: false,
  customerHasPaidOrder: false,
  customerHasReservation: false,
  ...over,
});

describe("redemptionProblem: the reason a code is refused", () => {
  it("accepts a running code", () => {
    expect(redemptionProblem(terms(), facts(), NOW)).toBeNull();
  });

  it("expired: past its end (an ended code's end is the moment it was ended), even if switched off", () => {
    expect(redemptionProblem(terms({ endsAt: new Date(NOW) }), facts(), NOW)).toBe(PROMO_MESSAGES.expired);
    expect(redemptionProblem(terms({ endsAt: new Date(NOW - HOUR), active: false }), facts(), NOW)).toBe("This code has expired");
    expect(redemptionProblem(terms({ endsAt: new Date(NOW + HOUR) }), facts(), NOW)).toBeNull();
  });

  it("not active yet: before its start, or switched off without an end", () => {
    expect(redemptionProblem(terms({ startsAt: new Date(NOW + 1) }), facts(), NOW)).toBe("This code is not active yet");
    expect(redemptionProblem(terms({ active: false }), facts(), NOW)).toBe(PROMO_MESSAGES.notYet);
    expect(redemptionProblem(terms({ startsAt: new Date(NOW) }), facts(), NOW)).toBeNull();
  });

  it("does not apply to a service outside its list", () => {
    expect(redemptionProblem(terms(), facts({ appliesToProduct: false }), NOW)).toBe("This code does not apply to this service");
  });

  it("an amount-off code is for prices in its currency; a percent code fits any", () => {
    const gbp = terms({ discount: { kind: "amount", amountMinor: 1000, currency: "GBP" } });
    expect(redemptionProblem(gbp, facts({ currency: "USD" }), NOW)).toBe("This code is for prices in GBP");
    expect(wrongCurrencyMessage("EUR")).toBe("This code is for prices in EUR");
    expect(redemptionProblem(gbp, facts({ currency: "GBP" }), NOW)).toBeNull();
    expect(redemptionProblem(terms(), facts({ currency: "JPY" }), NOW)).toBeNull();
  });

  it("used up at its cap (reserved and final count)", () => {
    expect(redemptionProblem(terms({ maxRedemptions: 3 }), facts({ redemptions: 3 }), NOW)).toBe("This code has been used up");
    expect(redemptionProblem(terms({ maxRedemptions: 3 }), facts({ redemptions: 2 }), NOW)).toBeNull();
  });

  it("once per customer", () => {
    expect(redemptionProblem(terms({ oncePerCustomer: true }), facts({ customerUsedCode: true }), NOW)).toBe("You have already used this code");
    expect(redemptionProblem(terms(), facts({ customerUsedCode: true }), NOW)).toBeNull();
  });

  it("first order only: no paid order and no other reservation", () => {
    const first = terms({ firstOrderOnly: true });
    expect(redemptionProblem(first, facts({ customerHasPaidOrder: true }), NOW)).toBe("This code is for a customer's first order");
    expect(redemptionProblem(first, facts({ customerHasReservation: true }), NOW)).toBe(PROMO_MESSAGES.firstOrder);
    expect(redemptionProblem(first, facts(), NOW)).toBeNull();
  });

  it("dates come before scope, scope before limits", () => {
    expect(redemptionProblem(terms({ endsAt: new Date(NOW - 1), maxRedemptions: 1 }), facts({ appliesToProduct: false, redemptions: 5 }), NOW)).toBe(
      PROMO_MESSAGES.expired,
    );
    expect(redemptionProblem(terms({ maxRedemptions: 1 }), facts({ appliesToProduct: false, redemptions: 5 }), NOW)).toBe(PROMO_MESSAGES.notThisService);
  });
});

describe("discountFor", () => {
  it("a percentage rounds half up to a minor unit", () => {
    expect(discountFor({ kind: "percent", percent: 20 }, 49900)).toBe(9980);
    // 12.5 cents → 13; 12.4 → 12
    expect(discountFor({ kind: "percent", percent: 25 }, 50)).toBe(13);
    expect(discountFor({ kind: "percent", percent: 15 }, 83)).toBe(12);
    expect(discountFor({ kind: "percent", percent: 15 }, 90)).toBe(14);
    expect(discountFor({ kind: "percent", percent: 33 }, 1)).toBe(0);
    expect(discountFor({ kind: "percent", percent: 50 }, 1)).toBe(1);
    expect(discountFor({ kind: "percent", percent: 100 }, 49900)).toBe(49900);
  });

  it("an amount never exceeds the subtotal", () => {
    expect(discountFor({ kind: "amount", amountMinor: 1000, currency: "USD" }, 49900)).toBe(1000);
    expect(discountFor({ kind: "amount", amountMinor: 60000, currency: "USD" }, 49900)).toBe(49900);
  });

  it("the charge is subtotal − discount + tax on what remains", () => {
    const discount = discountFor({ kind: "percent", percent: 20 }, 49900);
    expect(priceOrder(49900, discount, { rateBasisPoints: 2000, country: "GB", note: null })).toMatchObject({
      subtotalMinor: 49900,
      discountMinor: 9980,
      taxMinor: 7984,
      totalMinor: 49900 - 9980 + 7984,
    });
  });
});

describe("codes and states", () => {
  it("codes are read in any case; anything that cannot be a code is none", () => {
    expect(normalisePromoCode(" launch20 ")).toBe("LAUNCH20");
    expect(normalisePromoCode("spring-10")).toBe("SPRING-10");
    for (const text of ["", "AB", "x".repeat(33), "LAUNCH 20", "LAUNCH_20", null, undefined]) expect(normalisePromoCode(text)).toBeNull();
  });

  it("the admin's status", () => {
    const base = { active: true, startsAt: null, endsAt: null, maxRedemptions: 3 };
    expect(promotionStatus(base, 2, NOW)).toBe("active");
    expect(promotionStatus(base, 3, NOW)).toBe("used_up");
    expect(promotionStatus({ ...base, active: false }, 0, NOW)).toBe("ended");
    expect(promotionStatus({ ...base, endsAt: new Date(NOW - 1) }, 0, NOW)).toBe("expired");
    expect(promotionStatus({ ...base, startsAt: new Date(NOW + 1) }, 0, NOW)).toBe("scheduled");
  });
});

describe("the admin's schemas", () => {
  it("the API takes percent_off 1–100 or amount_off with a currency, and upper-cases the code", () => {
    const ok = PromotionSchema.safeParse({ code: "spring-10", amount_off: "10.50", currency: "gbp", product_ids: [3, 1], max_redemptions: 5 });
    expect(ok.success && ok.data).toMatchObject({
      code: "SPRING-10",
      discount: { kind: "amount", amountMinor: 1050, currency: "GBP" },
      productIds: [3, 1],
      maxRedemptions: 5,
      active: true,
    });
    const all = PromotionSchema.safeParse({ code: "ALL-10", percent_off: 10, product_ids: [] });
    expect(all.success && all.data.productIds).toBeNull();
  });

  it.each([
    [{ code: "A", percent_off: 10 }, "code must be 3 to 32 letters, digits or dashes"],
    [{ code: "BAD CODE", percent_off: 10 }, "code must be 3 to 32 letters, digits or dashes"],
    [{ code: "OK-1", percent_off: 0 }, "percent_off must be a whole number from 1 to 100"],
    [{ code: "OK-1", percent_off: 101 }, "percent_off must be a whole number from 1 to 100"],
    [{ code: "OK-1", percent_off: 12.5 }, "percent_off must be a whole number from 1 to 100"],
    [{ code: "OK-1" }, "Give percent_off (1 to 100) or amount_off with a currency"],
    [{ code: "OK-1", percent_off: 10, amount_off: "5.00", currency: "USD" }, "Give percent_off or amount_off, not both"],
    [{ code: "OK-1", amount_off: "5.00" }, "currency must be an ISO 4217 code the shop takes, such as USD"],
    [{ code: "OK-1", amount_off: "0.00", currency: "USD" }, "amount_off must be more than 0"],
    [{ code: "OK-1", amount_off: "5.5", currency: "JPY" }, "amount_off must be an amount such as 10.00"],
    [{ code: "OK-1", percent_off: 10, starts_at: "2026-05-02T00:00:00Z", ends_at: "2026-05-01T00:00:00Z" }, "ends_at must be after starts_at"],
    [{ code: "OK-1", percent_off: 10, ends_at: "tomorrow" }, "ends_at must be a date and time such as 2026-05-01T00:00:00Z"],
    [{ code: "OK-1", percent_off: 10, max_redemptions: 0 }, "max_redemptions must be a whole number from 1 to 1,000,000"],
  ])("refuses %j: %s", (body, message) => {
    const parsed = PromotionSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });

  it("the screen's form reads UTC date-times and only the chosen kind of discount", () => {
    const parsed = PromotionFormSchema.safeParse({
      code: "may-day",
      discount_type: "percent",
      percent_off: "15",
      amount_off: "3.00",
      currency: "USD",
      scope: "some",
      product_ids: ["2", "5"],
      starts_at: "2026-05-01T09:30",
      once_per_customer: true,
    });
    expect(parsed.success && parsed.data).toMatchObject({
      code: "MAY-DAY",
      discount: { kind: "percent", percent: 15 },
      productIds: [2, 5],
      startsAt: new Date(Date.UTC(2026, 4, 1, 9, 30)),
      endsAt: null,
      oncePerCustomer: true,
    });
    const none = PromotionFormSchema.safeParse({ code: "NONE-1", discount_type: "percent", scope: "some" });
    expect(none.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual(
      expect.arrayContaining([
        ["product_ids", "Choose at least one service"],
        ["percent_off", "Give the percent off (1 to 100)"],
      ]),
    );
  });
});
