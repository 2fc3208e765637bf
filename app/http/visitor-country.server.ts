/**
 * Where a visitor is: the product page's tax line and the edge cache's copy of that page follow it
 * (load-context.ts computes it once per request as `visitorCountry`).
 */
import { isLocalEnvironment } from "../domain/environment.server";
import { isCountryCode } from "../lib/countries";

/** Stands in for the edge's country in local runs and tests (never in production). */
export const TEST_COUNTRY_HEADER = "X-Test-Country";

/**
 * The visitor's country (ISO 3166-1 alpha-2, upper case), or null when unknown. In production it is
 * the edge's `cf.country` alone (Cloudflare's `XX` and `T1`, unknown and Tor, count as unknown).
 * Locally (ENVIRONMENT `development` or `test`) an `X-Test-Country` header, else `DEV_COUNTRY` from
 * .dev.vars, stands in for it, since Miniflare always reports `US`: so tests and developers can be a
 * UK, German or US visitor. Anything else, an unset or misspelt ENVIRONMENT included, counts as
 * production (as everywhere: environment.server.ts), so a visitor never picks their own country there.
 * `cf` is the edge's object for the request as it arrived (the load context's `cloudflare.cf`): Remix
 * makes new requests for its data calls, without it.
 */
export function visitorCountry(
  request: Request,
  env: { ENVIRONMENT?: string | undefined; DEV_COUNTRY?: string | undefined },
  cf: unknown = (request as { cf?: unknown }).cf,
): string | null {
  if (isLocalEnvironment(env)) {
    const standIn = countryCode(request.headers.get(TEST_COUNTRY_HEADER)) ?? countryCode(env.DEV_COUNTRY);
    if (standIn) return standIn;
  }
  return countryCode(cf && typeof cf === "object" ? (cf as { country?: unknown }).country : undefined);
}

function countryCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return isCountryCode(code) ? code : null;
}
