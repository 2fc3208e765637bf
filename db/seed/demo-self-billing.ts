/**
 * Self-billing as the demo shows it: the operator's agreement and rule table (an illustration for a
 * UK-registered studio, not tax advice), the demo creator's tax details (a VAT-registered creator in
 * Sweden: a reverse charge) and their agreement, accepted before their first earning, with the
 * invoices of every closed month since issued. Written once each: what an operator or the creator
 * changed stays.
 */
import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { Database } from "../client";
import { creatorTaxDetails, ledgerEntries, selfBillingAgreements, selfBillingRules, shopSettings } from "../schema";
import { issueSelfBilledInvoices } from "../../app/domain/payouts/self-billing.server";
import { monthAfter, monthOf } from "../../app/lib/rules/statements";
import { ISSUE_AFTER_MS, type SelfBillingRule } from "../../app/lib/rules/self-billing";
import { demoCreatorId } from "./demo-creators";

export const EXAMPLE_AGREEMENT = `Self-billing agreement between Reelcraft Studio Ltd ("the studio", the customer) and you ("the creator", the supplier).

1. The studio issues a self-billed invoice for the work you supply to it through Reelcraft: one for each calendar month in which you earn, are charged back or have an adjustment, after the month ends. Each invoice has a number in your own sequence and shows your details as you gave them under Tax details.
2. You will not issue your own sales invoices for the work these invoices cover.
3. Your share of an order is the whole price of your supply: where you are registered for VAT, it includes the VAT, which the invoice shows.
4. You will tell the studio at once if you register or stop being registered for VAT, if your VAT number changes, or if you sell or transfer your business, by updating your tax details.
5. Either of you may end this agreement at any time. Invoices for months that ended before it did are still issued.`;

/** The seed's example: UK VAT for a creator registered in the UK, a reverse charge for a business abroad, none otherwise. */
export const EXAMPLE_SELF_BILLING_RULES: readonly SelfBillingRule[] = [
  { country: "GB", supplierKind: "registered", rateBasisPoints: 2000, note: "The VAT shown is your output tax due to HMRC." },
  { country: "GB", supplierKind: "business", rateBasisPoints: 0, note: "No VAT: the supplier is not registered for VAT." },
  { country: "*", supplierKind: "registered", rateBasisPoints: 0, note: "Reverse charge: the customer accounts for the VAT due on this supply." },
  { country: "*", supplierKind: "business", rateBasisPoints: 0, note: "Reverse charge: the customer accounts for any VAT due on this supply." },
  { country: "*", supplierKind: "individual", rateBasisPoints: 0, note: "No VAT: the supplier is not registered for VAT." },
];

const DAY = 86_400_000;

export async function seedSelfBilling(db: Database, now = Date.now()): Promise<number> {
  const [{ rules } = { rules: 0 }] = await db.select({ rules: count() }).from(selfBillingRules);
  if (rules === 0) {
    await db.batch([
      db.insert(selfBillingRules).values([...EXAMPLE_SELF_BILLING_RULES]),
      db
        .update(shopSettings)
        .set({ selfBillingAgreement: EXAMPLE_AGREEMENT })
        .where(and(eq(shopSettings.id, 1), isNull(shopSettings.selfBillingAgreement))),
    ]);
  }
  const creatorId = await demoCreatorId(db);
  if (!creatorId) return 0;
  await db
    .insert(creatorTaxDetails)
    .values({
      creatorId,
      entity: "individual",
      legalName: "Mara Lind",
      dateOfBirth: "1990-04-21",
      taxpayerId: "19900421-1234",
      vatNumber: "SE556012070001",
      street: "Storgatan 1",
      city: "Stockholm",
      zipCode: "111 22",
      country: "SE",
      updatedAt: new Date(now),
    })
    .onConflictDoNothing();
  const [first] = await db
    .select({ at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.creatorId, creatorId))
    .orderBy(asc(ledgerEntries.createdAt))
    .limit(1);
  const [text] = await db.select({ text: shopSettings.selfBillingAgreement }).from(shopSettings).where(eq(shopSettings.id, 1)).limit(1);
  if (!text?.text) return 0;
  const acceptedAt = (first?.at.getTime() ?? now) - 3 * DAY;
  await db
    .insert(selfBillingAgreements)
    .values({ creatorId, agreementText: text.text, acceptedAt: new Date(acceptedAt), invoicedThrough: monthAfter(monthOf(acceptedAt), -1) })
    .onConflictDoNothing();
  // The demo's rows are all written: a month that closed in the last hour need not wait its hour.
  return issueSelfBilledInvoices(db, now + ISSUE_AFTER_MS);
}
