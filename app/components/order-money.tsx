import { formatMoney } from "~/lib/money";
import { decimalToMinorOrZero } from "~/lib/money-decimal";

/** An order's figures as the API gives them (decimal strings). */
export interface OrderFigures {
  currency: string;
  order_amount: string;
  subtotal_amount: string;
  discount_amount: string;
  tax_amount: string;
  tax_rate: string;
  tax_note: string | null;
  invoice_number: string | null;
}

/** The breakdown of what an order charged: subtotal, discount, tax (rate, note), total. */
export function OrderMoney({ order, taxName = "VAT" }: { order: OrderFigures; taxName?: string }) {
  const money = (amount: string) => formatMoney(decimalToMinorOrZero(amount, order.currency), order.currency);
  const discounted = decimalToMinorOrZero(order.discount_amount, order.currency) > 0;
  return (
    <dl className="space-y-1 text-sm" data-testid="order-money">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Subtotal</dt>
        <dd>{money(order.subtotal_amount)}</dd>
      </div>
      {discounted ? (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Discount</dt>
          <dd>−{money(order.discount_amount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">
          {taxName} ({Number(order.tax_rate)}%)
        </dt>
        <dd>{money(order.tax_amount)}</dd>
      </div>
      {order.tax_note ? <p className="text-xs text-slate-600">{order.tax_note}</p> : null}
      <div className="flex justify-between gap-4 font-semibold">
        <dt>Total</dt>
        <dd>{money(order.order_amount)}</dd>
      </div>
    </dl>
  );
}
