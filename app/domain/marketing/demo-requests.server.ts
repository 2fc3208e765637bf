import { desc } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { demoRequests } from "../../../db/schema";
import type { DemoRequestInput } from "~/lib/schemas/demo-request";

/** Stores a landing-page demo request; admins read them later. */
export async function createDemoRequest(db: Database, input: DemoRequestInput) {
  const [row] = await db
    .insert(demoRequests)
    .values({ name: input.name, email: input.email, company: input.company || null, message: input.message || null })
    .returning({ id: demoRequests.id });
  return row!;
}

export async function listDemoRequests(db: Database, limit = 50) {
  return db.select().from(demoRequests).orderBy(desc(demoRequests.createdAt), desc(demoRequests.id)).limit(limit);
}
