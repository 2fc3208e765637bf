/**
 * Creators' shares: the part of an order's net price (after discount, before tax) its creator earns.
 * The rate is the creator's own where an admin set one, else the product's, else the shop's default
 * (payout_settings, 70% until an admin changes it), and it is fixed on the order in the write that
 * assigns it (an accepted offer, an admin's assignment), so a later change of any rate leaves the
 * orders already given alone. The earning itself is written to the ledger when the order completes
 * (migration 0051's trigger, with `earningOf`'s rounding).
 */
import { sql, type SQLWrapper } from "drizzle-orm";
import { creators, orders, payoutSettings, products } from "../../../db/schema";
import { DEFAULT_SHARE_BASIS_POINTS, earningOf } from "~/lib/rules/payouts";

/** The rate a creator would get on a product's order now, by precedence (an SQL expression, for the assigning write). */
export function shareRateOf(creatorId: SQLWrapper | number, productId: SQLWrapper | number) {
  return sql<number>`coalesce(
    (SELECT ${creators.shareBasisPoints} FROM ${creators} WHERE ${creators.id} = ${creatorId}),
    (SELECT ${products.creatorShareBasisPoints} FROM ${products} WHERE ${products.id} = ${productId}),
    (SELECT ${payoutSettings.defaultShareBasisPoints} FROM ${payoutSettings} WHERE ${payoutSettings.id} = 1),
    ${DEFAULT_SHARE_BASIS_POINTS})`;
}

/** The order's product, named in full for a sub-query inside a write to `orders` (a bare column would be the sub-query's). */
export const orderProductId = sql.raw(`"orders"."product_id"`);

/** The net price an order's share is taken of: what was charged before tax, less what went back of it. */
export const orderNetMinor = sql<number>`(${orders.subtotalMinor} - ${orders.discountMinor} - (${orders.refundedMinor} - ${orders.refundedTaxMinor}))`;

/** What a creator earns on an order, as the offer and the order show it ("You earn £699.30"). */
export interface EarningView {
  amount_minor: number;
  currency: string;
  share_basis_points: number;
}

export function earningView(netMinor: number, shareBasisPoints: number, currency: string): EarningView {
  return { amount_minor: earningOf(netMinor, shareBasisPoints), currency, share_basis_points: shareBasisPoints };
}
