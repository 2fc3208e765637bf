/** Who the shop is: named in every email's footer and on every receipt. */
export const SHOP = {
  name: "Reelcraft",
  legalName: "Reelcraft Studio Ltd",
  address: "Reelcraft Studio Ltd, 1 Canal Street, Manchester M1 3HE, United Kingdom",
  email: "hello@reelcraft.example",
} as const;

/** What every receipt says of taxes (the checkout shows the same words). */
export const TAX_NOTE = "Price excludes taxes";
