/**
 * The one way the shop says no. A service that refuses a request throws (or returns) a `Refusal`:
 * what kind of no it is, a message a person can read, and where they apply the fields at fault, the
 * wait before trying again and a stable code for clients. There is no HTTP in it: the API's adapter
 * (app/http/api-route.server.ts) and the screens' (app/http/screen-refusal.server.ts) decide the
 * status, headers and body from the kind, through `refusalInit` (app/http/refusal-answer.server.ts).
 */

/**
 * - `malformed`: a body that cannot be read as what the call takes (not JSON, a broken form).
 * - `invalid`: readable, but a value breaks a rule (the message names it; `errors` lists each field's).
 * - `unauthenticated`: nobody is signed in, or the credentials are wrong or expired.
 * - `forbidden`: signed in, but not allowed to do this.
 * - `not_found`, `gone` (it existed: an expired link), `conflict` (the record's state forbids it now).
 * - `throttled`: too many attempts; `retryAfter` seconds to wait.
 * - `too_large`, `unsupported` (a body of a type the call does not take).
 * - `payment_declined`, `unavailable` (a part of the shop is not configured or is down),
 *   `upstream` (a provider answered with an error).
 */
export const REFUSAL_KINDS = [
  "malformed",
  "invalid",
  "unauthenticated",
  "forbidden",
  "not_found",
  "gone",
  "conflict",
  "throttled",
  "too_large",
  "unsupported",
  "payment_declined",
  "unavailable",
  "upstream",
] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

export interface RefusalDetails {
  /** One message per field at fault, in field order (the API's `errors`). */
  errors?: string[];
  /** Seconds to wait before trying again (`throttled`, and a `conflict` that passes with time). */
  retryAfter?: number;
  /** A stable code a client can branch on, such as `TOKEN_EXPIRED`. */
  code?: string;
}

export class Refusal extends Error {
  readonly errors: string[] | undefined;
  readonly retryAfter: number | undefined;
  readonly code: string | undefined;

  constructor(
    readonly kind: RefusalKind,
    message: string,
    details: RefusalDetails = {},
  ) {
    super(message);
    this.name = "Refusal";
    this.errors = details.errors;
    this.retryAfter = details.retryAfter;
    this.code = details.code;
  }
}

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
/** The fixed-window limiters' period (wrangler.toml): the wait a limiter's refusal names. */
export const RETRY_AFTER_SECONDS = 60;

/** The refusals by kind, so a service reads `throw refuse.notFound("Order not found")`. */
export const refuse = {
  malformed: (message: string) => new Refusal("malformed", message),
  invalid: (message: string, errors?: string[]) => new Refusal("invalid", message, errors ? { errors } : {}),
  unauthenticated: (message: string, code?: string) => new Refusal("unauthenticated", message, code ? { code } : {}),
  forbidden: (message: string) => new Refusal("forbidden", message),
  notFound: (message: string) => new Refusal("not_found", message),
  gone: (message: string) => new Refusal("gone", message),
  /** `retryAfter`: seconds after which the state that forbids it may have passed (a lease held by another). */
  conflict: (message: string, retryAfter?: number) => new Refusal("conflict", message, retryAfter ? { retryAfter: Math.max(1, Math.ceil(retryAfter)) } : {}),
  /** The one throttle: the message and the wait every 429 of the shop carries. */
  throttled: (retryAfter: number = RETRY_AFTER_SECONDS, message: string = TOO_MANY_ATTEMPTS) =>
    new Refusal("throttled", message, { retryAfter: Math.max(1, Math.ceil(retryAfter)) }),
  tooLarge: (message: string) => new Refusal("too_large", message),
  unsupported: (message: string) => new Refusal("unsupported", message),
  paymentDeclined: (message: string) => new Refusal("payment_declined", message),
  unavailable: (message: string) => new Refusal("unavailable", message),
  upstream: (message: string) => new Refusal("upstream", message),
};

export function isRefusal(value: unknown): value is Refusal {
  return value instanceof Refusal;
}

export type Settled<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/**
 * The outcome of a service call as a value: its result, or the refusal it threw. Anything else
 * (a bug, D1 down) is rethrown for the error boundary. Screens use it to show a refusal in place.
 */
export async function settle<T>(work: Promise<T> | (() => Promise<T>)): Promise<Settled<T>> {
  try {
    return { ok: true, value: await (typeof work === "function" ? work() : work) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error };
    throw error;
  }
}
