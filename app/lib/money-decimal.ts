import { currencyExponent } from "./currency";
import { formatMoney } from "./money";

/*
 * Amounts as decimal strings ("499.00": the JSON API's and the forms' form of money) to and from
 * minor units, the integers every sum is done in. Apart from ./money so that the pages that only show
 * prices do not load it.
 */

/** Minor units (cents) to a plain decimal string with the currency's exponent, e.g. 49900 → "499.00". */
export function minorToDecimalString(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const negative = minor < 0;
  const digits = Math.abs(Math.trunc(minor))
    .toString()
    .padStart(exponent + 1, "0");
  const whole = exponent ? digits.slice(0, -exponent) : digits;
  const fraction = exponent ? `.${digits.slice(-exponent)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/**
 * A decimal amount typed by a person or sent by a client ("499", "499.5", "499.50") to minor units.
 * Returns null for anything that is not a plain non-negative decimal with at most the currency's digits.
 */
export function decimalToMinor(value: string | number, currency: string): number | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  const exponent = currencyExponent(currency);
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  if (fraction.length > exponent && !/^0*$/.test(fraction.slice(exponent))) return null;
  const paddedFraction = fraction.slice(0, exponent).padEnd(exponent, "0");
  return Number(whole) * 10 ** exponent + (exponent ? Number(paddedFraction) : 0);
}

/** A decimal string the server wrote (an order's amounts) back to minor units; 0 if it cannot be read. */
export function decimalToMinorOrZero(value: string, currency: string): number {
  const negative = value.startsWith("-");
  const minor = decimalToMinor(negative ? value.slice(1) : value, currency) ?? 0;
  return negative ? -minor : minor;
}

/** An order's amount (`order_amount`, a decimal string) as people read it: `£1,198.80`. */
export function orderAmount(order: { order_amount: string | number; currency: string }): string {
  return formatMoney(decimalToMinorOrZero(String(order.order_amount), order.currency), order.currency);
}
