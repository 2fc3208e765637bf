/**
 * A record id from a URL (`/products/12`, `?address=3`): 1 to 12 digits, as a number, or null for
 * anything else (signs, decimals, `1e3`, spaces, overlong), so a bad id can never reach a query.
 * The one place routes read ids.
 */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}
