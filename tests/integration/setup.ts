import { applyD1Migrations, env } from "cloudflare:test";
import { createDb } from "../../db/client";
import { seed } from "../../db/seed/seed";
import { passwordCost } from "~/auth/password.server";
import { fakeMedia } from "./helpers";

/**
 * Every test file starts from the migrated schema and the demo catalogue (with stand-in media bytes).
 * The runtime is shared by the files one worker runs in turn (starting workerd afresh for each file
 * cost more than the tests themselves), so whatever an earlier file left in D1 and R2 goes first.
 */
async function emptyStorage() {
  const { results: tables } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT IN ('d1_migrations', 'sqlite_stat1')",
  ).all<{ name: string; sql: string | null }>();
  // Full-text indexes (virtual tables and their shadow tables) are not emptied by hand: the triggers
  // that keep them empty them with the rows they index.
  const virtual = tables.filter((t) => t.sql?.startsWith("CREATE VIRTUAL TABLE")).map((t) => t.name);
  const results = tables.filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)));
  if (results.length) {
    // Rows only: the schema stays (migrations are already applied), and ids start from 1 again.
    await env.DB.batch([
      env.DB.prepare("PRAGMA defer_foreign_keys = on"),
      ...results.map(({ name }) => env.DB.prepare(`DELETE FROM "${name.replaceAll('"', '""')}"`)),
    ]);
  }
  for (let cursor: string | undefined, more = true; more;) {
    const listing = await env.MEDIA.list({ cursor, limit: 1000 });
    if (listing.objects.length) await env.MEDIA.delete(listing.objects.map((o) => o.key));
    more = listing.truncated;
    cursor = listing.truncated ? listing.cursor : undefined;
  }
}

await emptyStorage();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seed(createDb(env.DB), env.MEDIA, async (file) => fakeMedia(file), passwordCost(env));
