/**
 * The shared server side of the credential screens (signup, login, admin login, password changes):
 * rate limiting, sessions and cookies. Who signs in is decided by `authenticator.server.ts`.
 * Refusals are the domain's `Refusal`s; the screens and the API each answer them their own way.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { confirmPassword, createCustomer, type UserView } from "./accounts.server";
import { signIn } from "./authenticator.server";
import type { LoginInput, SignupInput } from "~/lib/schemas/auth";
import { allowAnonymousWrite } from "./rate-limit.server";
import { createSession, destroySession, type SessionKind } from "./sessions.server";
import { sendWelcomeEmail } from "./email-verification.server";
import { refuse, type Refusal } from "~/domain/refusal";

export const EMAIL_TAKEN = "Email has already been taken";
export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";

/**
 * Signs a screen's visitor in with credentials its form gave (read by app/http's sign-in form
 * reader): the new session's cookies. Any old session of the same kind ends, so a session id is
 * never reused across logins. Refusals are the authenticator's.
 */
export async function startSignedInSession(context: AppLoadContext, request: Request, kind: SessionKind, credentials: LoginInput): Promise<Headers> {
  const id = await signIn(context, request, kind, credentials);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.db, request, kind));
  headers.append("Set-Cookie", await createSession(context.db, request, kind, id));
  return headers;
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

/**
 * The password asked again before deleting the account (the Privacy page and `DELETE /users/me`):
 * refused as a password change's current password is (a wrong one names the field; the wait; a
 * revoked token).
 */
export async function confirmCurrentPassword(context: AppLoadContext, kind: SessionKind, id: number, password: string, tokenIssuedAt?: number): Promise<void> {
  const outcome = await confirmPassword(context.db, kind, id, password, { tokenIssuedAt });
  if (!outcome.ok) throw passwordChangeRefusal(outcome);
}
