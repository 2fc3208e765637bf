/**
 * The shared server side of the credential screens (signup, login, admin login, password changes):
 * rate limiting, sessions and cookies. Who signs in is decided by `authenticator.server.ts`.
 * Refusals are the domain's `Refusal`s; the screens and the API each answer them their own way.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createCustomer, type UserView } from "./accounts.server";
import { parseSignInForm, signIn } from "./authenticator.server";
import type { SignupInput } from "~/lib/schemas/auth";
import { allowAnonymousWrite } from "./rate-limit.server";
import { createSession, destroySession, type SessionKind } from "./sessions.server";
import { sendWelcomeEmail } from "./email-verification.server";
import { refuse, settle, type Refusal } from "~/domain/refusal";

export const EMAIL_TAKEN = "Email has already been taken";
export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";

export type FormSignInOutcome =
  { ok: true; headers: Headers; form: FormData } | { ok: false; submission: ReturnType<typeof parseSignInForm>; refusal: Refusal | null };

/**
 * A sign-in screen's post: the form is read against its schema (incomplete: no refusal, the
 * validation reply), the authenticator checks the credentials, then a new session starts (any old
 * session of the same kind is ended, so a session id is never reused across logins).
 */
export async function signInWithForm(context: AppLoadContext, request: Request, kind: SessionKind): Promise<FormSignInOutcome> {
  const submission = parseSignInForm(await request.clone().formData(), kind);
  if (submission.status !== "success") return { ok: false, submission, refusal: null };
  const signedIn = await settle(signIn(context, request, `${kind}-form`));
  if (!signedIn.ok) return { ok: false, submission, refusal: signedIn.refusal };
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.db, request, kind));
  headers.append("Set-Cookie", await createSession(context.db, request, kind, signedIn.value.id));
  return { ok: true, headers, form: signedIn.value.form! };
}

/**
 * A new customer account (the signup screen and the API): within the address's limit (else
 * `throttled`), refused (`conflict`) when the email is taken, welcomed by email with a link to
 * confirm the address.
 */
export async function registerCustomer(context: AppLoadContext, request: Request, input: SignupInput): Promise<UserView> {
  if (!(await allowAnonymousWrite(context.env, request, "signup"))) throw refuse.throttled();
  const created = await createCustomer(context.db, input, context.passwordCost);
  if (!created.ok) throw refuse.conflict(EMAIL_TAKEN);
  await sendWelcomeEmail(context, request, created.user);
  return created.user;
}

/** Creates a customer and signs them in (the session's cookies); an admin session in the same browser ends (SPEC §2). */
export async function signUpCustomer(context: AppLoadContext, request: Request, input: SignupInput): Promise<Headers> {
  const user = await registerCustomer(context, request, input);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.db, request, "admin"));
  headers.append("Set-Cookie", await destroySession(context.db, request, "customer"));
  headers.append("Set-Cookie", await createSession(context.db, request, "customer", user.id));
  return headers;
}

/** Why a password change was refused, as a refusal: the wait, a revoked token, or the wrong current password. */
export function passwordChangeRefusal(refusal: { reason: "wrong_password" | "token_revoked" } | { reason: "throttled"; retryAfter: number }): Refusal {
  if (refusal.reason === "throttled") return refuse.throttled(refusal.retryAfter);
  if (refusal.reason === "token_revoked") return refuse.unauthenticated("Invalid access token");
  return refuse.invalid(CURRENT_PASSWORD_INCORRECT, [CURRENT_PASSWORD_INCORRECT]);
}
