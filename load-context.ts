// vite.config.ts loads this file (the dev proxy's load context) through Node, where the `~/` alias does
// not resolve: everything it imports, all the way down, uses relative paths.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Database } from "./db/client";
import type { PaymentGateway } from "./app/domain/payments/gateway.server";
import { isLocalEnvironment, shopOrigin } from "./app/domain/environment.server";
import { createPaymentGateway } from "./app/domain/payments/factory.server";
import { createTaxService, type TaxService } from "./app/domain/money/tax-service.server";
import { assertVatVerifierChosen } from "./app/domain/money/vat-numbers.server";
import { openReplicaSession, type RequestD1 } from "./app/edge/d1-replicas.server";
import { passwordCost, type PasswordCost } from "./app/auth/index.server";
import { visitorCountry } from "./app/http/visitor-country.server";

/** What the Cloudflare runtime hands every request (the dev proxy supplies the same shape). */
export interface CloudflareContext {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  cf?: unknown;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: CloudflareContext;
    env: Env;
    /** A Drizzle client created for this request, over its D1 session (`d1-replicas.server.ts`). */
    db: Database;
    /** This request's D1 session, and whether its answer hands the bookmark back. */
    d1: RequestD1;
    /** This deployment's payment gateway, built on first use and then shared by the whole request. */
    readonly payments: PaymentGateway;
    /** Where orders' tax comes from: the shop's rule table, or Stripe Tax (app/domain/money/tax-service.server.ts). */
    readonly tax: TaxService;
    /**
     * Set once the answer was made with a session in hand (auth.server.ts): `server.ts` then marks
     * the response `Cache-Control: private, no-store`, and no shared cache keeps it. It lives on the
     * context, not in module state, because `server.ts` and the Remix build are bundled apart.
     */
    privacy: { personal: boolean };
    /** What new password hashes cost here (production's, except in a test run that asks for less). */
    passwordCost: PasswordCost;
    /** The origin this request reached (a page's canonical links). Emails never use it: their links are built on SHOP_ORIGIN (`shopOrigin`). */
    origin: string;
    /** This response's Content-Security-Policy nonce: `server.ts` puts it in the header, entry.server.tsx on the scripts. */
    cspNonce: string;
    /** Where the visitor is (ISO 3166-1 alpha-2), or null: the edge's country, or a local stand-in (`visitorCountry`). */
    visitorCountry: string | null;
    /**
     * What the answer was made for beyond its URL, for the edge cache (app/edge/edge-cache.server.ts).
     * A page that shows a consumer's tax (the product page) sets `taxClass`: the visitor's country
     * when its tax line shows, else `*` (the one copy without). The page is cached under that class
     * only, whatever the cache guessed before it was made.
     */
    madeFor: { taxClass?: string };
  }
}

/** Builds the Remix load context; used by both `server.ts` and the Vite dev proxy. */
export function getLoadContext({ request, context }: { request: Request; context: { cloudflare: CloudflareContext } }): AppLoadContext {
  const env = context.cloudflare.env;
  assertProductionSecrets(env);
  const d1 = openReplicaSession(env.DB, request);
  const db = createDb(d1.session);
  let payments: PaymentGateway | undefined;
  let tax: TaxService | undefined;
  return {
    cloudflare: context.cloudflare,
    env,
    db,
    d1,
    privacy: { personal: false },
    cspNonce: newNonce(),
    origin: new URL(request.url).origin,
    passwordCost: passwordCost(env),
    visitorCountry: visitorCountry(request, env, context.cloudflare.cf),
    madeFor: {},
    get payments() {
      // Lazily, so pages that never pay never build a gateway (and a misconfigured one fails only checkout).
      return (payments ??= createPaymentGateway(env, db));
    },
    get tax() {
      return (tax ??= createTaxService(env));
    },
  };
}

function newNonce() {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** Outside a local environment the Worker must never run on the committed development secrets (docs/design.md §2). */
function assertProductionSecrets(env: Env) {
  if (isLocalEnvironment(env)) return;
  if (!env.TOKEN_SECRET || env.TOKEN_SECRET.length < 32 || env.TOKEN_SECRET.startsWith("dev-only")) {
    throw new Error("TOKEN_SECRET is missing or a development value: set it with `wrangler secret put TOKEN_SECRET`.");
  }
  // Email links are built on it (environment.server.ts): refuse to run without it rather than send broken links.
  shopOrigin(env);
  // The reverse charge rests on it: production names its VAT number verifier (vat-numbers.server.ts).
  assertVatVerifierChosen(env);
}
