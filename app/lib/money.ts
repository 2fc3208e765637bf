import { currencyExponent } from "./currency";
import { SHOP_LOCALE } from "./shop";

/*
 * Money as people read it. Every page's browser code carries this module (prices are on most pages),
 * so it holds only the formatting; amounts as decimal strings are in ./money-decimal.
 */

/**
 * Money for people, the one way every screen, email and PDF writes it: the currency's symbol as the
 * shop's locale writes it (SHOP_LOCALE), thousands grouped, the currency's decimals, e.g.
 * formatMoney(129900, "GBP") → "£1,299.00", formatMoney(49900, "USD") → "US$499.00" in en-GB. CSV
 * files carry plain decimals and a currency column instead (./money-decimal).
 */
export function formatMoney(minor: number, currency: string): string {
  return moneyFormat(currency).format(minor / 10 ** currencyExponent(currency));
}

/** One formatter per currency: building an Intl.NumberFormat costs far more than using one. */
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string) {
  let format = moneyFormats.get(currency);
  if (!format) {
    const exponent = currencyExponent(currency);
    try {
      format = new Intl.NumberFormat(SHOP_LOCALE, { style: "currency", currency, minimumFractionDigits: exponent, maximumFractionDigits: exponent });
    } catch {
      // Not a currency code Intl knows: the code before the amount.
      const plain = new Intl.NumberFormat(SHOP_LOCALE, { minimumFractionDigits: exponent, maximumFractionDigits: exponent });
      format = { format: (n: number) => `${currency} ${plain.format(n)}` } as Intl.NumberFormat;
    }
    moneyFormats.set(currency, format);
  }
  return format;
}
