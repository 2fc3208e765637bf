/**
 * The shared server side of the three credential screens (signup, login, admin login): rate
 * limiting, credential checks, session rotation and cookies.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { authenticate, createCustomer } from "./accounts.server";
import type { SignupInput } from "~/lib/schemas/auth";
import { allowAttempt, TOO_MANY_ATTEMPTS } from "./rate-limit.server";
import { createSession, destroySession, type SessionKind } from "./sessions.server";

export type SignInOutcome = { ok: true; headers: Headers } | { ok: false; status: 401 | 409 | 429; message: string };

export const INVALID_CREDENTIALS = "Invalid email or password";
export const EMAIL_TAKEN = "Email has already been taken";

/**
 * Checks credentials and starts a new session (any old session of the same kind is ended, so a
 * session id is never reused across logins).
 */
export async function signInWithPassword(context: AppLoadContext, request: Request, kind: SessionKind, email: string, password: string): Promise<SignInOutcome> {
  if (!(await allowAttempt(context.env, request, `${kind}-login`, email))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  const id = await authenticate(context.db, kind, email, password);
  if (id === null) return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.db, request, kind));
  headers.append("Set-Cookie", await createSession(context.db, request, kind, id));
  return { ok: true, headers };
}

/** Creates a customer and signs them in; an admin session in the same browser ends (SPEC §2). */
export async function signUpCustomer(context: AppLoadContext, request: Request, input: SignupInput): Promise<SignInOutcome> {
  if (!(await allowAttempt(context.env, request, "signup", input.email))) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS };
  const created = await createCustomer(context.db, input);
  if (!created.ok) return { ok: false, status: 409, message: EMAIL_TAKEN };
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(context.db, request, "admin"));
  headers.append("Set-Cookie", await destroySession(context.db, request, "customer"));
  headers.append("Set-Cookie", await createSession(context.db, request, "customer", created.user.id));
  return { ok: true, headers };
}
