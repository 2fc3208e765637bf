import { STAGE_STATE_LABEL, type StageState } from "~/lib/rules/stages";

export interface StageStep {
  n: number;
  name: string;
  share: number;
  state: StageState;
  due_at: string | null;
  approved_at: string | null;
  days: number;
  revisions: number;
  revisions_used: number;
  decisions: { decision: "approve" | "request_changes"; by: "customer" | "shop" | "guest"; name: string | null; created_at: string }[];
  sign_offs: { decision: "approve" | "withdraw" | "no_response"; by: "customer" | "guest"; name: string | null; version: number; created_at: string }[];
}

const timeFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

/** A stage's decisions and sign-offs as one history, oldest first: who did what, and when. */
export function stageHistory(stage: Pick<StageStep, "decisions" | "sign_offs">): { at: string; text: string }[] {
  const who = (by: string, name: string | null) =>
    by === "customer" ? "Customer" : by === "shop" ? "Shop" : name === "An approver" ? name : `${name ?? "Former guest"} (approver)`;
  const moves = stage.decisions.map((d) => ({
    at: d.created_at,
    text:
      d.decision === "request_changes"
        ? `${who(d.by, d.name)} asked for changes`
        : d.by === "shop"
          ? "Approved automatically: no answer in time"
          : `${who(d.by, d.name)} approved: locked`,
  }));
  const signs = stage.sign_offs.map((s) => ({
    at: s.created_at,
    text:
      s.decision === "approve"
        ? `${who(s.by, s.name)} approved v${s.version}`
        : s.decision === "withdraw"
          ? `${who(s.by, s.name)} withdrew their approval of v${s.version}`
          : `${who(s.by, s.name)} did not answer on v${s.version}`,
  }));
  return [...signs, ...moves].sort((a, b) => a.at.localeCompare(b.at));
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

const STATE_STYLE: Record<StageState, string> = {
  waiting: "bg-slate-100 text-slate-700",
  in_progress: "bg-sky-100 text-sky-900",
  delivered: "bg-amber-100 text-amber-900",
  changes_asked: "bg-orange-100 text-orange-900",
  approved: "bg-emerald-100 text-emerald-900",
  stopped: "bg-slate-100 text-slate-600",
};

/**
 * An order made in stages, as steps: each stage's name, share of the price and state (waiting, in
 * progress, delivered, changes asked, approved and locked), the stage in hand's due date, each
 * approval's date and who made it, and when the whole should be done if each stage is approved as it
 * is delivered. `showShares`: the buyer and the studio see what each stage costs; nothing here is personal.
 */
export function StageSteps({ stages, estimatedFinish, showShares = true }: { stages: StageStep[]; estimatedFinish: string | null; showShares?: boolean }) {
  if (stages.length === 0) return null;
  return (
    <section aria-labelledby="stages-title" className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="stages-title" className="text-lg font-semibold">
          Stages
        </h2>
        {estimatedFinish ? (
          <p className="text-sm text-slate-600" data-testid="estimated-finish">
            Estimated finish: {dateFormat.format(new Date(estimatedFinish))}, if each stage is approved the day it is delivered
          </p>
        ) : null}
      </div>
      <ol className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-5" aria-label="Stages">
        {stages.map((stage) => {
          const inHand = stage.state === "in_progress" || stage.state === "delivered" || stage.state === "changes_asked";
          const approval = stage.decisions.find((d) => d.decision === "approve");
          return (
            <li
              key={stage.n}
              aria-current={inHand ? "step" : undefined}
              className={`flex flex-col gap-1 rounded-xl border p-3 text-sm ${inHand ? "border-brand-500 ring-1 ring-brand-200" : "border-slate-200"}`}
            >
              <span className="font-semibold text-slate-900">
                {stage.n}. {stage.name}
                {showShares ? <span className="font-normal text-slate-500"> · {stage.share}%</span> : null}
              </span>
              <span className={`w-fit rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLE[stage.state]}`}>{STAGE_STATE_LABEL[stage.state]}</span>
              {stage.due_at && inHand ? <span className="text-slate-600">Due {dateFormat.format(new Date(stage.due_at))}</span> : null}
              {approval ? (
                <span className="text-slate-600">
                  Approved {dateFormat.format(new Date(approval.created_at))}
                  {approval.by === "shop" ? " (no answer: approved automatically)" : ""}
                </span>
              ) : null}
              {stage.state === "waiting" ? (
                <span className="text-slate-600">
                  {stage.days} {stage.days === 1 ? "day" : "days"} once the stage before is approved
                </span>
              ) : null}
              {stage.state !== "approved" && stage.state !== "stopped" ? (
                <span className="text-slate-500">
                  Revisions: {stage.revisions_used} of {stage.revisions} used
                </span>
              ) : null}
              {stage.decisions.length + stage.sign_offs.length ? (
                <details className="text-slate-600">
                  <summary className="cursor-pointer text-xs font-semibold text-slate-700">History</summary>
                  <ol className="mt-1 space-y-0.5 text-xs" aria-label={`${stage.name}: history`}>
                    {stageHistory(stage).map((line, i) => (
                      <li key={i}>
                        <time dateTime={line.at}>{timeFormat.format(new Date(line.at))}</time>: {line.text}
                      </li>
                    ))}
                  </ol>
                </details>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
