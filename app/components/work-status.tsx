import { WORK_STATUS_LABEL, type WorkStatus } from "~/lib/rules/work-status";

/** The steps a customer's order goes through after payment, for the step indicator. */
const STEPS = [
  { label: "Paid", reached: ["awaiting_brief", "scheduled", "in_progress", "delivered", "revision_requested", "completed"] },
  { label: "Brief", reached: ["scheduled", "in_progress", "delivered", "revision_requested", "completed"] },
  { label: "In production", reached: ["in_progress", "delivered", "revision_requested", "completed"] },
  { label: "Delivered", reached: ["delivered", "revision_requested", "completed"] },
  { label: "Completed", reached: ["completed"] },
] as const satisfies readonly { label: string; reached: readonly WorkStatus[] }[];

const TONE: Record<WorkStatus, string> = {
  awaiting_payment: "bg-slate-100 text-slate-800 ring-slate-300",
  awaiting_brief: "bg-amber-100 text-amber-900 ring-amber-300",
  scheduled: "bg-slate-100 text-slate-800 ring-slate-300",
  in_progress: "bg-sky-100 text-sky-900 ring-sky-300",
  delivered: "bg-violet-100 text-violet-900 ring-violet-300",
  revision_requested: "bg-amber-100 text-amber-900 ring-amber-300",
  completed: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  cancelled: "bg-red-100 text-red-900 ring-red-300",
};

export function WorkStatusBadge({ status }: { status: WorkStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONE[status]}`}>{WORK_STATUS_LABEL[status]}</span>
  );
}

/**
 * Where an order stands, as a row of steps; the current one is marked for assistive technology. Once
 * the customer has asked for changes, the production step names the revision round ('Revision 2')
 * and is where the order stands again until the studio redelivers.
 */
export function WorkSteps({ status, revisionsUsed = 0 }: { status: WorkStatus; revisionsUsed?: number }) {
  if (status === "cancelled" || status === "awaiting_payment") return null;
  const reworking = revisionsUsed > 0 && (status === "revision_requested" || status === "in_progress");
  const done = reworking ? 3 : STEPS.filter((s) => (s.reached as readonly WorkStatus[]).includes(status)).length;
  const steps = revisionsUsed > 0 && status !== "completed" ? STEPS.map((s, i) => (i === 2 ? { ...s, label: `Revision ${revisionsUsed}` } : s)) : STEPS;
  return (
    <ol aria-label="Order progress" className="grid grid-cols-5 gap-2 text-xs sm:text-sm">
      {steps.map((step, i) => {
        const reached = i < done;
        const current = i === done - 1;
        return (
          <li key={step.label} aria-current={current ? "step" : undefined} className="flex flex-col gap-1.5">
            <span aria-hidden="true" className={`h-1.5 rounded-full ${reached ? "bg-brand-600" : "bg-slate-200"}`} />
            <span className={reached ? "font-semibold text-slate-900" : "text-slate-500"}>
              {step.label}
              <span className="sr-only">{reached ? " (done)" : " (to come)"}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** "6 days left", "due today", "2 days overdue": how a due date reads next to the date itself. */
export function timeLeft(dueAt: string, now = Date.now()): string {
  const days = Math.ceil((Date.parse(dueAt) - now) / 86_400_000);
  if (days > 1) return `${days} days left`;
  if (days === 1) return "1 day left";
  if (days === 0) return "due today";
  return days === -1 ? "1 day overdue" : `${-days} days overdue`;
}
