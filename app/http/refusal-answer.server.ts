/**
 * What HTTP makes of a domain `Refusal`: its status and the headers that belong with it. The one
 * place a 429 and its `Retry-After` are built, for the API's JSON answers, the screens' documents
 * and the edge's throttle of malformed requests alike.
 */
import type { Refusal, RefusalKind } from "~/domain/refusal";

export const REFUSAL_STATUS = {
  malformed: 400,
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  throttled: 429,
  too_large: 413,
  unsupported: 415,
  payment_declined: 402,
  unavailable: 503,
  upstream: 502,
} as const satisfies Record<RefusalKind, number>;

export type RefusalStatus = (typeof REFUSAL_STATUS)[RefusalKind];

/** The refusal kind an HTTP status stands for (statuses the shop answers with; anything else is not one). */
export function kindOfStatus(status: number): RefusalKind | null {
  const found = Object.entries(REFUSAL_STATUS).find(([, value]) => value === status);
  return found ? (found[0] as RefusalKind) : null;
}

/**
 * The status and headers of a refusal's answer. `api` adds what only API clients need: the
 * scheme that would authenticate them (RFC 9110) on a 401.
 */
export function refusalInit(refusal: Refusal, { api = false }: { api?: boolean } = {}): { status: RefusalStatus; headers: Headers } {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (refusal.kind === "throttled" || refusal.retryAfter !== undefined) headers.set("Retry-After", String(refusal.retryAfter ?? 60));
  if (api && refusal.kind === "unauthenticated") headers.set("WWW-Authenticate", 'Bearer realm="api"');
  return { status: REFUSAL_STATUS[refusal.kind], headers };
}

/** The API's one error shape: `{ success: false, message, errors?, error_code? }`. */
export function apiRefusal(refusal: Refusal): Response {
  const body: { success: false; message: string; errors?: string[]; error_code?: string } = { success: false, message: refusal.message };
  if (refusal.errors) body.errors = refusal.errors;
  if (refusal.code) body.error_code = refusal.code;
  return Response.json(body, refusalInit(refusal, { api: true }));
}

/** 411: a raw upload sent without its length (a transport matter, not a refusal of the domain's), in the one error shape. */
export function lengthRequired(message: string): Response {
  return Response.json({ success: false, message }, { status: 411, headers: { "Cache-Control": "no-store" } });
}
