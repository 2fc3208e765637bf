/**
 * The yearly figures platform reporting asks for (the EU's DAC7, the UK's reporting rules for digital
 * platforms): per creator and currency, their identity (their tax details), country of residence,
 * and per quarter the orders they were paid for, the amounts paid to them and the fees and
 * commissions the studio kept. The operator files them; the shop makes no filing itself.
 *
 * Read from the kept months (`creator_ledger_months`, migrations 0060 and 0062), creators in id order
 * a chunk at a time, and streamed as CSV: rows read follow the creators and the months they were
 * active, never the orders behind them.
 *   - paid orders: the earnings written in the quarter (an order earns once);
 *   - amount paid: transfers less reversals in the quarter;
 *   - fees and commissions: the nets the shares were taken of, less the creator's shares (earnings
 *     less clawbacks), in the quarter.
 */
import { and, asc, between, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { creatorLedgerMonths, creators, creatorTaxDetails } from "../../../db/schema";
import { toCsv } from "../money/reports.server";
import { minorToDecimalString } from "~/lib/money-decimal";

/** Creators read per chunk (each a bound variable of the months' query: D1 takes 100). */
const CREATORS_PER_CHUNK = 90;

export const CREATOR_REPORT_HEADER = [
  "creator_id",
  "display_name",
  "legal_name",
  "entity",
  "date_of_birth",
  "company_number",
  "taxpayer_id",
  "vat_number",
  "street",
  "city",
  "state",
  "zip_code",
  "address_country",
  "residence_country",
  "currency",
  ...[1, 2, 3, 4].flatMap((q) => [`q${q}_paid_orders`, `q${q}_amount_paid`, `q${q}_fees_and_commissions`]),
  "year_paid_orders",
  "year_amount_paid",
  "year_fees_and_commissions",
];

export interface QuarterFigures {
  paidOrders: number;
  paidMinor: number;
  feesMinor: number;
}

export interface CreatorYearRow {
  creatorId: number;
  displayName: string;
  residence: string | null;
  tax: typeof creatorTaxDetails.$inferSelect | null;
  currency: string;
  quarters: [QuarterFigures, QuarterFigures, QuarterFigures, QuarterFigures];
}

/** A year the report covers: 2000 to this one. */
export function reportYear(text: string | null, now = Date.now()): number | null {
  if (!text || !/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= 2000 && year <= new Date(now).getUTCFullYear() ? year : null;
}

/** The year's rows of the creators after `afterId` (a chunk), or of one creator. */
async function chunk(db: Database, year: number, scope: { afterId: number } | { creatorId: number }) {
  const people = await db
    .select({ id: creators.id, name: creators.name, country: creators.country, tax: creatorTaxDetails })
    .from(creators)
    .leftJoin(creatorTaxDetails, eq(creatorTaxDetails.creatorId, creators.id))
    .where("creatorId" in scope ? eq(creators.id, scope.creatorId) : gt(creators.id, scope.afterId))
    .orderBy(asc(creators.id))
    .limit(CREATORS_PER_CHUNK);
  if (!people.length) return { rows: [] as CreatorYearRow[], lastId: null };
  const months = await db
    .select()
    .from(creatorLedgerMonths)
    .where(
      and(
        inArray(
          creatorLedgerMonths.creatorId,
          people.map((p) => p.id),
        ),
        between(creatorLedgerMonths.month, `${year}-01`, `${year}-12`),
      ),
    );
  const rows = new Map<string, CreatorYearRow>();
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const month of months) {
    const person = byId.get(month.creatorId)!;
    const key = `${month.creatorId}\t${month.currency}`;
    let row = rows.get(key);
    if (!row) {
      const empty = (): QuarterFigures => ({ paidOrders: 0, paidMinor: 0, feesMinor: 0 });
      row = {
        creatorId: person.id,
        displayName: person.name,
        residence: person.country ?? person.tax?.country ?? null,
        tax: person.tax,
        currency: month.currency,
        quarters: [empty(), empty(), empty(), empty()],
      };
      rows.set(key, row);
    }
    const quarter = row.quarters[Math.floor((Number(month.month.slice(5, 7)) - 1) / 3)]!;
    quarter.paidOrders += month.earnings;
    quarter.paidMinor += month.paidMinor;
    quarter.feesMinor += month.basisMinor - (month.earnedMinor - month.clawedBackMinor);
  }
  const sorted = [...rows.values()].sort((a, b) => a.creatorId - b.creatorId || a.currency.localeCompare(b.currency));
  return { rows: sorted, lastId: people.at(-1)!.id };
}

/** A row as the CSV writes it (amounts as plain decimals of the row's currency). */
export function reportCells(row: CreatorYearRow): (string | number)[] {
  const money = (minor: number) => minorToDecimalString(minor, row.currency);
  const year = row.quarters.reduce(
    (sum, q) => ({ paidOrders: sum.paidOrders + q.paidOrders, paidMinor: sum.paidMinor + q.paidMinor, feesMinor: sum.feesMinor + q.feesMinor }),
    {
      paidOrders: 0,
      paidMinor: 0,
      feesMinor: 0,
    },
  );
  const t = row.tax;
  return [
    row.creatorId,
    row.displayName,
    t?.legalName ?? "",
    t?.entity ?? "",
    t?.dateOfBirth ?? "",
    t?.companyNumber ?? "",
    t?.taxpayerId ?? "",
    t?.vatNumber ?? "",
    t?.street ?? "",
    t?.city ?? "",
    t?.state ?? "",
    t?.zipCode ?? "",
    t?.country ?? "",
    row.residence ?? "",
    row.currency,
    ...row.quarters.flatMap((q) => [q.paidOrders, money(q.paidMinor), money(q.feesMinor)]),
    year.paidOrders,
    money(year.paidMinor),
    money(year.feesMinor),
  ];
}

/** The year's CSV for every creator, streamed a chunk of creators at a time. */
export function creatorsYearCsv(db: Database, year: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(toCsv(CREATOR_REPORT_HEADER, [])));
        return;
      }
      const next = await chunk(db, year, { afterId });
      if (next.lastId === null) {
        controller.close();
        return;
      }
      afterId = next.lastId;
      if (next.rows.length) controller.enqueue(encoder.encode(toCsvRows(next.rows.map(reportCells))));
    },
  });
}

/** One creator's own rows of the year (each currency a row). */
export async function creatorYearCsv(db: Database, creatorId: number, year: number): Promise<string> {
  const { rows } = await chunk(db, year, { creatorId });
  return toCsv(CREATOR_REPORT_HEADER, rows.map(reportCells));
}

/** Rows without the header line. */
function toCsvRows(rows: (string | number)[][]): string {
  return toCsv(CREATOR_REPORT_HEADER, rows).split("\r\n").slice(1).join("\r\n");
}
