/**
 * `npm run db:seed`: seeds the local D1 and R2 (the same storage `wrangler dev` uses) through
 * wrangler's platform proxy. Local only: refuses to run unless ENVIRONMENT says development or test.
 * PERSIST_DIR selects another local state folder (the e2e suite uses its own).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { isLocalEnvironment } from "../app/domain/environment.server";
import { createDb } from "./client";
import { seed } from "./seed/seed";

const persistDir = process.env.PERSIST_DIR ?? ".wrangler/state";
const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: join(persistDir, "v3") } });
try {
  if (!isLocalEnvironment(env)) throw new Error(`Refusing to seed: ENVIRONMENT is "${env.ENVIRONMENT ?? ""}", not development or test (see .dev.vars).`);
  const mediaDir = join(import.meta.dirname, "seed", "media");
  const load = async (file: string) => new Uint8Array(await readFile(join(mediaDir, file)));
  const result = await seed(createDb(env.DB), env.MEDIA, load, undefined, (file) => load(join("variants", file)));
  console.log(
    `Seed: ${result.productsCreated} products, ${result.accountsCreated} accounts, ${result.mediaUploaded} media files, ${result.variantsMade} image variants , ${result.ordersCreated} demo orders and ${result.reviewsCreated} demo reviews added (existing data kept).`,
  );
} finally {
  await dispose();
}
