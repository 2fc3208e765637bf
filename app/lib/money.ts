import { currencyExponent, currencySymbol } from "./currency";

/*
 * Money as people read it. Every page's browser code carries this module (prices are on most pages),
 * so it holds only the formatting; amounts as decimal strings are in ./money-decimal.
 */

/**
 * Money for people: currency symbol plus the amount with grouping and the currency's decimals,
 * e.g. formatMoney(129900, "USD") → "$1,299.00".
 */
export function formatMoney(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  return `${currencySymbol(currency)}${amountFormat(exponent).format(minor / 10 ** exponent)}`;
}

/** One formatter per number of decimals: building an Intl.NumberFormat costs far more than using one. */
const amountFormats = new Map<number, Intl.NumberFormat>();
function amountFormat(exponent: number) {
  let format = amountFormats.get(exponent);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: exponent, maximumFractionDigits: exponent });
    amountFormats.set(exponent, format);
  }
  return format;
}
