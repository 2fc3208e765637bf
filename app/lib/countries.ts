/** ISO 3166-1 alpha-2 country codes (all 249 assigned codes). */
export const COUNTRY_CODES: readonly string[] = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const CODES = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return CODES.has(code);
}

let names: Intl.DisplayNames | null | undefined;

/** English name of a country code ("GB" → "United Kingdom"); the code itself if unknown. */
export function countryName(code: string): string {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(["en"], { type: "region" });
    } catch {
      names = null;
    }
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Countries whose English name takes "the" in a sentence ("in the United Kingdom", "in the Netherlands"). */
const NAMED_WITH_THE = new Set("AE AX BQ BS CC CF CK DO FK FO GB GM GS HM IO KM KY MH MP MV NL PH PN PS SB SC TC TF UM US VG VI".split(" "));

/** A country's name as it reads inside a sentence: "GB" → "the United Kingdom", "DE" → "Germany". */
export function countryInSentence(code: string): string {
  const name = countryName(code);
  return NAMED_WITH_THE.has(code) ? `the ${name}` : name;
}

/** Countries sorted by name, for the address form's select. */
export function countryOptions(): { code: string; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));
}
