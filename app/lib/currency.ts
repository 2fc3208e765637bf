/**
 * ISO 4217 currency codes offered in forms, and the symbol shown for each (SPEC §3: "code shown
 * as a symbol"). Codes without a distinct symbol fall back to the code itself.
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  INR: "₹",
  JPY: "¥",
  CNY: "¥",
  AUD: "A$",
  CAD: "C$",
  NZD: "NZ$",
  CHF: "CHF",
  SEK: "kr",
  NOK: "kr",
  DKK: "kr",
  PLN: "zł",
  BRL: "R$",
  MXN: "MX$",
  SGD: "S$",
  HKD: "HK$",
  ZAR: "R",
  AED: "AED",
  KRW: "₩",
  TRY: "₺",
};

export const CURRENCY_CODES: readonly string[] = Object.keys(CURRENCY_SYMBOLS).sort();

/** Digits after the decimal point for a currency (JPY and KRW have none). */
export function currencyExponent(code: string): number {
  return code === "JPY" || code === "KRW" ? 0 : 2;
}

export function isCurrencyCode(code: string): boolean {
  return Object.hasOwn(CURRENCY_SYMBOLS, code);
}

/** The symbol for an ISO code, e.g. `USD` → `$`; unknown codes are returned as given. */
export function currencySymbol(code: string | null | undefined): string {
  if (!code) return "";
  const upper = code.toUpperCase();
  return CURRENCY_SYMBOLS[upper] ?? upper;
}
