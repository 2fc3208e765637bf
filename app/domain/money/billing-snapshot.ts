import type { AddressParts } from "~/lib/rules/address-rules";
/**
 * The buyer as an invoice names them, copied into the order when it is made: invoices read only
 * this copy, so later edits or the erasure of the address book never change an issued invoice.
 */
export interface BillingSnapshot {
  name: string;
  company: string | null;
  /** Street (two lines where given), city, state, postcode: those the address has. */
  lines: string[];
  /** ISO 3166-1 alpha-2. */
  country: string;
  tax_id: string | null;
}

export function billingSnapshot(name: string, address: AddressParts & { company_name: string | null; tax_id: string | null }): BillingSnapshot {
  return {
    name,
    company: address.company_name,
    lines: [address.street, address.street_2 ?? "", address.city, address.state, address.zip_code].filter((line) => line.trim() !== ""),
    country: address.country,
    tax_id: address.tax_id,
  };
}

/** The stored copy read back; null when the order has none (or it cannot be read). */
export function readBillingSnapshot(json: string | null): BillingSnapshot | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<BillingSnapshot>;
    if (typeof value.name !== "string" || typeof value.country !== "string" || !Array.isArray(value.lines)) return null;
    return {
      name: value.name,
      company: typeof value.company === "string" ? value.company : null,
      lines: value.lines.filter((line): line is string => typeof line === "string"),
      country: value.country,
      tax_id: typeof value.tax_id === "string" ? value.tax_id : null,
    };
  } catch {
    return null;
  }
}
