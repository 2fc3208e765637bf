/**
 * Who is signing in: the one place a password sign-in is decided, for the two sign-in screens and
 * the API's two sign-in calls, through remix-auth's Authenticator (ADR 011). The adapters read the
 * credentials (a screen's form, the API's JSON body: app/http); one strategy per kind of account
 * checks them: the address's limit, then the account's own wait and its password. What follows a
 * sign-in is not decided here: screens start a D1 session (`sign-in.server.ts`), the API issues
 * tokens (`api-auth.server.ts`). Who is asking on later requests is `auth.server.ts`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import type { LoginInput } from "~/lib/schemas/auth";
import { authenticate } from "./accounts.server";
import { allowSignInAttempt } from "./rate-limit.server";
import { refuse } from "~/domain/refusal";
import type { SessionKind } from "./sessions.server";

export const INVALID_CREDENTIALS = "Invalid email or password";

/**
 * remix-auth's strategy for credentials an adapter has already read and validated: the body is
 * read once, by the reader each adapter bounds (the form's or the API's), never again here.
 */
class CredentialsStrategy extends Strategy<number, LoginInput> {
  name = "credentials";
  constructor(
    private readonly credentials: LoginInput,
    verify: Strategy.VerifyFunction<number, LoginInput>,
  ) {
    super(verify);
  }
  authenticate(): Promise<number> {
    return this.verify(this.credentials);
  }
}

/**
 * Signs `credentials` in as an account of `kind`: the account's id. Refusals: `unauthenticated`
 * (wrong credentials, never saying which part), `throttled` (within the address's or the account's
 * limit). The Authenticator is built per request: its strategy holds this request's credentials.
 */
export function signIn(context: AppLoadContext, request: Request, kind: SessionKind, credentials: LoginInput): Promise<number> {
  const authenticator = new Authenticator<number>();
  authenticator.use(
    new CredentialsStrategy(credentials, async ({ email, password }) => {
      if (!(await allowSignInAttempt(context.env, request))) throw refuse.throttled();
      const checked = await authenticate(context.db, kind, email, password, context.passwordCost);
      if (checked.ok) return checked.id;
      if (checked.reason === "throttled") throw refuse.throttled(checked.retryAfter);
      throw refuse.unauthenticated(INVALID_CREDENTIALS);
    }),
    kind,
  );
  // remix-auth copies the request it is given, body included; the body was already read by the
  // adapter, so the strategy gets the request's URL and headers only.
  return authenticator.authenticate(kind, new Request(request.url, { headers: request.headers }));
}
