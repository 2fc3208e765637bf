const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express" };

/** A saved card as the customer reads it: "Visa •••• 4242". */
export const cardName = (card: { brand: string; last4: string }) => `${BRANDS[card.brand] ?? "Card"} •••• ${card.last4}`;

/** A card's expiry as printed on it: "12/2040". */
export const cardExpiry = (card: { exp_month: number; exp_year: number }) => `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}`;
