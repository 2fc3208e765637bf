const PACKAGE_NAMES = ["Basic", "Standard", "Premium"] as const;

/** Packages are named by position (SPEC §1): first Basic, second Standard, third Premium. */
export function packageName(position: number): string {
  return PACKAGE_NAMES[position] ?? `Package ${position + 1}`;
}

/** What a package promises, copied onto every order bought with it. */
export interface PackagePromises {
  delivery_days: number;
  revisions: number;
  revision_days: number;
}
export type PackagePromiseField = keyof PackagePromises;

/** A package's promises when none are given (the API may leave them out). */
export const PACKAGE_PROMISE_DEFAULTS: PackagePromises = { delivery_days: 7, revisions: 2, revision_days: 3 };

/** What a new package on the admin form starts with, by position (Basic, Standard, Premium). */
export const PACKAGE_PROMISES_BY_POSITION: readonly PackagePromises[] = [
  { delivery_days: 10, revisions: 1, revision_days: 3 },
  { delivery_days: 7, revisions: 2, revision_days: 3 },
  { delivery_days: 5, revisions: 3, revision_days: 2 },
];

export const PACKAGE_PROMISE_LIMITS: Record<PackagePromiseField, { label: string; min: number; max: number }> = {
  delivery_days: { label: "Delivery days", min: 1, max: 365 },
  revisions: { label: "Revisions", min: 0, max: 20 },
  revision_days: { label: "Revision days", min: 1, max: 60 },
};

/** '10-day turnaround' (product page), '10-day delivery' (checkout). */
export function dayPromise(days: number, noun: "turnaround" | "delivery"): string {
  return `${days}-day ${noun}`;
}

/** '1 Revision', '3 Revisions', 'No revisions'. */
export function revisionsPromise(revisions: number): string {
  if (revisions === 0) return "No revisions";
  return `${revisions} ${revisions === 1 ? "Revision" : "Revisions"}`;
}

/** 'Each revision within 3 days'. */
export function revisionDaysPromise(days: number): string {
  return `Each revision within ${days} ${days === 1 ? "day" : "days"}`;
}
