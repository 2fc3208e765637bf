/** Environments where the offline test-card gateway, the demo seed and development secrets may run. */
const LOCAL_ENVIRONMENTS = new Set(["development", "test"]);

/**
 * True only when the environment says it is a local one. Anything else, an unset or misspelt
 * ENVIRONMENT included, is treated as production: the deploy default fails closed.
 */
export function isLocalEnvironment(env: { ENVIRONMENT?: string | undefined }): boolean {
  return LOCAL_ENVIRONMENTS.has(env.ENVIRONMENT ?? "");
}
