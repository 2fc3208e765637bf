/**
 * Payment status colours (SPEC §4): customers see initiated in yellow, admins in blue; succeeded and
 * completed are green; pending yellow; failed red; refunded violet (beyond the SPEC); anything else grey.
 */
const COLOURS = {
  yellow: "bg-amber-100 text-amber-900 ring-amber-300",
  blue: "bg-sky-100 text-sky-900 ring-sky-300",
  green: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  red: "bg-red-100 text-red-900 ring-red-300",
  grey: "bg-slate-100 text-slate-800 ring-slate-300",
  violet: "bg-violet-100 text-violet-900 ring-violet-300",
} as const;

export type BadgeColour = keyof typeof COLOURS;

export function statusColour(status: string | null | undefined, audience: "customer" | "admin"): BadgeColour {
  switch (status) {
    case "initiated":
      return audience === "admin" ? "blue" : "yellow";
    case "succeeded":
      return "green";
    case "completed":
      return audience === "admin" ? "green" : "grey";
    case "pending":
      return audience === "admin" ? "yellow" : "grey";
    case "failed":
      return audience === "admin" ? "red" : "grey";
    case "refunded":
      return "violet";
    default:
      return "grey";
  }
}

export function StatusBadge({ status, audience }: { status: string | null | undefined; audience: "customer" | "admin" }) {
  const colour = statusColour(status, audience);
  return (
    <span data-colour={colour} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ${COLOURS[colour]}`}>
      {status || "N/A"}
    </span>
  );
}

/** Beside the payment status: part of the payment went back (the status stays succeeded until nothing is left). */
export function PartlyRefundedBadge({ order }: { order: { payment_status: string; refunded_amount?: string } }) {
  if (order.payment_status === "refunded" || !order.refunded_amount || Number(order.refunded_amount) <= 0) return null;
  return (
    <span data-colour="violet" className={`ml-1 inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${COLOURS.violet}`}>
      Partly refunded
    </span>
  );
}
