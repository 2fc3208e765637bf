/** Environments where the offline test-card gateway, the demo seed and development secrets may run. */
const LOCAL_ENVIRONMENTS = new Set(["development", "test"]);

/** Where a local run is served when nothing says otherwise (`npm start`'s default port). */
const LOCAL_SHOP_ORIGIN = "http://localhost:8787";

/**
 * The shop's public origin (`https://shop.example`), for every link an email carries. Never taken
 * from a request: its Host header is the sender's to choose. SHOP_ORIGIN must be set in production
 * (the Worker refuses to serve without it, load-context.ts); the start and test scripts set it
 * locally from the origin they serve on, and a local run without it uses http://localhost:8787.
 */
export function shopOrigin(env: { SHOP_ORIGIN?: string | undefined; ENVIRONMENT?: string | undefined }): string {
  const configured = configuredOrigin(env.SHOP_ORIGIN);
  if (configured) return configured;
  if (isLocalEnvironment(env)) return LOCAL_SHOP_ORIGIN;
  throw new Error("SHOP_ORIGIN is missing or not an origin: set it in wrangler.toml's [vars] (https://shop.example).");
}

/** SHOP_ORIGIN as an origin (scheme, host and port only), or null when it is not one. */
export function configuredOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * True only when the environment says it is a local one. Anything else, an unset or misspelt
 * ENVIRONMENT included, is treated as production: the deploy default fails closed.
 */
export function isLocalEnvironment(env: { ENVIRONMENT?: string | undefined }): boolean {
  return LOCAL_ENVIRONMENTS.has(env.ENVIRONMENT ?? "");
}
