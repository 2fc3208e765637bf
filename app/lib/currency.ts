import { SHOP_LOCALE } from "./shop";

/** ISO 4217 currency codes offered in forms (SPEC §3: "code shown as a symbol"). */
const OFFERED = "AED AUD BRL CAD CHF CNY DKK EUR GBP HKD INR JPY KRW MXN NOK NZD PLN SEK SGD TRY USD ZAR";

export const CURRENCY_CODES: readonly string[] = OFFERED.split(" ");
const OFFERED_CODES = new Set(CURRENCY_CODES);

/** Digits after the decimal point for a currency (JPY and KRW have none). */
export function currencyExponent(code: string): number {
  return code === "JPY" || code === "KRW" ? 0 : 2;
}

export function isCurrencyCode(code: string): boolean {
  return OFFERED_CODES.has(code);
}

const symbols = new Map<string, string>();

/** The symbol for an ISO code as the shop's locale writes it, e.g. `GBP` → `£`, `USD` → `US$` in en-GB; unknown codes are returned as given. */
export function currencySymbol(code: string | null | undefined): string {
  if (!code) return "";
  const upper = code.toUpperCase();
  let symbol = symbols.get(upper);
  if (symbol === undefined) {
    try {
      symbol = new Intl.NumberFormat(SHOP_LOCALE, { style: "currency", currency: upper }).formatToParts(0).find((p) => p.type === "currency")?.value ?? upper;
    } catch {
      symbol = upper;
    }
    symbols.set(upper, symbol);
  }
  return symbol;
}
