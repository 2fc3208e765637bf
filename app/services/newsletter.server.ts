import type { Database } from "../../db/client";
import { newsletterSubscriptions } from "../../db/schema";

/**
 * Adds an address to the newsletter. Submitting it again changes nothing and answers the same, so
 * the box never tells anyone whether an address was already on the list.
 */
export async function subscribe(db: Database, email: string) {
  await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing({ target: newsletterSubscriptions.email });
}
