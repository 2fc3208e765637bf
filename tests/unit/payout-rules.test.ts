import { describe, expect, it } from "vitest";
import { earningOf, youEarn } from "~/lib/rules/payouts";

describe("creators' earnings", () => {
  it("are a share of the net amount, rounded half up once, never below nothing", () => {
    expect(earningOf(99_900, 7000)).toBe(69_930);
    expect(earningOf(1, 5000)).toBe(1); // 0.5 → 1
    expect(earningOf(3, 5000)).toBe(2); // 1.5 → 2
    expect(earningOf(14_999, 3333)).toBe(4999); // 4999.1667 → 4999
    expect(earningOf(0, 7000)).toBe(0);
    expect(earningOf(-100, 7000)).toBe(0);
    expect(earningOf(99_900, 10_000)).toBe(99_900);
  });

  it("are said in the currency's own way", () => {
    expect(youEarn({ amount_minor: 69_930, currency: "GBP" })).toBe("You earn £699.30");
    expect(youEarn({ amount_minor: 5000, currency: "JPY" })).toBe("You earn JP¥5,000");
  });
});
