/**
 * The shared server side of the credential screens (signup, login, admin login, password changes):
 * rate limiting, credential checks, session rotation and cookies.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { authenticate, createCustomer } from "./accounts.server";
import type { SignupInput } from "~/lib/schemas/auth";
import { allowAnonymousWrite, allowSignInAttempt, RETRY_AFTER_SECONDS, TOO_MANY_ATTEMPTS } from "./rate-limit.server";
import { createSession, destroySession, type SessionKind } from "./sessions.server";

/** A refusal's `retryAfter` is in seconds (429 only): the screen sends it as `Retry-After`. */
export type SignInOutcome =
  { ok: true; headers: Headers } | { ok: false; status: 401 | 409; message: string } | { ok: false; status: 429; message: string; retryAfter: number };

const tooManyAttempts = (retryAfter = RETRY_AFTER_SECONDS) => ({ ok: false, status: 429, message: TOO_MANY_ATTEMPTS, retryAfter }) as const;

export const INVALID_CREDENTIALS = "Invalid email or password";
export const EMAIL_TAKEN = "Email has already been taken";
export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";

/** The status (and for a 429 the `Retry-After`) a screen answers a refused sign-in or sign-up with. */
export function refusalInit(refusal: Extract<SignInOutcome, { ok: false }>): ResponseInit {
  return refusal.status === 429 ? { status: 429, headers: { "Retry-After": String(refusal.retryAfter) } } : { status: refusal.status };
}

/**
 * Checks credentials and starts a new session (any old session of the same kind is ended, so a
 * session id is never reused across logins).
 */
export async function signInWithPassword(
  context: AppLoadContext,
  request: Request,
  kind: SessionKind,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  if (!(await allowSignInAttempt(context.env, request))) return tooManyAttempts();
  const signedIn = await authenticate(context.db, kind, email, password, context.passwordCost);
  if (!signedIn.ok) return signedIn.reason === "throttled" ? tooManyAttempts(signedIn.retryAfter) : { ok: false, status: 401, message: INVALID_CREDENTIALS };
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.db, request, kind));
  headers.append("Set-Cookie", await createSession(context.db, request, kind, signedIn.id));
  return { ok: true, headers };
}

/** Creates a customer and signs them in; an admin session in the same browser ends (SPEC §2). */
export async function signUpCustomer(context: AppLoadContext, request: Request, input: SignupInput): Promise<SignInOutcome> {
  if (!(await allowAnonymousWrite(context.env, request, "signup"))) return tooManyAttempts();
  const created = await createCustomer(context.db, input, context.passwordCost);
  if (!created.ok) return { ok: false, status: 409, message: EMAIL_TAKEN };
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.db, request, "admin"));
  headers.append("Set-Cookie", await destroySession(context.db, request, "customer"));
  headers.append("Set-Cookie", await createSession(context.db, request, "customer", created.user.id));
  return { ok: true, headers };
}

/** How a password-change screen shows a refused change: the current password's message, or the wait. */
export function passwordChangeRefusal(refusal: { reason: "wrong_password" | "token_revoked" } | { reason: "throttled"; retryAfter: number }): {
  status: 400 | 429;
  headers?: Record<string, string>;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
} {
  if (refusal.reason === "throttled") {
    return { status: 429, headers: { "Retry-After": String(refusal.retryAfter) }, formErrors: [TOO_MANY_ATTEMPTS], fieldErrors: {} };
  }
  return { status: 400, headers: undefined, formErrors: [], fieldErrors: { current_password: [CURRENT_PASSWORD_INCORRECT] } };
}
