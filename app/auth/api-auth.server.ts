/**
 * The token side of accounts for API clients (SPEC §7): sign up/in, refresh, sign out, profile and
 * password, for customers and admins alike. Screens use cookies instead (sessions.server.ts). These
 * return data and throw `Refusal`s; the routes read the input and write the answer.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ChangePasswordInput, LoginInput, SignupInput } from "~/lib/schemas/auth";
import { getAccount, signOutTokens, updateName, type AccountView, type AdminView, type UserView } from "./accounts.server";
import { refuse, settle } from "~/domain/refusal";
import { requireApiToken } from "./auth.server";
import { signIn } from "./authenticator.server";
import type { SessionKind } from "./sessions.server";
import { EMAIL_TAKEN, passwordChangeRefusal, registerCustomer } from "./sign-in.server";
import { issueTokenPair, rotateRefreshToken } from "./tokens.server";
import { changeAccountPassword } from "./password-recovery.server";

type TokenPair = { access_token: string; refresh_token: string };
/** A verified access token of the caller (auth.server.ts `requireApiToken`). */
type ApiToken = { id: number; issuedAt: number };
const revokedToken = () => refuse.unauthenticated("Invalid access token");

function person(context: AppLoadContext, kind: SessionKind, id: number) {
  return getAccount(context.db, kind, id);
}

/** Creates a customer and their first token pair. */
export async function apiSignUp(context: AppLoadContext, request: Request, input: SignupInput): Promise<{ user: UserView } & TokenPair> {
  const created = await settle(registerCustomer(context, request, input));
  // The API names a taken email as an invalid field (SPEC §7), where the screen says it conflicts.
  if (!created.ok) throw created.refusal.kind === "conflict" ? refuse.invalid(EMAIL_TAKEN, [EMAIL_TAKEN]) : created.refusal;
  const tokens = await issueTokenPair(context.db, context.env.TOKEN_SECRET, "customer", created.value.id);
  return { user: created.value, ...tokens };
}

/** Signs an API client in with the credentials of its `{session:{email,password}}` and issues a token pair. */
export async function apiSignIn(
  context: AppLoadContext,
  request: Request,
  kind: SessionKind,
  credentials: LoginInput,
): Promise<{ account: AccountView<SessionKind> | null } & TokenPair> {
  const id = await signIn(context, request, kind, credentials);
  const [account, tokens] = await Promise.all([person(context, kind, id), issueTokenPair(context.db, context.env.TOKEN_SECRET, kind, id)]);
  return { account, ...tokens };
}

/** A new pair for a refresh token; the old one stops working. */
export async function apiRefresh(context: AppLoadContext, kind: SessionKind, refreshToken: string): Promise<{ subjectId: number } & TokenPair> {
  const rotated = await rotateRefreshToken(context.db, context.env.TOKEN_SECRET, kind, refreshToken);
  if (!rotated) throw refuse.unauthenticated("Invalid or expired refresh token");
  return { subjectId: rotated.subjectId, access_token: rotated.access_token, refresh_token: rotated.refresh_token };
}

/** Revokes the caller's refresh tokens, and every access token at once. */
export async function apiSignOut(context: AppLoadContext, request: Request, kind: SessionKind): Promise<void> {
  const token = await requireApiToken(context, request, kind);
  if (!(await signOutTokens(context.db, kind, token.id, token.issuedAt))) throw revokedToken();
}

/** Renames the caller (checked, with the caller's token, in the update itself). */
export async function apiUpdateProfile(context: AppLoadContext, token: ApiToken, kind: SessionKind, name: string): Promise<UserView | AdminView> {
  const updated = await updateName(context.db, kind, token.id, name, token.issuedAt);
  if (!updated) throw revokedToken();
  return updated;
}

/** Changes the caller's password after checking the current one; every session and token ends. */
export async function apiChangePassword(
  context: AppLoadContext,
  request: Request,
  token: ApiToken,
  kind: SessionKind,
  input: ChangePasswordInput,
): Promise<void> {
  const outcome = await changeAccountPassword(context, request, kind, token.id, input.current_password, input.password, token.issuedAt);
  if (outcome.ok) return;
  throw passwordChangeRefusal(outcome);
}
