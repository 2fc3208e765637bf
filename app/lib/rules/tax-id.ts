/**
 * A business buyer's VAT or tax number, read against its billing country. UK and EU numbers are
 * VAT numbers, checked as their tax offices issue them, format and check digits, by the server
 * (~/domain/money/tax-ids.server.ts: jsvat's rules, 5 KB the browser does not need to load); the
 * browser's form only checks that a number is made of letters and digits (`readTaxIdShape`), and the
 * server's answer names a wrong check digit. Any other country's number only has to look like one: 4
 * to 20 letters and digits. What is stored is the normalised number: upper case, without spaces, dots
 * and dashes, and for the UK and the EU with its country prefix (`GB…`, `DE…`, Greece's `EL…`), so
 * that an invoice prints it the way VIES and HMRC write it.
 */
import { countryName } from "../countries";

/** The UK and the 27 EU members, by ISO 3166-1 alpha-2 code: the countries whose tax numbers are VAT numbers. */
export const VAT_COUNTRIES: readonly string[] = "AT BE BG CY CZ DE DK EE ES FI FR GB GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split(" ");

/** Spaces, dots and dashes: how people group the characters of a number; none of them is part of it. */
export const SEPARATORS = /[ .-]/g;
export const OTHER_COUNTRIES = /^[A-Z0-9]{4,20}$/;

/** A VAT number starts with its country's prefix: the ISO code, except Greece's `EL`. */
export function vatPrefix(country: string): string {
  return country === "GR" ? "EL" : country;
}

export type TaxIdCheck = { ok: true; value: string } | { ok: false };

/** How a tax number of a country is read: the server's full check, or the browser's shape check. */
export type TaxIdReader = (country: string, raw: string) => TaxIdCheck;

/**
 * The browser's reading of a tax number: letters and digits once separators are gone (4 to 20 of
 * them outside the UK and the EU). Every number the server accepts passes; the check digits and each
 * country's format are the server's (~/domain/money/tax-ids.server.ts). Its value is not what is kept.
 */
export const readTaxIdShape: TaxIdReader = (country, raw) => {
  const compact = raw.replace(SEPARATORS, "").toUpperCase();
  const shape = VAT_COUNTRIES.includes(country) ? /^[A-Z0-9]{2,}$/ : OTHER_COUNTRIES;
  return shape.test(compact) ? { ok: true, value: compact } : { ok: false };
};

/** What the address form and the API say of a malformed tax number of `country`. */
export function taxIdMessage(country: string): string {
  return VAT_COUNTRIES.includes(country) ? `Tax ID is not a valid VAT number for ${countryName(country)}` : "Tax ID must be 4 to 20 letters and digits";
}
