/**
 * The studio's tax settings, as the admin edits them at /admin/settings/tax: who sells (the seller
 * block every invoice prints) and the rule table the tax service decides from (tax.server.ts,
 * tax-rules.ts). The rules are the operator's: the seed's example is an illustration for a
 * UK-registered studio, not advice. Any row may be deleted, the fallbacks too; the screen shows what
 * buyers would then pay (`taxEffects`).
 *
 * Every write ends with `catalogueChanged()`: product pages show a consumer's tax and the tax's
 * name, so cached catalogue pages are made fresh at once, as after a catalogue write.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { customerKinds, shopSettings, taxRules, type CustomerKind } from "../../../db/schema";
import { COUNTRY_CODES, isCountryCode } from "~/lib/countries";
import { RULE_EXPLANATION_MAX, RULE_NOTE_MAX, shopSettingsSchema, TAX_SETTINGS_MESSAGES } from "~/lib/schemas/tax-settings";
import { taxIdMessage } from "~/lib/rules/tax-id";
import { normaliseTaxId } from "./tax-ids.server";
import { catalogueChanged } from "../catalogue/catalogue-version.server";
import { refuse } from "../refusal";
import { ANY_COUNTRY, decideTax, type TaxDecision, type TaxRule } from "./tax-rules";
import type { ShopSettings } from "./tax.server";

/** Who sells, as the settings form and the server read it: a VAT number with its check digits (~/lib/schemas/tax-settings.ts). */
export const ShopSettingsSchema = shopSettingsSchema(normaliseTaxId);

/** A row of the rule table, with its id (for the screen's Delete). */
export interface StoredTaxRule extends TaxRule {
  id: number;
}

export interface TaxRuleInput {
  country: string;
  customerKind: CustomerKind;
  rateBasisPoints: number;
  note: string | null;
  explanation?: string | null;
}

const KIND_ORDER: Record<CustomerKind, number> = { any: 0, consumer: 1, business: 2 };
const RULE_COLUMNS = {
  id: taxRules.id,
  country: taxRules.country,
  customerKind: taxRules.customerKind,
  rateBasisPoints: taxRules.rateBasisPoints,
  note: taxRules.note,
  explanation: taxRules.explanation,
};

/**
 * Saves who sells (the one settings row). The VAT number, when given, must be one of the studio's
 * country and is kept normalised; the schema checks the same, this keeps any other caller to it.
 */
export async function updateShopSettings(db: Database, input: ShopSettings): Promise<ShopSettings> {
  const studioCountry = input.studioCountry.toUpperCase();
  if (!isCountryCode(studioCountry)) throw refuse.invalid(TAX_SETTINGS_MESSAGES.studioCountry);
  const sellerName = input.sellerName.trim();
  const sellerAddress = input.sellerAddress.trim();
  const taxName = input.taxName.trim();
  if (!sellerName || !sellerAddress || !taxName) throw refuse.invalid("Seller name, seller address and tax name are required");
  let sellerTaxId: string | null = null;
  if (input.sellerTaxId?.trim()) {
    const checked = normaliseTaxId(studioCountry, input.sellerTaxId);
    if (!checked.ok) throw refuse.invalid(taxIdMessage(studioCountry));
    sellerTaxId = checked.value;
  }
  const saved: ShopSettings = { sellerName, sellerAddress, sellerTaxId, studioCountry, taxName };
  await db
    .insert(shopSettings)
    .values({ id: 1, ...saved, updatedAt: new Date() })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ...saved, updatedAt: new Date() } });
  await catalogueChanged();
  return saved;
}

/** Every rule with its id: countries by code, then "any other country", each as anyone, consumers, businesses. */
export async function listTaxRules(db: Database): Promise<StoredTaxRule[]> {
  const rows = await db.select(RULE_COLUMNS).from(taxRules);
  return rows.sort(
    (a, b) =>
      Number(a.country === ANY_COUNTRY) - Number(b.country === ANY_COUNTRY) ||
      a.country.localeCompare(b.country) ||
      KIND_ORDER[a.customerKind] - KIND_ORDER[b.customerKind],
  );
}

/**
 * Adds a rule, or replaces the rate and note of the rule of the same country and kind (one row
 * each: `tax_rules_country_kind_unique`). Orders already placed keep the tax they were charged.
 */
export async function saveTaxRule(db: Database, input: TaxRuleInput): Promise<{ rule: StoredTaxRule; replaced: StoredTaxRule | null }> {
  const country = input.country.toUpperCase();
  if (country !== ANY_COUNTRY && !isCountryCode(country)) throw refuse.invalid(TAX_SETTINGS_MESSAGES.ruleCountry);
  if (!customerKinds.includes(input.customerKind)) throw refuse.invalid(TAX_SETTINGS_MESSAGES.kind);
  if (!Number.isInteger(input.rateBasisPoints) || input.rateBasisPoints < 0 || input.rateBasisPoints > 10_000) throw refuse.invalid(TAX_SETTINGS_MESSAGES.rate);
  const note = input.note?.trim() || null;
  if (note && note.length > RULE_NOTE_MAX) throw refuse.invalid(`Note must be at most ${RULE_NOTE_MAX} characters`);
  const explanation = input.explanation?.trim() || null;
  if (explanation && explanation.length > RULE_EXPLANATION_MAX) throw refuse.invalid(`Explanation must be at most ${RULE_EXPLANATION_MAX} characters`);

  const [before] = await db
    .select(RULE_COLUMNS)
    .from(taxRules)
    .where(and(eq(taxRules.country, country), eq(taxRules.customerKind, input.customerKind)))
    .limit(1);
  const [rule] = await db
    .insert(taxRules)
    .values({ country, customerKind: input.customerKind, rateBasisPoints: input.rateBasisPoints, note, explanation })
    .onConflictDoUpdate({ target: [taxRules.country, taxRules.customerKind], set: { rateBasisPoints: input.rateBasisPoints, note, explanation } })
    .returning(RULE_COLUMNS);
  await catalogueChanged();
  return { rule: rule!, replaced: before ?? null };
}

/** Deletes a rule; a rule that is not there (deleted in another tab, say) is refused as not found. */
export async function deleteTaxRule(db: Database, id: number): Promise<StoredTaxRule> {
  const [deleted] = await db.delete(taxRules).where(eq(taxRules.id, id)).returning(RULE_COLUMNS);
  if (!deleted) throw refuse.notFound("That tax rule no longer exists: it may have been deleted already.");
  await catalogueChanged();
  return deleted;
}

/** Where a buyer's rate comes from: their country's own rule, the "any other country" rule, or none (no tax). */
export type TaxSource = "own" | "fallback" | "none";

/** What a consumer and a business of one country pay; `country` null: any country without a rule of its own. */
export interface TaxEffect {
  country: string | null;
  consumer: TaxDecision & { source: TaxSource };
  business: TaxDecision & { source: TaxSource };
}

/**
 * What the rules charge, so the admin sees a change's effect: buyers in the studio's own country,
 * in each other country with rules of its own, and anywhere else (a country without any).
 */
export function taxEffects(rules: readonly TaxRule[], studioCountry: string): TaxEffect[] {
  const own = new Set(rules.map((rule) => rule.country).filter((country) => country !== ANY_COUNTRY));
  const countries = [studioCountry, ...[...own].filter((country) => country !== studioCountry).sort()];
  const decide = (country: string, kind: "consumer" | "business") => {
    const decision = decideTax(rules, { country, taxId: kind === "business" ? "business" : null });
    const fits = rules.some(
      (rule) => (rule.country === country || rule.country === ANY_COUNTRY) && (rule.customerKind === kind || rule.customerKind === "any"),
    );
    const source: TaxSource = decision.countrySpecific ? "own" : fits ? "fallback" : "none";
    return { ...decision, source };
  };
  const effect = (country: string, shown: string | null): TaxEffect => ({
    country: shown,
    consumer: decide(country, "consumer"),
    business: decide(country, "business"),
  });
  const elsewhere = COUNTRY_CODES.find((code) => code !== studioCountry && !own.has(code));
  return [...countries.map((country) => effect(country, country)), ...(elsewhere ? [effect(elsewhere, null)] : [])];
}
