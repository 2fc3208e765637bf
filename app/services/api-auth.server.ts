/**
 * The token side of accounts for API clients (SPEC §7): sign up/in, refresh, sign out, profile and
 * password, for customers and admins alike. Screens use cookies instead (sessions.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { apiError, apiJson, readJsonObject, wrapped } from "~/lib/api";
import { AdminLoginSchema, ChangePasswordSchema, LoginSchema, RefreshTokenSchema, SignupSchema, UpdateProfileSchema } from "~/lib/schemas/auth";
import { authenticate, changePassword, createCustomer, getAdmin, getUser, signOutTokens, updateName } from "./accounts.server";
import { requireApiAdmin, requireApiCustomer, requireApiToken } from "./auth.server";
import { allowAnonymousWrite, allowSignInAttempt, RETRY_AFTER_SECONDS, TOO_MANY_ATTEMPTS } from "./rate-limit.server";
import type { SessionKind } from "./sessions.server";
import { CURRENT_PASSWORD_INCORRECT, EMAIL_TAKEN, INVALID_CREDENTIALS } from "./sign-in.server";
import { issueTokenPair, rotateRefreshToken } from "./tokens.server";
import { parseApiInput } from "~/lib/api-messages";

/** 422 with the first message of each invalid field, in field order (SPEC §8 joins them with commas). */
function validationFailure(message: string, error: z.ZodError): Response {
  const firstPerField = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    if (!firstPerField.has(key)) firstPerField.set(key, issue.message);
  }
  return apiError(422, message, { errors: [...firstPerField.values()] });
}

/** 429 with the wait in `Retry-After`: the limiters' minute, or what is left of an account's wait. */
function tooManyAttempts(retryAfter = RETRY_AFTER_SECONDS): Response {
  const response = apiError(429, TOO_MANY_ATTEMPTS);
  response.headers.set("Retry-After", String(retryAfter));
  return response;
}

function person(context: AppLoadContext, kind: SessionKind, id: number) {
  return kind === "customer" ? getUser(context.db, id) : getAdmin(context.db, id);
}

/** POST /sign_up {user:{name,email,password}} → 201 data {user, access_token, refresh_token}. */
export async function apiSignUp(context: AppLoadContext, request: Request): Promise<Response> {
  const parsed = parseApiInput(SignupSchema, wrapped(await readJsonObject(request), "user"));
  if (!parsed.success) return validationFailure("Signup failed", parsed.error);
  if (!(await allowAnonymousWrite(context.env, request, "signup"))) return tooManyAttempts();
  const created = await createCustomer(context.db, parsed.data, context.passwordCost);
  if (!created.ok) return apiError(422, EMAIL_TAKEN, { errors: [EMAIL_TAKEN] });
  const tokens = await issueTokenPair(context.db, context.env.TOKEN_SECRET, "customer", created.user.id);
  return apiJson({ success: true, message: "Signed up successfully", data: { user: created.user, ...tokens } }, { status: 201 });
}

/** POST /sign_in and /admin/sign_in {session:{email,password}} → data {user|admin, access_token, refresh_token}. */
export async function apiSignIn(context: AppLoadContext, request: Request, kind: SessionKind): Promise<Response> {
  const schema = kind === "admin" ? AdminLoginSchema : LoginSchema;
  const parsed = parseApiInput(schema, wrapped(await readJsonObject(request), "session"));
  if (!parsed.success) return validationFailure(kind === "admin" ? INVALID_CREDENTIALS : "Login failed", parsed.error);
  if (!(await allowSignInAttempt(context.env, request))) return tooManyAttempts();
  const signedIn = await authenticate(context.db, kind, parsed.data.email, parsed.data.password, context.passwordCost);
  if (!signedIn.ok) return signedIn.reason === "throttled" ? tooManyAttempts(signedIn.retryAfter) : apiError(401, INVALID_CREDENTIALS);
  const id = signedIn.id;
  const [account, tokens] = await Promise.all([person(context, kind, id), issueTokenPair(context.db, context.env.TOKEN_SECRET, kind, id)]);
  const key = kind === "admin" ? "admin" : "user";
  return apiJson({ success: true, message: "Signed in successfully", data: { [key]: account, ...tokens } });
}

/** POST /refresh_token and /admin/refresh_token {refresh_token} → a new pair; the old token stops working. */
export async function apiRefresh(context: AppLoadContext, request: Request, kind: SessionKind): Promise<Response> {
  const parsed = RefreshTokenSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) return apiError(400, "refresh_token is required");
  const rotated = await rotateRefreshToken(context.db, context.env.TOKEN_SECRET, kind, parsed.data.refresh_token);
  if (!rotated) return apiError(401, "Invalid or expired refresh token");
  const tokens = { access_token: rotated.access_token, refresh_token: rotated.refresh_token };
  if (kind === "admin") return apiJson({ success: true, data: tokens });
  return apiJson({ success: true, data: { user: await getUser(context.db, rotated.subjectId), ...tokens } });
}

/** DELETE /sign_out and /admin/sign_out: revokes the caller's refresh tokens, and every access token at once. */
export async function apiSignOut(context: AppLoadContext, request: Request, kind: SessionKind): Promise<Response> {
  const token = await requireApiToken(context, request, kind);
  if (!(await signOutTokens(context.db, kind, token.id, token.issuedAt))) return apiError(401, "Invalid access token");
  return apiJson({ success: true, message: "Signed out successfully" });
}

/** GET /users/me and /admin/profile. */
export async function apiProfile(context: AppLoadContext, request: Request, kind: SessionKind): Promise<Response> {
  const account = kind === "admin" ? await requireApiAdmin(context, request) : await requireApiCustomer(context, request);
  return apiJson({ success: true, data: account });
}

/** PUT /users/update_profile {user:{name}} and PUT /admin/profile {admin:{name}}. */
export async function apiUpdateProfile(context: AppLoadContext, request: Request, kind: SessionKind): Promise<Response> {
  const token = await requireApiToken(context, request, kind);
  const parsed = parseApiInput(UpdateProfileSchema, wrapped(await readJsonObject(request), kind === "admin" ? "admin" : "user"));
  if (!parsed.success) return validationFailure("Profile update failed", parsed.error);
  const updated = await updateName(context.db, kind, token.id, parsed.data.name, token.issuedAt);
  if (!updated) return apiError(401, "Invalid access token");
  return apiJson({ success: true, message: "Profile updated successfully", data: updated });
}

/**
 * PUT /users/change_password {user:{current_password,password,password_confirmation}}, and the
 * admin variant (SPEC leaves its wrapper open: `admin`, `user` or a flat body are accepted).
 * Ends every session and refresh token of the account.
 */
export async function apiChangePassword(context: AppLoadContext, request: Request, kind: SessionKind): Promise<Response> {
  const token = await requireApiToken(context, request, kind);
  const body = await readJsonObject(request);
  const payload = kind === "admin" ? (body.admin ? wrapped(body, "admin") : body.user ? wrapped(body, "user") : body) : wrapped(body, "user");
  const parsed = parseApiInput(ChangePasswordSchema, payload);
  if (!parsed.success) return validationFailure("Password change failed", parsed.error);
  const outcome = await changePassword(context.db, kind, token.id, parsed.data.current_password, parsed.data.password, {
    cost: context.passwordCost,
    tokenIssuedAt: token.issuedAt,
  });
  if (!outcome.ok && outcome.reason === "token_revoked") return apiError(401, "Invalid access token");
  if (!outcome.ok && outcome.reason === "throttled") return tooManyAttempts(outcome.retryAfter);
  if (!outcome.ok) return apiError(422, CURRENT_PASSWORD_INCORRECT, { errors: [CURRENT_PASSWORD_INCORRECT] });
  const message = kind === "admin" ? "Password changed successfully. Please sign in again." : "Password changed successfully. Please login again.";
  return apiJson({ success: true, message });
}
