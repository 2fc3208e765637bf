/**
 * Whether a business buyer's VAT number is real, asked of the service that keeps it, before the
 * reverse charge is applied (ADR 024): VIES for EU numbers, HMRC's check-a-VAT-number API for UK
 * numbers, or, by default, a local list of test numbers, so that demos and tests run offline. Chosen
 * like the payment gateway, by `TAX_ID_VERIFIER` (`services` or `local`); production refuses to run
 * without it set (load-context.ts). A definite answer is kept for 30 days per number
 * (`vat_number_checks`), so the address book and checkout ask at most once a month; a service that
 * cannot answer is asked again next time.
 *
 * Numbers of other countries (a US EIN, say) have no such service: they are taken as declared and
 * kept with the service `none`.
 */
import { and, eq, gte } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { vatNumberChecks } from "../../../db/schema";
import { VAT_COUNTRIES, vatPrefix } from "../../lib/rules/tax-id";

export type VatService = "vies" | "hmrc" | "local";

/** A service's answer: `unavailable` when it could not say (down, busy, timed out). */
export interface VatAnswer {
  result: "valid" | "invalid" | "unavailable";
  /** The registered name and address, where the service gives them. */
  name?: string | null;
  address?: string | null;
  /** The service's reference for this check, where it gives one. */
  reference?: string | null;
}

/** A VAT number as checked: what an order keeps as its proof (`orders.vat_check`). */
export interface VatCheck {
  number: string;
  service: VatService | "none";
  /** ISO 8601, when the service answered (or was asked, for `unavailable`). */
  checked_at: string;
  result: "valid" | "invalid" | "unavailable" | "not_checked";
  name: string | null;
  address: string | null;
  reference: string | null;
}

export interface VatVerifier {
  /** The service that answers for `number` (with its country prefix), or null for a number no service knows. */
  serviceFor(number: string): VatService | null;
  /** Asks the service; never throws for a service's failure (`unavailable`). */
  verify(number: string): Promise<VatAnswer>;
}

/** How long an order's claim that did not verify waits before it is checked again. */
export const VAT_RECHECK_MS = 86_400_000;

/** How long a definite answer is trusted: checkout asks again past this. */
export const VAT_CHECK_FRESH_MS = 30 * 86_400_000;

const EU_PREFIXES = new Set(VAT_COUNTRIES.filter((c) => c !== "GB").map(vatPrefix));
const isUkNumber = (number: string) => number.startsWith("GB");
const isEuNumber = (number: string) => EU_PREFIXES.has(number.slice(0, 2));

/**
 * The local verifier's list (README, "VAT numbers"): numbers with valid check digits, each with the
 * answer it gets. Any other number is `invalid`, as an invented one would be at VIES or HMRC.
 */
export const TEST_VAT_NUMBERS: Readonly<Record<string, VatAnswer>> = {
  DE206600480: { result: "valid", name: "Northlight Films GmbH", address: "Torstraße 1, 10119 Berlin" },
  DE136695976: { result: "valid", name: "Bildwerk Medien GmbH", address: "Lindenstraße 12, 50674 Köln" },
  FR26604020880: { result: "valid", name: "Atelier Lumière SAS", address: "12 rue de la Paix, 75002 Paris" },
  NL206002026B01: { result: "valid", name: "Kader Studio B.V.", address: "Keizersgracht 100, 1015 CV Amsterdam" },
  IE6844640W: { result: "valid", name: "Harbour Motion Ltd", address: "1 Grand Canal Street, Dublin 2" },
  GB648068064: { result: "valid", name: "Brightline Pictures Ltd", address: "1 Market Street, Manchester, M1 1AA" },
  GB246813551: { result: "valid", name: "Reelcraft Studio Ltd", address: "10 Studio Lane, London, N1 7GU" },
  // A service that cannot answer just now: VAT is charged and the claim kept, to be checked again.
  DE811907980: { result: "unavailable" },
};

/** The local verifier: the test list's answers, reference `LOCAL-…` so a kept proof says where it came from. */
export const LOCAL_VAT_VERIFIER: VatVerifier = {
  serviceFor: (number) => (isUkNumber(number) || isEuNumber(number) ? "local" : null),
  async verify(number) {
    const answer = TEST_VAT_NUMBERS[number] ?? { result: "invalid" };
    return answer.result === "valid" ? { ...answer, reference: `LOCAL-${number}` } : answer;
  },
};

/** Where the real services live; the tests point them at local fakes. */
export interface VatServicesConfig {
  viesUrl: string;
  hmrcUrl: string;
  hmrcClientId: string;
  hmrcClientSecret: string;
  /** The studio's own UK VAT number: HMRC then gives a consultation number as proof of each check. */
  hmrcRequesterVrn?: string | undefined;
  /** The studio's own EU VAT number, if it has one: VIES then gives a request identifier. */
  viesRequester?: string | undefined;
}

const TIMEOUT_MS = 8_000;
const clean = (text: unknown) => (typeof text === "string" && text.trim() !== "" && text.trim() !== "---" ? text.trim().replace(/\s*\n\s*/g, ", ") : null);

/** VIES's REST service (`POST /check-vat-number`): `valid` true or false, or an error that means it could not say. */
async function askVies(config: VatServicesConfig, number: string): Promise<VatAnswer> {
  const requester = config.viesRequester && isEuNumber(config.viesRequester) ? config.viesRequester : null;
  try {
    const response = await fetch(`${config.viesUrl.replace(/\/+$/, "")}/check-vat-number`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        countryCode: number.slice(0, 2),
        vatNumber: number.slice(2),
        ...(requester ? { requesterMemberStateCode: requester.slice(0, 2), requesterNumber: requester.slice(2) } : {}),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as {
      valid?: unknown;
      name?: unknown;
      address?: unknown;
      requestIdentifier?: unknown;
      errorWrappers?: { error?: string }[];
    } | null;
    if (!response.ok || !body || typeof body.valid !== "boolean") {
      // A malformed number is VIES's only definite answer among its errors; the rest (MS_UNAVAILABLE,
      // TIMEOUT, the concurrency limits, SERVICE_UNAVAILABLE) mean "ask again later".
      return body?.errorWrappers?.some((e) => e.error === "INVALID_INPUT") ? { result: "invalid" } : { result: "unavailable" };
    }
    if (!body.valid) return { result: "invalid" };
    return { result: "valid", name: clean(body.name), address: clean(body.address), reference: clean(body.requestIdentifier) };
  } catch {
    return { result: "unavailable" };
  }
}

/** An HMRC access token (OAuth client credentials), kept until shortly before it expires. */
function hmrcTokens(config: VatServicesConfig) {
  let token: { value: string; until: number } | null = null;
  return async (): Promise<string | null> => {
    if (token && token.until > Date.now()) return token.value;
    const response = await fetch(`${config.hmrcUrl.replace(/\/+$/, "")}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: config.hmrcClientId,
        client_secret: config.hmrcClientSecret,
        grant_type: "client_credentials",
        scope: "read:vat",
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== "string") return null;
    const seconds = typeof body.expires_in === "number" ? body.expires_in : 3600;
    token = { value: body.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return token.value;
  };
}

/** HMRC's check-a-VAT-number API v2: 200 with the business, 404 for a number it does not know. */
async function askHmrc(config: VatServicesConfig, token: () => Promise<string | null>, number: string): Promise<VatAnswer> {
  try {
    const bearer = await token();
    if (!bearer) return { result: "unavailable" };
    const requester = config.hmrcRequesterVrn?.replace(/^GB/, "");
    const path = `/organisations/vat/check-vat-number/lookup/${encodeURIComponent(number.slice(2))}${requester ? `/${encodeURIComponent(requester)}` : ""}`;
    const response = await fetch(`${config.hmrcUrl.replace(/\/+$/, "")}${path}`, {
      headers: { Accept: "application/vnd.hmrc.2.0+json", Authorization: `Bearer ${bearer}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 404) return { result: "invalid" };
    if (!response.ok) return { result: "unavailable" };
    const body = (await response.json().catch(() => null)) as {
      target?: { name?: unknown; address?: Record<string, unknown> };
      consultationNumber?: unknown;
    } | null;
    if (!body?.target) return { result: "unavailable" };
    const lines = Object.entries(body.target.address ?? {})
      .filter(([key]) => key !== "countryCode")
      .map(([, value]) => clean(value))
      .filter((line): line is string => line !== null);
    return { result: "valid", name: clean(body.target.name), address: lines.join(", ") || null, reference: clean(body.consultationNumber) };
  } catch {
    return { result: "unavailable" };
  }
}

/** The real services: VIES for EU numbers, HMRC for UK ones. */
export function servicesVatVerifier(config: VatServicesConfig): VatVerifier {
  const token = hmrcTokens(config);
  return {
    serviceFor: (number) => (isUkNumber(number) ? "hmrc" : isEuNumber(number) ? "vies" : null),
    verify: (number) => (isUkNumber(number) ? askHmrc(config, token, number) : askVies(config, number)),
  };
}

/**
 * The verifier `env` asks for: `TAX_ID_VERIFIER=services` (VIES and HMRC; HMRC_CLIENT_ID and
 * HMRC_CLIENT_SECRET required), else the local list.
 */
export function createVatVerifier(env: Env): VatVerifier {
  if (env.TAX_ID_VERIFIER !== "services") return LOCAL_VAT_VERIFIER;
  if (!env.HMRC_CLIENT_ID || !env.HMRC_CLIENT_SECRET) throw new Error("TAX_ID_VERIFIER=services needs HMRC_CLIENT_ID and HMRC_CLIENT_SECRET");
  return servicesVatVerifier({
    viesUrl: env.VIES_API_URL || "https://ec.europa.eu/taxation_customs/vies/rest-api",
    hmrcUrl: env.HMRC_API_URL || "https://api.service.hmrc.gov.uk",
    hmrcClientId: env.HMRC_CLIENT_ID,
    hmrcClientSecret: env.HMRC_CLIENT_SECRET,
    hmrcRequesterVrn: env.HMRC_REQUESTER_VRN,
    viesRequester: env.VIES_REQUESTER,
  });
}

/**
 * Outside a local run the verifier must be named (load-context.ts calls this there): the local list
 * would give the reverse charge to its test numbers alone and refuse every real one, silently.
 */
export function assertVatVerifierChosen(env: Pick<Env, "TAX_ID_VERIFIER">) {
  if (env.TAX_ID_VERIFIER !== "services" && env.TAX_ID_VERIFIER !== "local") {
    throw new Error("TAX_ID_VERIFIER must be set in production: `services` (VIES and HMRC) or, for a demo, `local` explicitly.");
  }
}

/**
 * `number`'s check: the kept answer when it is under 30 days old, else the service's (a definite
 * one kept for next time). A number no service knows is taken as declared (`not_checked`).
 */
export async function checkVatNumber(db: Database, verifier: VatVerifier, number: string, now = Date.now()): Promise<VatCheck> {
  const service = verifier.serviceFor(number);
  if (!service) return { number, service: "none", checked_at: new Date(now).toISOString(), result: "not_checked", name: null, address: null, reference: null };
  const [kept] = await db
    .select()
    .from(vatNumberChecks)
    .where(and(eq(vatNumberChecks.number, number), eq(vatNumberChecks.service, service), gte(vatNumberChecks.checkedAt, new Date(now - VAT_CHECK_FRESH_MS))))
    .limit(1);
  if (kept)
    return {
      number,
      service,
      checked_at: kept.checkedAt.toISOString(),
      result: kept.result,
      name: kept.name,
      address: kept.address,
      reference: kept.reference,
    };
  return freshVatCheck(db, verifier, number, now);
}

/** Asks the service now, whatever is kept (a later check of an order's claim), and keeps a definite answer. */
export async function freshVatCheck(db: Database, verifier: VatVerifier, number: string, now = Date.now()): Promise<VatCheck> {
  const service = verifier.serviceFor(number);
  if (!service) return { number, service: "none", checked_at: new Date(now).toISOString(), result: "not_checked", name: null, address: null, reference: null };
  const answer = await verifier.verify(number);
  const check: VatCheck = {
    number,
    service,
    checked_at: new Date(now).toISOString(),
    result: answer.result,
    name: answer.name ?? null,
    address: answer.address ?? null,
    reference: answer.reference ?? null,
  };
  if (answer.result !== "unavailable") {
    const row = { service, result: answer.result, checkedAt: new Date(now), name: check.name, address: check.address, reference: check.reference };
    await db
      .insert(vatNumberChecks)
      .values({ number, ...row })
      .onConflictDoUpdate({ target: vatNumberChecks.number, set: row });
  }
  return check;
}

/** Whether a check allows the reverse charge: a valid answer, or a number no service covers (taken as declared). */
export const vatNumberHolds = (check: VatCheck | null) => check !== null && (check.result === "valid" || check.result === "not_checked");

/** The proof as an order keeps it (JSON), and read back. */
export const vatCheckJson = (check: VatCheck | null) => (check ? JSON.stringify(check) : null);
export function readVatCheck(json: string | null): VatCheck | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<VatCheck>;
    return typeof value.number === "string" && typeof value.result === "string" ? (value as VatCheck) : null;
  } catch {
    return null;
  }
}

const SERVICE_NAMES: Record<VatService, string> = { vies: "the EU's VIES", hmrc: "HMRC", local: "the test list" };

/**
 * What checkout tells a business buyer whose number did not verify, in plain words (null when it
 * did, or for a consumer): the tax is charged, and what happens next.
 */
export function vatCheckNotice(check: VatCheck | null, taxName: string): string | null {
  if (!check || vatNumberHolds(check) || check.service === "none") return null;
  const service = SERVICE_NAMES[check.service];
  if (check.result === "invalid") {
    return `${service.charAt(0).toUpperCase()}${service.slice(1)} does not know the VAT number ${check.number}, so ${taxName} is charged as for a consumer. Check the number in your billing address.`;
  }
  return `We could not check the VAT number ${check.number} with ${service} just now, so ${taxName} is charged. If it is confirmed later, we refund the ${taxName} with a credit note.`;
}

const PROOF_SERVICES: Record<VatService, string> = { vies: "VIES", hmrc: "HMRC", local: "the local test list" };
const proofDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** The invoice's line of proof for a reverse charge: which service confirmed the number, when, and its reference. */
export function vatProofText(check: VatCheck | null): string | null {
  if (!check || check.result !== "valid" || check.service === "none") return null;
  const reference = check.reference ? ` (reference ${check.reference})` : "";
  return `VAT number ${check.number} confirmed by ${PROOF_SERVICES[check.service]} on ${proofDate.format(new Date(check.checked_at))}${reference}.`;
}

/** The studio's one line on an order's check (the admin's order page). */
export function vatCheckSummary(check: VatCheck): string {
  const on = proofDate.format(new Date(check.checked_at));
  switch (check.result) {
    case "valid":
      return vatProofText(check) ?? `VAT number ${check.number} confirmed on ${on}.`;
    case "not_checked":
      return `VAT number ${check.number}: no service checks this country's numbers, so it was taken as declared.`;
    case "invalid":
      return `VAT number ${check.number} not known to ${check.service === "none" ? "the service" : PROOF_SERVICES[check.service]} on ${on}: VAT charged.`;
    case "unavailable":
      return `VAT number ${check.number}: ${check.service === "none" ? "the service" : PROOF_SERVICES[check.service]} could not answer on ${on}: VAT charged.`;
  }
}
