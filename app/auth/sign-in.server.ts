/**
 * The shared server side of the credential screens (signup, login, admin login, password changes):
 * rate limiting, sessions and cookies. Who signs in is decided by `authenticator.server.ts`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { createCustomer, type UserView } from "./accounts.server";
import { signIn, SignInRefused } from "./authenticator.server";
import type { SignupInput } from "~/lib/schemas/auth";
import { allowAnonymousWrite, RETRY_AFTER_SECONDS, TOO_MANY_ATTEMPTS } from "./rate-limit.server";
import { createSession, destroySession, type SessionKind } from "./sessions.server";
import { sendWelcomeEmail } from "./email-verification.server";

/** A refusal's `retryAfter` is in seconds (429 only): the screen sends it as `Retry-After`. */
export type SignInOutcome =
  { ok: true; headers: Headers } | { ok: false; status: 401 | 409; message: string } | { ok: false; status: 429; message: string; retryAfter: number };

const throttled = (retryAfter = RETRY_AFTER_SECONDS) => ({ ok: false, status: 429, message: TOO_MANY_ATTEMPTS, retryAfter }) as const;

export const EMAIL_TAKEN = "Email has already been taken";
export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";

/** The status (and for a 429 the `Retry-After`) a screen answers a refused sign-in or sign-up with. */
export function refusalInit(refusal: Extract<SignInOutcome, { ok: false }>): ResponseInit {
  return refusal.status === 429 ? { status: 429, headers: { "Retry-After": String(refusal.retryAfter) } } : { status: refusal.status };
}

export type FormSignInOutcome = { ok: true; headers: Headers; form: FormData } | { ok: false; result: SubmissionResult<string[]>; init: ResponseInit };

/**
 * A sign-in screen's post: the authenticator checks the form's credentials, then a new session
 * starts (any old session of the same kind is ended, so a session id is never reused across
 * logins). A refusal comes back as the form's reply, the password field cleared.
 */
export async function signInWithForm(context: AppLoadContext, request: Request, kind: SessionKind): Promise<FormSignInOutcome> {
  try {
    const signedIn = await signIn(context, request, `${kind}-form`);
    const headers = new Headers();
    headers.append("Set-Cookie", await destroySession(context.db, request, kind));
    headers.append("Set-Cookie", await createSession(context.db, request, kind, signedIn.id));
    return { ok: true, headers, form: signedIn.form! };
  } catch (error) {
    if (!(error instanceof SignInRefused) || !error.submission) throw error;
    const result = error.submission.reply({ formErrors: error.message ? [error.message] : undefined, hideFields: ["password"] });
    const init = error.retryAfter === null ? { status: error.status } : { status: error.status, headers: { "Retry-After": String(error.retryAfter) } };
    return { ok: false, result, init };
  }
}

export type Registration =
  { ok: true; user: UserView } | { ok: false; status: 409; message: string } | { ok: false; status: 429; message: string; retryAfter: number };

/**
 * A new customer account (the signup screen and the API): within the address's limit, refused when
 * the email is taken, welcomed by email with a link to confirm the address.
 */
export async function registerCustomer(context: AppLoadContext, request: Request, input: SignupInput): Promise<Registration> {
  if (!(await allowAnonymousWrite(context.env, request, "signup"))) return throttled();
  const created = await createCustomer(context.db, input, context.passwordCost);
  if (!created.ok) return { ok: false, status: 409, message: EMAIL_TAKEN };
  await sendWelcomeEmail(context, request, created.user);
  return created;
}

/** Creates a customer and signs them in; an admin session in the same browser ends (SPEC §2). */
export async function signUpCustomer(context: AppLoadContext, request: Request, input: SignupInput): Promise<SignInOutcome> {
  const created = await registerCustomer(context, request, input);
  if (!created.ok) return created;
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
