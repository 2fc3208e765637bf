/**
 * Who is signing in: the one place a password sign-in is decided, for the two sign-in screens and
 * the API's two sign-in calls, through remix-auth's Authenticator (ADR 011). Four named strategies
 * share one check: the address's limit, then the account's own wait and its password. What follows a
 * sign-in is not decided here: screens start a D1 session (`sign-in.server.ts`), the API issues
 * tokens (`api-auth.server.ts`). Who is asking on later requests is `auth.server.ts`.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { FormStrategy } from "remix-auth-form";
import { AdminLoginSchema, LoginSchema, type LoginInput } from "~/lib/schemas/auth";
import { authenticate } from "./accounts.server";
import { readApiBody } from "../http/api-route.server";
import { parseSubmission } from "../http/form-submission.server";
import { allowSignInAttempt } from "./rate-limit.server";
import { refuse } from "~/domain/refusal";
import type { SessionKind } from "./sessions.server";

export const INVALID_CREDENTIALS = "Invalid email or password";

/** Who signed in; a screen's sign-in also hands back the submitted form (remix-auth read the body). */
export type SignedIn = { kind: SessionKind; id: number; form: FormData | null };

/** The check every strategy makes once it has an email and a password. */
async function verifyCredentials(context: AppLoadContext, request: Request, kind: SessionKind, { email, password }: LoginInput) {
  if (!(await allowSignInAttempt(context.env, request))) throw refuse.throttled();
  const checked = await authenticate(context.db, kind, email, password, context.passwordCost);
  if (checked.ok) return checked.id;
  if (checked.reason === "throttled") throw refuse.throttled(checked.retryAfter);
  throw refuse.unauthenticated(INVALID_CREDENTIALS);
}

/**
 * remix-auth-form's FormStrategy for JSON bodies: reads the API's `{session:{email,password}}` with
 * the reader every API route uses (a malformed body answers 422 with `failure` as its message).
 */
class ApiCredentialsStrategy extends Strategy<SignedIn, { credentials: LoginInput; request: Request }> {
  name = "api-credentials";
  constructor(
    private readonly schema: typeof LoginSchema | typeof AdminLoginSchema,
    private readonly failure: string,
    verify: Strategy.VerifyFunction<SignedIn, { credentials: LoginInput; request: Request }>,
  ) {
    super(verify);
  }
  async authenticate(request: Request): Promise<SignedIn> {
    const credentials = await readApiBody(request, this.schema, { wrapper: "session", failure: this.failure });
    return this.verify({ credentials, request });
  }
}

const SCHEMA = { customer: LoginSchema, admin: AdminLoginSchema } as const;

/** A sign-in screen's form read against its schema (the screen replies with it when refused). */
export function parseSignInForm(form: FormData, kind: SessionKind) {
  return parseSubmission(form, { schema: SCHEMA[kind], allow: ["redirectTo"] });
}
/** The API's 422 message for a malformed sign-in body (SPEC §7). */
const API_BODY_FAILURE = { customer: "Login failed", admin: INVALID_CREDENTIALS } as const;

export type StrategyName = `${SessionKind}-${"form" | "api"}`;

function buildAuthenticator(context: AppLoadContext) {
  const authenticator = new Authenticator<SignedIn>();
  for (const kind of ["customer", "admin"] as const) {
    authenticator.use(
      new FormStrategy<SignedIn>(async ({ form, request }) => {
        const submission = parseSignInForm(form, kind);
        if (submission.status !== "success") throw refuse.invalid("Enter your email and password");
        return { kind, id: await verifyCredentials(context, request, kind, submission.value as LoginInput), form };
      }),
      `${kind}-form` satisfies StrategyName,
    );
    authenticator.use(
      new ApiCredentialsStrategy(SCHEMA[kind], API_BODY_FAILURE[kind], async ({ credentials, request }) => ({
        kind,
        id: await verifyCredentials(context, request, kind, credentials),
        form: null,
      })),
      `${kind}-api` satisfies StrategyName,
    );
  }
  return authenticator;
}

const perRequest = new WeakMap<AppLoadContext, Authenticator<SignedIn>>();

/**
 * Signs a request in with the named strategy (its verify needs this request's D1 and limits, so the
 * Authenticator is built once per request). Refusals: `unauthenticated` (wrong credentials, never
 * saying which part), `throttled` (within a limit), `invalid` (an incomplete form or API body).
 */
export function signIn(context: AppLoadContext, request: Request, strategy: StrategyName): Promise<SignedIn> {
  let authenticator = perRequest.get(context);
  if (!authenticator) perRequest.set(context, (authenticator = buildAuthenticator(context)));
  return authenticator.authenticate(strategy, request);
}
