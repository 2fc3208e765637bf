import { describe, expect, it } from "vitest";
import { awaitingBriefText, orderDatesText, startChoiceText, type OrderDates } from "~/lib/rules/work-dates";

const DAY = 86_400_000;
// Fri 27 Nov 2026, 10:00 UTC.
const NOW = Date.UTC(2026, 10, 27, 10);
const iso = (at: number) => new Date(at).toISOString();

const paid: OrderDates = {
  work_status: "awaiting_brief",
  paid_at: iso(NOW - DAY),
  start_work_now: true,
  starts_at: null,
  work_started_at: null,
  due_at: null,
  delivery_days: 7,
};

describe("an order's dates", () => {
  it("checkout states both choices: ticked, delivered 7 days after the brief; unticked, after the 14 days", () => {
    expect(startChoiceText(NOW, 7)).toBe(
      "Ticked: delivered by Fri 4 Dec if you send your brief today. Unticked: work starts Fri 11 Dec, delivered by Fri 18 Dec.",
    );
  });

  it("before the brief, work started at once: due its days after the brief", () => {
    expect(orderDatesText(paid, NOW)).toBe("Starts with your brief, due 7 days later (Fri 4 Dec if sent today)");
    expect(awaitingBriefText({ now: NOW, earliestStart: null, deliveryDays: 7 })).toBe(
      "Work starts as soon as you send your brief and is due 7 days later: by Fri 4 Dec if you send it today.",
    );
  });

  it("before the brief, a consumer who did not tick: work starts when the 14 days from payment end", () => {
    expect(orderDatesText({ ...paid, start_work_now: false }, NOW)).toBe("Starts Thu 10 Dec if your brief is in, due Thu 17 Dec");
    // Once the period is over, it starts with the brief.
    expect(orderDatesText({ ...paid, start_work_now: false }, NOW + 20 * DAY)).toBe("Starts with your brief, due 7 days later (Thu 24 Dec if sent today)");
  });

  it("scheduled, in production and in revision: the dates the studio holds to; none once delivered or before payment", () => {
    const startsAt = NOW + 13 * DAY;
    expect(orderDatesText({ ...paid, work_status: "scheduled", start_work_now: false, starts_at: iso(startsAt), due_at: iso(startsAt + 7 * DAY) }, NOW)).toBe(
      "Starts Thu 10 Dec, due Thu 17 Dec",
    );
    const working = { ...paid, work_status: "in_progress", work_started_at: iso(NOW), due_at: iso(NOW + 7 * DAY) };
    expect(orderDatesText(working, NOW)).toBe("Started Fri 27 Nov, due Fri 4 Dec");
    expect(orderDatesText({ ...working, work_status: "revision_requested", due_at: iso(NOW + 10 * DAY) }, NOW)).toBe("Started Fri 27 Nov, due Mon 7 Dec");
    for (const work_status of ["awaiting_payment", "delivered", "completed", "cancelled"]) expect(orderDatesText({ ...working, work_status }, NOW)).toBeNull();
  });
});
