/**
 * What creators earn (app/domain/payouts/), in numbers the screens show as well as the server
 * applies. Isomorphic.
 */
import { formatMoney } from "../money";

/** The movements of the creators' ledger (ADR 038). */
export const LEDGER_KINDS = ["earning", "release", "transfer", "reversal", "clawback", "adjustment"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Each movement as the creator reads it on /studio/payouts, and as the admins read it on an order. */
export const LEDGER_KIND_LABELS: Record<"creator" | "admin", Record<LedgerKind, string>> = {
  creator: {
    earning: "Earning",
    release: "Released",
    transfer: "Paid to you",
    reversal: "Transfer reversed",
    clawback: "Taken back (refund)",
    adjustment: "Adjustment",
  },
  admin: {
    earning: "Earning",
    release: "Released",
    transfer: "Transfer",
    reversal: "Transfer reversed",
    clawback: "Clawback",
    adjustment: "Adjustment",
  },
};

/** The creator's share of an order's net price where neither the creator nor the product sets one: 70.00%. */
export const DEFAULT_SHARE_BASIS_POINTS = 7000;
/** Days an earning is held after its order completes before it is paid. */
export const DEFAULT_CLEARANCE_DAYS = 7;

/**
 * A share of a net amount (after discount and refunds, before tax), rounded half up once per
 * earning: the ledger's trigger (migration 0051) computes the same in SQL.
 */
export function earningOf(netMinor: number, shareBasisPoints: number): number {
  return Math.floor((Math.max(0, netMinor) * shareBasisPoints + 5000) / 10000);
}

/** "You earn £699.30". */
export function youEarn(earns: { amount_minor: number; currency: string }): string {
  return `You earn ${formatMoney(earns.amount_minor, earns.currency)}`;
}
