/**
 * When an order's work starts and is due, in the words checkout, the confirmation and the order page
 * use (the domain sets the same dates when the brief arrives: app/domain/orders/brief.server.ts).
 * Work starts with the brief; a consumer who did not ask for it to start at once waits until their
 * cancellation period ends. It is due its package's delivery days after it starts. `now` comes from
 * the server (the loader), so the page reads the same before and after it hydrates.
 */
import { CANCELLATION_DAYS } from "./cancellation-rules";

const DAY_MS = 86_400_000;

/** "Fri 4 Dec": a date as the promises name it (UTC, the day the studio counts in). */
export const promiseDate = (at: number | string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(at));

/** When work starts and is due for a brief sent at `briefAt`. */
export function workDates({ paidAt, briefAt, startNow, deliveryDays }: { paidAt: number; briefAt: number; startNow: boolean; deliveryDays: number }) {
  const start = startNow ? briefAt : Math.max(briefAt, paidAt + CANCELLATION_DAYS * DAY_MS);
  return { start, due: start + deliveryDays * DAY_MS };
}

/** Beside checkout's 'Start work now' (a consumer): what each choice gives, if they pay and send the brief today. */
export function startChoiceText(now: number, deliveryDays: number): string {
  const ticked = workDates({ paidAt: now, briefAt: now, startNow: true, deliveryDays });
  const unticked = workDates({ paidAt: now, briefAt: now, startNow: false, deliveryDays });
  return `Ticked: delivered by ${promiseDate(ticked.due)} if you send your brief today. Unticked: work starts ${promiseDate(unticked.start)}, delivered by ${promiseDate(unticked.due)}.`;
}

/** Why a consumer anywhere may cancel, in their terms. */
export const CANCELLATION_RIGHT_TEXT = `As a consumer you may cancel within ${CANCELLATION_DAYS} days of paying, wherever you live: the shop gives every consumer the right UK and EU law gives people who buy a service online.`;

/** Checkout's words for a business buyer, who has no such period. */
export function businessStartText(now: number, deliveryDays: number): string {
  const dates = workDates({ paidAt: now, briefAt: now, startNow: true, deliveryDays });
  return `You are buying as a business (a company name and a VAT or tax number), so there is no ${CANCELLATION_DAYS}-day cancellation period: work starts as soon as your brief is in, delivered by ${promiseDate(dates.due)} if you send it today.`;
}

/**
 * An order waiting for its brief: when work will start and be due (the confirmation and the order
 * page). `earliestStart`: when the buyer's cancellation period ends, for a consumer who did not ask
 * for work to start at once; null when it starts with the brief.
 */
export function awaitingBriefText({ now, earliestStart, deliveryDays }: { now: number; earliestStart: number | null; deliveryDays: number }): string {
  if (earliestStart === null || earliestStart <= now) {
    return `Work starts as soon as you send your brief and is due ${deliveryDays} days later: by ${promiseDate(now + deliveryDays * DAY_MS)} if you send it today.`;
  }
  return `Work starts on ${promiseDate(earliestStart)}, when your ${CANCELLATION_DAYS}-day cancellation period ends, and is due ${promiseDate(earliestStart + deliveryDays * DAY_MS)}, if your brief is in by then.`;
}

/** When a consumer who paid at `paidAt` without asking for work to start at once may have it start. */
export const cancellationPeriodEnd = (paidAt: number) => paidAt + CANCELLATION_DAYS * DAY_MS;

/** What an order's dates depend on (the order's view carries each). */
export interface OrderDates {
  work_status: string;
  paid_at: string | null;
  start_work_now: boolean;
  starts_at: string | null;
  work_started_at: string | null;
  due_at: string | null;
  delivery_days: number;
}

/**
 * An order's start and due dates in one line, as they stand at `now` (My Orders): before the brief,
 * what sending it gives; then the dates the studio holds to. Null where no date is promised any more
 * (delivered, completed, cancelled) or none yet (not paid).
 */
export function orderDatesText(order: OrderDates, now: number): string | null {
  const days = order.delivery_days * DAY_MS;
  switch (order.work_status) {
    case "awaiting_brief": {
      const earliest = !order.start_work_now && order.paid_at ? cancellationPeriodEnd(Date.parse(order.paid_at)) : null;
      if (earliest !== null && earliest > now) return `Starts ${promiseDate(earliest)} if your brief is in, due ${promiseDate(earliest + days)}`;
      return `Starts with your brief, due ${order.delivery_days} days later (${promiseDate(now + days)} if sent today)`;
    }
    case "scheduled":
      return order.starts_at ? `Starts ${promiseDate(order.starts_at)}, due ${promiseDate(order.due_at ?? Date.parse(order.starts_at) + days)}` : null;
    case "in_progress":
    case "revision_requested":
      if (!order.due_at) return null;
      return order.work_started_at ? `Started ${promiseDate(order.work_started_at)}, due ${promiseDate(order.due_at)}` : `Due ${promiseDate(order.due_at)}`;
    default:
      return null;
  }
}
