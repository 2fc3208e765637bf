/**
 * A package made in stages (script, storyboard, styleframes, animatic, final): each stage a share of
 * the price, its days after the previous stage's approval, and its own revision rounds. A package
 * with no stages is made in one piece, as the shop always did (one stage, "Final"). Isomorphic: the
 * admin form's limits and hints, checkout's estimate and the services that keep the rule read it.
 */

/** One stage of a package, as the admin writes it and the API shows it. */
export interface PackageStage {
  name: string;
  /** Whole percent of the package's price; a package's stages sum to 100. */
  share: number;
  /** Days after the previous stage's approval (the first: after the start of work). */
  days: number;
  /** Revision rounds of this stage. */
  revisions: number;
}
export type PackageStageField = Exclude<keyof PackageStage, "name">;

/** A staged package has at least two stages (one is the unstaged package) and at most eight. */
export const MIN_STAGES = 2;
export const MAX_STAGES = 8;
export const STAGE_NAME_MAX = 40;

export const STAGE_LIMITS: Record<PackageStageField, { label: string; min: number; max: number }> = {
  share: { label: "Share", min: 1, max: 99 },
  days: { label: "Days", min: 1, max: 120 },
  revisions: { label: "Revisions", min: 0, max: 10 },
};

export const STAGE_MESSAGES = {
  tooFew: `A package in stages has at least ${MIN_STAGES} stages (remove the last one to deliver in one piece)`,
  tooMany: `At most ${MAX_STAGES} stages`,
  nameRequired: "Stage name is required",
  nameTooLong: `Stage name must be at most ${STAGE_NAME_MAX} characters`,
  sharesSum: (sum: number) => `The stages' shares must add up to 100% (they add up to ${sum}%)`,
  namesDistinct: "Each stage needs a name of its own",
} as const;

/** The name of the one stage of a package made in one piece. */
export const SINGLE_STAGE_NAME = "Final";

/** What a new stage on the admin form starts with. */
export const NEW_STAGE: PackageStage = { name: "", share: 20, days: 3, revisions: 1 };

/** Script 10%, Storyboard 20%, Styleframes 20%, Animatic 20%, Final 30%: how 3D animation is usually bought. */
export const ANIMATION_STAGES: readonly PackageStage[] = [
  { name: "Script", share: 10, days: 2, revisions: 1 },
  { name: "Storyboard", share: 20, days: 3, revisions: 1 },
  { name: "Styleframes", share: 20, days: 3, revisions: 1 },
  { name: "Animatic", share: 20, days: 4, revisions: 1 },
  { name: "Final", share: 30, days: 5, revisions: 2 },
];

/** A staged package's promise: its days are the sum of its stages' days. */
export function stagesDays(stages: readonly PackageStage[]): number {
  return stages.reduce((sum, stage) => sum + stage.days, 0);
}

/** Its revisions: the sum of the stages' rounds (each stage keeps its own). */
export function stagesRevisions(stages: readonly PackageStage[]): number {
  return stages.reduce((sum, stage) => sum + stage.revisions, 0);
}

/**
 * Splits `totalMinor` (minor units) by the stages' shares: each stage its share rounded down, the last
 * stage the remainder, so the parts always add up to the whole, to the cent.
 */
export function stageAmounts(totalMinor: number, shares: readonly number[]): number[] {
  if (shares.length === 0) return [];
  const parts = shares.map((share) => Math.floor((totalMinor * share) / 100));
  const allButLast = parts.slice(0, -1).reduce((sum, part) => sum + part, 0);
  parts[parts.length - 1] = totalMinor - allButLast;
  return parts;
}

/** "5 stages", "2 stages". */
export function stagesPromise(count: number): string {
  return `In ${count} stages, each approved before the next`;
}

/** "1 revision per stage", "1–2 revisions per stage". */
export function stageRevisionsPromise(stages: readonly PackageStage[]): string {
  const rounds = stages.map((stage) => stage.revisions);
  const low = Math.min(...rounds);
  const high = Math.max(...rounds);
  if (high === 0) return "No revisions";
  const range = low === high ? `${low}` : `${low}–${high}`;
  return `${range} ${high === 1 ? "revision" : "revisions"} per stage`;
}

/** Where a stage of an order stands. */
export type StageState = "waiting" | "in_progress" | "delivered" | "changes_asked" | "approved" | "stopped";

export const STAGE_STATE_LABEL: Record<StageState, string> = {
  waiting: "Waiting",
  in_progress: "In progress",
  delivered: "Delivered",
  changes_asked: "Changes asked",
  approved: "Approved and locked",
  stopped: "Not made: stopped before it",
};

/**
 * Each stage's state from the order's: the stages before the one in hand are approved (locked), those
 * after it wait, and the one in hand follows the work (in production, delivered, changes asked;
 * approved once the order completes; waiting before work starts or once it is cancelled).
 */
export function stageStates(count: number, current: number, workStatus: string): StageState[] {
  const inHand: StageState =
    workStatus === "in_progress"
      ? "in_progress"
      : workStatus === "delivered"
        ? "delivered"
        : workStatus === "revision_requested"
          ? "changes_asked"
          : workStatus === "completed"
            ? "approved"
            : "waiting";
  return Array.from({ length: count }, (_, index) => (index < current ? "approved" : index > current ? "waiting" : inHand));
}

/**
 * When an order in stages should be finished if every stage is approved the day it is delivered: the
 * stage in hand's due date plus the days of the stages after it (an estimate; each stage's clock
 * starts at the approval of the one before).
 */
export function estimatedFinish(stages: readonly PackageStage[], current: number, dueAt: number): number {
  return dueAt + stagesDays(stages.slice(current + 1)) * 86_400_000;
}
