import { describe, expect, it } from "vitest";
import { deliveryDaysBucket, medianOfHistogram, toPackageFigures } from "~/lib/rules/package-figures";
import { dayPromise, revisionDaysPromise, revisionsPromise } from "~/lib/rules/packages";

const DAY = 86_400_000;

describe("a package's measured figures", () => {
  it("takes the median of a day histogram: the middle order, the lower one for an even count", () => {
    expect(medianOfHistogram([])).toBeNull();
    expect(medianOfHistogram([{ days: 7, orders: 1 }])).toBe(7);
    expect(
      medianOfHistogram([
        { days: 9, orders: 1 },
        { days: 3, orders: 2 },
        { days: 5, orders: 2 },
      ]),
    ).toBe(5);
    expect(
      medianOfHistogram([
        { days: 2, orders: 2 },
        { days: 8, orders: 2 },
      ]),
    ).toBe(2);
    expect(medianOfHistogram([{ days: 4, orders: 0 }])).toBeNull();
  });

  it("counts whole days from work start to first delivery, at least one, longer ones in the last bucket", () => {
    expect(deliveryDaysBucket(0, 1)).toBe(1);
    expect(deliveryDaysBucket(0, 5 * DAY)).toBe(5);
    expect(deliveryDaysBucket(0, 5 * DAY + 1)).toBe(6);
    expect(deliveryDaysBucket(0, 400 * DAY)).toBe(60);
  });

  it("shows nothing below 5 completed orders, then the median, the on-time percent and revisions to one decimal", () => {
    const buckets = [
      { days: 4, orders: 3 },
      { days: 8, orders: 3 },
    ];
    expect(toPackageFigures({ completed: 4, onTime: 4, revisionsUsed: 0 }, buckets)).toBeNull();
    expect(toPackageFigures({ completed: 6, onTime: 3, revisionsUsed: 4 }, buckets)).toEqual({
      orders: 6,
      median_days: 4,
      on_time_percent: 50,
      average_revisions: 0.7,
    });
  });

  it("words a package's promises the same everywhere", () => {
    expect(dayPromise(10, "turnaround")).toBe("10-day turnaround");
    expect(dayPromise(7, "delivery")).toBe("7-day delivery");
    expect([revisionsPromise(0), revisionsPromise(1), revisionsPromise(3)]).toEqual(["No revisions", "1 Revision", "3 Revisions"]);
    expect([revisionDaysPromise(1), revisionDaysPromise(3)]).toEqual(["Each revision within 1 day", "Each revision within 3 days"]);
  });
});
