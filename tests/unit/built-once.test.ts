import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, queryBuilder } from "../../db/client";
import { builtOnce } from "~/platform/built-once.server";
import { packages, products } from "../../db/schema";

/** A D1 stand-in that records the statements prepared and the values bound (no rows are read). */
function recordingD1() {
  const prepared: { sql: string; values: unknown[] }[] = [];
  const d1 = {
    prepare(text: string) {
      return {
        bind(...values: unknown[]) {
          prepared.push({ sql: text, values });
          return this;
        },
      };
    },
  };
  return { db: createDb(d1 as unknown as D1Database), prepared };
}

describe("builtOnce", () => {
  it("builds the SQL once and binds each run's values in the placeholders' order", () => {
    let builds = 0;
    const statement = builtOnce({ id: products.id, title: products.title }, (selection) => {
      builds += 1;
      return queryBuilder
        .select(selection)
        .from(products)
        .where(sql`${products.title} LIKE ${sql.placeholder("pattern")}`)
        .limit(sql.placeholder("limit"));
    });
    const { db, prepared } = recordingD1();
    statement.bind(db, { pattern: "%a%", limit: 3 });
    statement.bind(db, { limit: 5, pattern: "%b%" });
    expect(builds).toBe(1);
    expect(prepared[0]?.sql).toBe(prepared[1]?.sql);
    expect(prepared.map((p) => p.values)).toEqual([
      ["%a%", 3],
      ["%b%", 5],
    ]);
    expect(() => statement.bind(db, { pattern: "%c%" })).toThrow('No value for placeholder "limit"');
  });

  it("reads rows by column name into fields, decoding as the schema says", () => {
    const statement = builtOnce(
      {
        id: products.id,
        services: products.servicesOffered,
        createdAt: products.createdAt,
        archivedAt: products.archivedAt,
        price: sql<number>`1`.as("price"),
      },
      (selection) => queryBuilder.select(selection).from(products),
    );
    const rows = statement.rowsOf({
      results: [{ id: 7, services_offered: '["Edit","Grade"]', created_at: 1_700_000_000_000, archived_at: null, price: 4900 }],
      success: true,
      meta: {} as D1Meta & Record<string, unknown>,
    });
    expect(rows).toEqual([{ id: 7, services: ["Edit", "Grade"], createdAt: new Date(1_700_000_000_000), archivedAt: null, price: 4900 }]);
  });

  it("refuses two selected columns of one name, which D1 would return as one", () => {
    const statement = builtOnce({ productId: products.id, packageId: packages.id }, (selection) =>
      queryBuilder
        .select(selection)
        .from(products)
        .innerJoin(packages, sql`${packages.productId} = ${products.id}`),
    );
    const { db } = recordingD1();
    expect(() => statement.bind(db, {})).toThrow('Two selected columns are named "id"');
  });
});
