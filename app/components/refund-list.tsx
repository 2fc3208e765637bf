import { Link } from "@remix-run/react";
import { formatMoney } from "~/lib/money";
import { decimalToMinorOrZero } from "~/lib/money-decimal";
import type { RefundView } from "~/domain/orders/refund-views.server";

const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** An order's refunds, oldest first: amount, date, reason and the credit note's link. */
export function RefundList({ refunds, creditNoteHref }: { refunds: RefundView[]; creditNoteHref: (number: string) => string }) {
  const done = refunds.filter((r) => r.status === "succeeded");
  if (!done.length) return null;
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Refunds">
      {done.map((refund) => (
        <li key={refund.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <span>
            <span className="font-semibold">{formatMoney(decimalToMinorOrZero(refund.amount, refund.currency), refund.currency)}</span>
            {refund.refunded_at ? ` on ${date.format(new Date(refund.refunded_at))}` : ""} · {refund.reason}
          </span>
          {refund.credit_note_number ? (
            <Link to={creditNoteHref(refund.credit_note_number)} className="font-semibold text-brand-700 hover:underline">
              Credit note {refund.credit_note_number}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
