/**
 * Creators' tax details: who the studio pays, as its records and the platform reports need them
 * (legal name and address, a date of birth or a company number, taxpayer id, VAT number). The
 * creator keeps them (`/studio/tax`, `GET|PUT /api/v1/creator/tax_details`); the admins read them
 * (`GET /api/v1/admin/creators/{id}/tax_details`); nobody else. Erasing the creator's account keeps
 * them for the legal period (`kept_until`, ten years), while the rest of the account goes.
 */
import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { creators, creatorTaxDetails } from "../../../db/schema";
import { refuse } from "../refusal";
import type { CreatorTaxDetailsInput, TaxEntity } from "~/lib/schemas/creator-tax";

/** How long tax details outlive an erased account: ten years. */
export const TAX_RECORDS_KEPT_MS = 10 * 366 * 86_400_000;

export interface TaxDetailsView {
  entity: TaxEntity;
  legal_name: string;
  date_of_birth: string | null;
  company_number: string | null;
  taxpayer_id: string;
  vat_number: string | null;
  street: string;
  city: string;
  state: string | null;
  zip_code: string | null;
  country: string;
  kept_until: string | null;
  updated_at: string;
}

function view(row: typeof creatorTaxDetails.$inferSelect): TaxDetailsView {
  return {
    entity: row.entity,
    legal_name: row.legalName,
    date_of_birth: row.dateOfBirth,
    company_number: row.companyNumber,
    taxpayer_id: row.taxpayerId,
    vat_number: row.vatNumber,
    street: row.street,
    city: row.city,
    state: row.state,
    zip_code: row.zipCode,
    country: row.country,
    kept_until: row.keptUntil ? row.keptUntil.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The creator's tax details, or null when they have given none. */
export async function getTaxDetails(db: Database, creatorId: number): Promise<TaxDetailsView | null> {
  const [row] = await db.select().from(creatorTaxDetails).where(eq(creatorTaxDetails.creatorId, creatorId)).limit(1);
  return row ? view(row) : null;
}

/** An admin reads a creator's tax details: `not_found` for no such creator; null when they gave none. */
export async function adminTaxDetails(db: Database, creatorId: number): Promise<TaxDetailsView | null> {
  const [creator] = await db.select({ id: creators.id }).from(creators).where(eq(creators.id, creatorId)).limit(1);
  if (!creator) throw refuse.notFound("Creator not found");
  return getTaxDetails(db, creatorId);
}

/** Saves them (all at once: the form and the API send the whole set). */
export async function saveTaxDetails(db: Database, creatorId: number, input: CreatorTaxDetailsInput, now = Date.now()): Promise<TaxDetailsView> {
  const values = {
    entity: input.entity,
    legalName: input.legal_name,
    dateOfBirth: input.date_of_birth,
    companyNumber: input.company_number,
    taxpayerId: input.taxpayer_id,
    vatNumber: input.vat_number,
    street: input.street,
    city: input.city,
    state: input.state,
    zipCode: input.zip_code,
    country: input.country,
    updatedAt: new Date(now),
  };
  const [row] = await db
    .insert(creatorTaxDetails)
    .values({ creatorId, ...values })
    .onConflictDoUpdate({ target: creatorTaxDetails.creatorId, set: values })
    .returning();
  return view(row!);
}

/** Tax details one scheduled run removes at most; the rest go on the next run. */
export const TAX_DETAILS_REMOVED_PER_RUN = 500;

/** The scheduled run removes tax details kept past their legal period (an erased creator's, ten years on). Returns how many went. */
export async function removeExpiredTaxDetails(db: Database, now = Date.now()): Promise<number> {
  const removed = await db
    .delete(creatorTaxDetails)
    .where(
      inArray(
        creatorTaxDetails.creatorId,
        db
          .select({ id: creatorTaxDetails.creatorId })
          .from(creatorTaxDetails)
          .where(and(isNotNull(creatorTaxDetails.keptUntil), lte(creatorTaxDetails.keptUntil, new Date(now))))
          .limit(TAX_DETAILS_REMOVED_PER_RUN),
      ),
    )
    .returning({ id: creatorTaxDetails.creatorId });
  return removed.length;
}
