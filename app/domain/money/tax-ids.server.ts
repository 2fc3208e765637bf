/**
 * UK and EU VAT numbers checked as their tax offices issue them, format and check digits, by jsvat
 * (plain JS, no I/O): the server's reading of a tax number (~/lib/rules/tax-id.ts has the shared
 * parts and the browser's lighter check), and the same rules as JSON Schema for the API's document.
 */
import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  unitedKingdom,
  type Country,
} from "jsvat";
import { OTHER_COUNTRIES, SEPARATORS, VAT_COUNTRIES, vatPrefix, type TaxIdCheck, type TaxIdReader } from "~/lib/rules/tax-id";
import type { JsonSchema } from "~/lib/schemas/json-schema";

/**
 * jsvat 2.5.4 knows only Belgian numbers that start with 0; Belgium has issued numbers starting
 * with 1 since 2023. Ten digits, the last two being 97 − (the first eight mod 97).
 */
const belgiumNow: Country = {
  ...belgium,
  calcFn: (vat: string) => 97 - (Number(vat.slice(0, 8)) % 97) === Number(vat.slice(8, 10)),
  rules: { ...belgium.rules, regex: [/^(BE)([01]\d{9})$/] },
};

/** Each of VAT_COUNTRIES with its rule (a test holds the two lists equal). */
export const VAT_RULES: Readonly<Record<string, Country>> = {
  AT: austria,
  BE: belgiumNow,
  BG: bulgaria,
  CY: cyprus,
  CZ: czechRepublic,
  DE: germany,
  DK: denmark,
  EE: estonia,
  ES: spain,
  FI: finland,
  FR: france,
  GB: unitedKingdom,
  GR: greece,
  HR: croatia,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LT: lithuania,
  LU: luxembourg,
  LV: latvia,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SE: sweden,
  SI: slovenia,
  SK: slovakiaRepublic,
};

/**
 * `raw` read as a tax number of `country` (an ISO code, upper case): its normalised form, or not
 * ok when it is malformed. A UK or EU number may be written with or without its prefix (a Greek one
 * with `EL` or `GR`).
 */
export const normaliseTaxId: TaxIdReader = (country, raw): TaxIdCheck => {
  const compact = raw.replace(SEPARATORS, "").toUpperCase();
  const rule = VAT_RULES[country];
  if (!rule) return OTHER_COUNTRIES.test(compact) ? { ok: true, value: compact } : { ok: false };
  if (!/^[A-Z0-9]+$/.test(compact)) return { ok: false };
  const prefix = vatPrefix(country);
  const written = country === "GR" && compact.startsWith("GR") ? `EL${compact.slice(2)}` : compact;
  // What looks like a prefix may be the number's own start (a French key may be letters): try both.
  const candidates = written.startsWith(prefix) ? [written, prefix + written] : [prefix + written];
  const value = candidates.find((candidate) => checkVAT(candidate, [rule]).isValid);
  return value ? { ok: true, value } : { ok: false };
};

// ----- For the API's document: the same rules as JSON Schema patterns over what a client may send -----

/** Between any two characters of a number, and around it: separators, which the server removes. */
const GAP = "[ .-]*";

/** A letter in either case (the server upper-cases): `[A-HJ-N]` → `[A-HJ-Na-hj-n]`. */
const eitherCase = (atom: string) => {
  if (/^[A-Z]$/.test(atom)) return `[${atom}${atom.toLowerCase()}]`;
  if (atom.startsWith("[")) return `[${atom.slice(1, -1)}${atom.slice(1, -1).toLowerCase()}]`;
  return atom;
};

/**
 * A jsvat rule's regular expression (`^(DE)([1-9]\d{8})$`), without its prefix group, as a pattern
 * over the number as sent: each character in either case and followed by any separators. jsvat's
 * rules use only literal letters, `\d`, classes, groups, `|` and quantifiers, which is all this reads.
 */
function tolerant(source: string): string {
  const body = source.replace(/^\^\([A-Z]{2}\)\??/, "").replace(/\$$/, "");
  let out = "";
  for (let i = 0; i < body.length;) {
    const rest = body.slice(i);
    const atom = /^(?:\\d|\[(?:\\.|[^\]])*\]|[A-Z0-9])/.exec(rest)?.[0];
    if (atom) {
      out += `(?:${eitherCase(atom)}${GAP})`;
      i += atom.length;
      continue;
    }
    const syntax = /^(?:\{\d+(?:,\d+)?\}|[?|)]|\()/.exec(rest)?.[0];
    if (!syntax) throw new Error(`Unreadable VAT rule: ${source}`);
    out += syntax === "(" ? "(?:" : syntax;
    i += syntax.length;
  }
  return out;
}

/** A country's prefix as sent: optional, either case, separators allowed (Greece: `EL` or `GR`). */
function prefixPattern(country: string): string {
  const spelled = (code: string) => [...code].map((c) => `${eitherCase(c)}${GAP}`).join("");
  const codes = country === "GR" ? ["EL", "GR"] : [country];
  return `(?:${codes.map(spelled).join("|")})?`;
}

/**
 * The tax number's rules in JSON Schema, on the address object: one `if`/`then` per UK or EU country
 * (its formats; the check digits are the server's alone) and one for every other country (4 to 20
 * letters and digits). An empty number is no number.
 */
export function taxIdJsonSchemaRules(): JsonSchema[] {
  const byCountry = Object.entries(VAT_RULES).map(([country, rule]) => ({
    if: { properties: { country: { const: country } }, required: ["country"] },
    then: {
      properties: { tax_id: { pattern: `^(?:${GAP}${prefixPattern(country)}(?:${rule.rules.regex.map((r) => tolerant(r.source)).join("|")}))?$` } },
    },
  }));
  const others = {
    if: { properties: { country: { not: { enum: VAT_COUNTRIES } } }, required: ["country"] },
    then: { properties: { tax_id: { pattern: `^(?:${GAP}(?:[A-Za-z0-9]${GAP}){4,20})?$` } } },
  };
  return [...byCountry, others];
}
