import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Database } from "./db/client";

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
    /** A Drizzle client created for this request. */
    db: Database;
  }
}

/** Builds the Remix load context; used by both `server.ts` and the Vite dev proxy. */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: CloudflareContext } }): AppLoadContext {
  const env = context.cloudflare.env;
  assertProductionSecrets(env);
  return { cloudflare: context.cloudflare, env, db: createDb(env.DB) };
}

/** Production must never run on the committed development secrets (DESIGN.md §2). */
function assertProductionSecrets(env: Env) {
  if (env.ENVIRONMENT !== "production") return;
  if (!env.TOKEN_SECRET || env.TOKEN_SECRET.length < 32 || env.TOKEN_SECRET.startsWith("dev-only")) {
    throw new Error("TOKEN_SECRET is missing or a development value: set it with `wrangler secret put TOKEN_SECRET`.");
  }
}
