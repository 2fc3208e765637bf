import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { promotions } from "../../db/schema";
import { featuredPromotion } from "~/domain/money/promotions.server";
import { get } from "./helpers";

/**
 * The listing's banner shows a promotion anyone may use now, as it is (its code, what it gives, on
 * which services, until when), or nothing; never over search results.
 */
const db = createDb(env.DB);
const html = async (path: string) => (await (await get(path)).text()).replace(/<!-- -->/g, "");

describe("the listing's promotion banner", () => {
  it("names the seed's code, its discount and its services; none over search results", async () => {
    expect(await featuredPromotion(db)).toMatchObject({ code: "LAUNCH20", gives: "20% off", terms: "" });
    const page = await html("/products");
    expect(page).toContain("Use the code <strong");
    expect(page).toContain("LAUNCH20");
    expect(page).not.toContain("up to 20% off");
    expect(await html("/products?q=logo")).not.toContain('aria-label="Promotion"');
  });

  it("an ended or switched-off promotion is not shown; a promotion on every service says so, with its end and its first-order rule", async () => {
    const now = Date.now();
    await db.update(promotions).set({ active: false }).where(eq(promotions.code, "LAUNCH20"));
    await db.insert(promotions).values({ code: "GONE30", percentOff: 30, allProducts: true, endsAt: new Date(now - 1000) });
    expect(await featuredPromotion(db, now)).toBeNull();
    expect(await html("/products")).not.toContain('aria-label="Promotion"');
    await db.insert(promotions).values({ code: "WELCOME10", percentOff: 10, allProducts: true, firstOrderOnly: true, endsAt: new Date(Date.UTC(2027, 0, 31)) });
    expect(await featuredPromotion(db, now)).toEqual({
      code: "WELCOME10",
      gives: "10% off every service",
      products: "all",
      terms: ", until 31 Jan 2027, on your first order",
    });
  });
});
