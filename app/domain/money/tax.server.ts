/**
 * The tax service: for a package's price, a billing country and an optional business tax id, the
 * rate, the tax, the country whose rule applied and the invoice's note. One function (`quoteOrder`)
 * for checkout, the API and the seed; the product page's price panel asks `consumerRate`. The rules
 * are the shop's own table (edited at /admin/settings/tax); the decision itself is tax-rules.ts.
 */
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { shopSettings, taxRules } from "../../../db/schema";
import { consumerRateOf, decideTax, priceOrder, type OrderPrice, type TaxBuyer, type TaxRule } from "./tax-rules";

export type { OrderPrice, TaxBuyer, TaxRule };

/** The rule table, most general last (a few rows: read whole). */
export async function loadTaxRules(db: Database): Promise<TaxRule[]> {
  return db
    .select({ country: taxRules.country, customerKind: taxRules.customerKind, rateBasisPoints: taxRules.rateBasisPoints, note: taxRules.note })
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
