/** Who the shop is: named in every email's footer and on every receipt. */
export const SHOP = {
  name: "Reelcraft",
  legalName: "Reelcraft Studio Ltd",
  address: "Reelcraft Studio Ltd, 1 Canal Street, Manchester M1 3HE, United Kingdom",
  email: "hello@reelcraft.example",
} as const;

/**
 * How the shop writes money, and the currency it sells in: the operator's settings. Every price on
 * a screen, in an email or a PDF is written by `formatMoney` (app/lib/money.ts) in this locale
 * (`£1,299.00`, `€1,200.00`, `US$499.00` in en-GB); the admin's package form starts with this
 * currency chosen, and the demo catalogue is priced in it.
 */
export const SHOP_LOCALE = "en-GB";
export const SHOP_CURRENCY = "GBP";

/** What every receipt says of taxes (the checkout shows the same words). */
export const TAX_NOTE = "Price excludes taxes";
