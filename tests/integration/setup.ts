import { applyD1Migrations, env } from "cloudflare:test";
import { createDb } from "../../db/client";
import { seed } from "../../db/seed/seed";
import { passwordCost } from "~/services/password.server";
import { fakeMedia } from "./helpers";

// Every test file starts from the migrated schema and the demo catalogue (with stand-in media bytes).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seed(createDb(env.DB), env.MEDIA, async (file) => fakeMedia(file), passwordCost(env));
