/** A customer's billing addresses. Every function is scoped by user id: nobody sees another's. */
import { checkVatNumber, type VatVerifier } from "../money/vat-numbers.server";
import { buysAsBusiness } from "~/lib/rules/buyer";
import { refuse } from "../refusal";
import { and, asc, count, desc, eq, exists, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { billingAddresses, users } from "../../../db/schema";
import { fullRowOf } from "../../../db/insert-select";
import type { AddressInput } from "~/lib/schemas/address";

export interface AddressView {
  id: number;
  street: string;
  /** The address's second line (a flat, a building), or null. */
  street_2: string | null;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  is_default: boolean;
  /** A business buyer's name and VAT/tax number (both optional), printed on invoices. */
  company_name: string | null;
  tax_id: string | null;
}

type Row = typeof billingAddresses.$inferSelect;

function toView(row: Row): AddressView {
  return {
    id: row.id,
    street: row.street,
    street_2: row.street2,
    city: row.city,
    state: row.state,
    zip_code: row.zipCode,
    country: row.country,
    is_default: row.isDefault,
    company_name: row.companyName,
    tax_id: row.taxId,
  };
}

/** A customer's addresses, default first, then oldest first; `userId` may be a session's subject (sessionSubject). */
export async function listAddresses(db: Database, userId: number | SQL<number | null>): Promise<AddressView[]> {
  const rows = await db
    .select()
    .from(billingAddresses)
    .where(eq(billingAddresses.userId, userId))
    .orderBy(desc(billingAddresses.isDefault), asc(billingAddresses.id));
  return rows.map(toView);
}

export async function getAddress(db: Database, userId: number, id: number): Promise<AddressView | null> {
  const [row] = await db
    .select()
    .from(billingAddresses)
    .where(and(eq(billingAddresses.id, id), eq(billingAddresses.userId, userId)))
    .limit(1);
  return row ? toView(row) : null;
}

/** An address as its columns store it (the optional parts null); the tax number comes normalised by AddressSchema (~/lib/rules/tax-id.ts). */
function addressColumns(input: AddressInput) {
  return {
    street: input.street,
    street2: input.street_2 ?? null,
    city: input.city,
    state: input.state,
    zipCode: input.zip_code,
    country: input.country,
    companyName: input.company_name ?? null,
    taxId: input.tax_id ?? null,
  };
}

/** How many billing addresses one account may keep. */
export const ADDRESS_LIMIT = 20;
export const ADDRESS_LIMIT_MESSAGE = `You can save up to ${ADDRESS_LIMIT} billing addresses.`;

/**
 * Saves an address. It becomes the default when asked, or when it is the customer's first; the old
 * default is unset in the same batch, so there is never zero or two defaults. An account that
 * already has ADDRESS_LIMIT addresses is refused (`invalid`, the limit named).
 */
export async function createAddress(db: Database, userId: number, input: AddressInput, vatNumbers?: VatVerifier): Promise<AddressView> {
  const [counted] = await db.select({ n: count() }).from(billingAddresses).where(eq(billingAddresses.userId, userId));
  const has = counted?.n ?? 0;
  if (has >= ADDRESS_LIMIT) throw refuse.invalid(ADDRESS_LIMIT_MESSAGE, [ADDRESS_LIMIT_MESSAGE]);
  const makeDefault = input.is_default || has === 0;
  // The limit is checked again by the writes themselves: requests at the same moment all passed the
  // count above, but each insert (and the default's switch) lands only while the account is under it.
  const underLimit = sql`(SELECT count(*) FROM ${billingAddresses} WHERE ${billingAddresses.userId} = ${userId}) < ${ADDRESS_LIMIT}`;
  const insert = db
    .insert(billingAddresses)
    .select(
      db
        .select(
          fullRowOf(billingAddresses, {
            userId,
            ...addressColumns(input),
            isDefault: makeDefault,
          }),
        )
        .from(users)
        .where(and(eq(users.id, userId), underLimit)),
    )
    .returning();
  const inserted = makeDefault
    ? (
        await db.batch([
          db
            .update(billingAddresses)
            .set({ isDefault: false })
            .where(and(eq(billingAddresses.userId, userId), eq(billingAddresses.isDefault, true), underLimit)),
          insert,
        ])
      )[1]
    : await insert;
  if (!inserted[0]) throw refuse.invalid(ADDRESS_LIMIT_MESSAGE, [ADDRESS_LIMIT_MESSAGE]);
  return checkedView(db, toView(inserted[0]), vatNumbers);
}

/**
 * A business's VAT number is checked as its address is saved (the answer kept for checkout, which
 * asks again only past 30 days; vat-numbers.server.ts). The address is saved whatever the answer:
 * checkout says what it means for the price.
 */
async function checkedView(db: Database, view: AddressView, vatNumbers: VatVerifier | undefined): Promise<AddressView> {
  if (vatNumbers && buysAsBusiness(view) && view.tax_id) await checkVatNumber(db, vatNumbers, view.tax_id);
  return view;
}

/**
 * Changes one of the customer's addresses (`not_found` for anyone else's). Asked to be the default,
 * it becomes it and the old default is unset in the same batch; the default stays the default until
 * another address takes its place, so there is never zero or two. Orders made with it keep the
 * buyer as invoiced (their billing snapshot): nothing issued changes.
 */
export async function updateAddress(db: Database, userId: number, id: number, input: AddressInput, vatNumbers?: VatVerifier): Promise<AddressView> {
  const mine = and(eq(billingAddresses.id, id), eq(billingAddresses.userId, userId));
  const update = db
    .update(billingAddresses)
    .set({
      ...addressColumns(input),
      ...(input.is_default ? { isDefault: true } : {}),
    })
    .where(mine)
    .returning();
  const [updated] = input.is_default ? (await db.batch([unsetOtherDefault(db, userId, id), update]))[1] : await update;
  if (!updated) throw refuse.notFound("Billing address not found");
  return checkedView(db, toView(updated), vatNumbers);
}

/**
 * The statement, for a batch, that unsets the customer's default when address `id` is theirs and
 * about to become the default (so there is never zero or two defaults).
 */
function unsetOtherDefault(db: Database, userId: number, id: number) {
  const mine = and(eq(billingAddresses.id, id), eq(billingAddresses.userId, userId));
  return db
    .update(billingAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(billingAddresses.userId, userId),
        eq(billingAddresses.isDefault, true),
        sql`${billingAddresses.id} <> ${id}`,
        exists(
          db
            .select({ one: sql`1` })
            .from(billingAddresses)
            .where(mine),
        ),
      ),
    );
}

/** Makes one of the customer's addresses the default (`not_found` for anyone else's); the old default stops being it, in the same batch. */
export async function setDefaultAddress(db: Database, userId: number, id: number): Promise<void> {
  const mine = and(eq(billingAddresses.id, id), eq(billingAddresses.userId, userId));
  const [, updated] = await db.batch([
    unsetOtherDefault(db, userId, id),
    db.update(billingAddresses).set({ isDefault: true }).where(mine).returning({ id: billingAddresses.id }),
  ]);
  if (!updated.length) throw refuse.notFound("Billing address not found");
}

/**
 * Deletes one of the customer's addresses (`not_found` for anyone else's). When it was the default,
 * the most recent remaining address becomes the default, in the same batch. Orders made with it keep
 * their own copy of the buyer as invoiced; their link to the address is cleared (ON DELETE SET NULL).
 */
export async function deleteAddress(db: Database, userId: number, id: number): Promise<void> {
  const [deleted] = await db.batch([
    db
      .delete(billingAddresses)
      .where(and(eq(billingAddresses.id, id), eq(billingAddresses.userId, userId)))
      .returning({ id: billingAddresses.id }),
    db
      .update(billingAddresses)
      .set({ isDefault: true })
      .where(
        and(
          eq(
            billingAddresses.id,
            sql`(SELECT ${billingAddresses.id} FROM ${billingAddresses} WHERE ${billingAddresses.userId} = ${userId} ORDER BY ${billingAddresses.id} DESC LIMIT 1)`,
          ),
          sql`NOT EXISTS (SELECT 1 FROM ${billingAddresses} WHERE ${billingAddresses.userId} = ${userId} AND ${billingAddresses.isDefault} = 1)`,
        ),
      ),
  ]);
  if (!deleted.length) throw refuse.notFound("Billing address not found");
}

/** The address checkout preselects (SPEC §4): the default, else the first. */
export function preferredAddress(addresses: AddressView[]): AddressView | undefined {
  return addresses.find((a) => a.is_default) ?? addresses[0];
}
