/**
 * Who buys, read by checkout, cancellation and tax alike: a business is a buyer whose billing
 * address gives both a company name and a tax number; anyone else buys as a consumer. The
 * declaration decides the consumer's rights (a business has no 14-day cancellation and its work
 * starts at once); the tax treatment also needs the number verified (app/domain/money/vat-numbers.server.ts).
 */
export interface BuyerDeclaration {
  company_name?: string | null | undefined;
  /** The same, as an order's billing snapshot names it. */
  company?: string | null | undefined;
  tax_id?: string | null | undefined;
}

const given = (text: string | null | undefined) => typeof text === "string" && text.trim() !== "";

export function buysAsBusiness(buyer: BuyerDeclaration): boolean {
  return given(buyer.company_name ?? buyer.company) && given(buyer.tax_id);
}
