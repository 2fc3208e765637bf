import { describe, expect, it } from "vitest";
import { answerWithin } from "~/lib/rules/offers";
import { OfferDeclineSchema, OfferSettingsSchema } from "~/lib/schemas/offers";

const HOUR = 3_600_000;

describe("offers' rules", () => {
  it("says the time left to answer in whole hours, never rounding up past what is left", () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(answerWithin(at(24 * HOUR - 1000), now)).toBe("23 hours");
    expect(answerWithin(at(2 * HOUR), now)).toBe("2 hours");
    expect(answerWithin(at(HOUR + 59_000), now)).toBe("1 hour");
    expect(answerWithin(at(59 * 60_000), now)).toBe("less than an hour");
    expect(answerWithin(at(-HOUR), now)).toBe("less than an hour");
  });

  it("takes a decline's reason as optional, trimmed, and refuses control characters and a long one", () => {
    expect(OfferDeclineSchema.parse({})).toEqual({ reason: null });
    expect(OfferDeclineSchema.parse({ reason: "  Booked  " })).toEqual({ reason: "Booked" });
    expect(OfferDeclineSchema.parse({ reason: "   " })).toEqual({ reason: null });
    expect(OfferDeclineSchema.safeParse({ reason: "x".repeat(501) }).success).toBe(false);
    expect(OfferDeclineSchema.safeParse({ reason: "bad\u0007bell" }).success).toBe(false);
  });

  it("takes the admins' settings as a window of 1 to 168 whole hours and a checkbox", () => {
    expect(OfferSettingsSchema.parse({ window_hours: "24", automatic: "on" })).toEqual({ window_hours: 24, automatic: true });
    expect(OfferSettingsSchema.parse({ window_hours: "48" })).toEqual({ window_hours: 48, automatic: false });
    for (const bad of ["0", "169", "1.5", "soon", ""]) expect(OfferSettingsSchema.safeParse({ window_hours: bad, automatic: "on" }).success, bad).toBe(false);
  });
});
