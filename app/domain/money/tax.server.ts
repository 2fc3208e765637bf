/**
 * The tax service: for a package's price, a billing country and an optional business tax id, the
 * rate, the tax, the country whose rule applied and the invoice's note. One function (`quoteOrder`)
 * for checkout, the API and the seed; the product page's price panel reads `consumerTaxReads` in its
 * batch (`consumerRate` answers the same alone). The rules are the shop's own table (edited at
 * /admin/settings/tax: tax-settings.server.ts, whose writes end with `catalogueChanged()` since product
 * pages show a consumer's tax); the decision itself is tax-rules.ts.
 */
import { asc, eq, sql } from "drizzle-orm";
import { queryBuilder, type Database } from "../../../db/client";
import { shopSettings, taxRules } from "../../../db/schema";
import { builtOnce } from "../../platform/built-once.server";
import { consumerRateOf, decideTax, priceOrder, type ConsumerTax, type OrderPrice, type TaxBuyer, type TaxRule } from "./tax-rules";

export type { ConsumerTax, OrderPrice, TaxBuyer, TaxRule };

/** The rule table, most general last (a few rows: read whole). */
export async function loadTaxRules(db: Database): Promise<TaxRule[]> {
  return db
    .select({
      country: taxRules.country,
      customerKind: taxRules.customerKind,
      rateBasisPoints: taxRules.rateBasisPoints,
      note: taxRules.note,
      explanation: taxRules.explanation,
    })
    .from(taxRules)
    .orderBy(asc(taxRules.country), asc(taxRules.customerKind));
}

/** What an order for `subtotalMinor` (less `discountMinor`) charges a buyer, tax included. */
export async function quoteOrder(db: Database, subtotalMinor: number, discountMinor: number, buyer: TaxBuyer): Promise<OrderPrice> {
  return priceOrder(subtotalMinor, discountMinor, decideTax(await loadTaxRules(db), buyer));
}

/** The columns an order keeps of its price. */
export function orderPriceColumns(price: OrderPrice) {
  return {
    subtotalMinor: price.subtotalMinor,
    discountMinor: price.discountMinor,
    taxMinor: price.taxMinor,
    taxRateBasisPoints: price.rateBasisPoints,
    taxCountry: price.taxCountry,
    taxNote: price.taxNote,
  };
}

/** The rate a consumer in `country` pays, when the table has a row of that country's own; null otherwise. */
export async function consumerRate(db: Database, country: string | null): Promise<number | null> {
  if (!country) return null;
  return consumerRateOf(await loadTaxRules(db), country);
}

/**
 * The product page's tax reads, built once (`builtOnce`) for its batch: the visitor's country's own
 * rows (at most three, through the unique index) and the tax's name. A country's own consumer or
 * `any` row always outranks the `*` rows (`decideTax`), so its own rows alone decide whether it has
 * a consumer rate of its own: the page never reads the whole table.
 */
const consumerTaxStatements = (() => {
  const country = sql.placeholder("country");
  return {
    rules: builtOnce(
      { country: taxRules.country, customerKind: taxRules.customerKind, rateBasisPoints: taxRules.rateBasisPoints, note: taxRules.note },
      (selection) => queryBuilder.select(selection).from(taxRules).where(eq(taxRules.country, country)),
    ),
    taxName: builtOnce({ taxName: shopSettings.taxName }, (selection) =>
      queryBuilder.select(selection).from(shopSettings).where(eq(shopSettings.id, 1)).limit(1),
    ),
  };
})();

/**
 * What a consumer in `country` pays in tax, as statements to send in a page's batch and a reader of
 * their results (in the same order): null when the table has no row of that country's own (the
 * `*` fallback alone covers it), like `consumerRate`.
 */
export function consumerTaxReads(db: Database, country: string) {
  return {
    statements: [consumerTaxStatements.rules.bind(db, { country }), consumerTaxStatements.taxName.bind(db, {})],
    read([rules, settings]: readonly (D1Result | undefined)[]): ConsumerTax | null {
      const rate = rules ? consumerRateOf(consumerTaxStatements.rules.rowsOf(rules), country) : null;
      if (rate === null) return null;
      const taxName = (settings && consumerTaxStatements.taxName.rowsOf(settings)[0]?.taxName) || "tax";
      return { country, rateBasisPoints: rate, taxName };
    },
  };
}

export interface ShopSettings {
  sellerName: string;
  sellerAddress: string;
  sellerTaxId: string | null;
  studioCountry: string;
  taxName: string;
}

/** Who sells, as invoices print it. */
export async function getShopSettings(db: Database): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1)).limit(1);
  if (!row) throw new Error("shop_settings has no row: run the migrations");
  return { sellerName: row.sellerName, sellerAddress: row.sellerAddress, sellerTaxId: row.sellerTaxId, studioCountry: row.studioCountry, taxName: row.taxName };
}
