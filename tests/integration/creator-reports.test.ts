/**
 * The yearly figures for platform reporting: per creator and currency, their identity and per quarter
 * the orders paid for, the amounts paid to them and the studio's fees and commissions, equal to the
 * ledger's per-quarter sums; the admins' CSV of everyone, each creator's own row; nobody else's.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createLocalConnect } from "~/domain/payouts/local-connect.server";
import { runPayouts } from "~/domain/payouts/transfers.server";
import { CREATOR_REPORT_HEADER } from "~/domain/payouts/reports.server";
import { minorToDecimalString } from "~/lib/money-decimal";
import { adminCookie, adminSignIn, api, customerCookie, get, postForm } from "./helpers";
import { newCreator, type Tokens } from "./creator-fixtures";
import { clear, earnedOrder, refund, resetPayoutState } from "./payout-fixtures";

const db = () => createDb(env.DB);
let admin: Tokens;
beforeEach(async () => {
  admin = await adminSignIn();
  await resetPayoutState();
});

const parse = (csv: string) =>
  csv
    .trim()
    .split("\r\n")
    .map((line) => line.split(","));

describe("creators' yearly figures", () => {
  it("per quarter: orders paid for, amounts paid and the studio's fees, equal to the ledger's sums; the admins' CSV and the creator's own row", async () => {
    const maker = await newCreator(admin);
    await env.DB.prepare("UPDATE creators SET country = 'GB' WHERE id = ?").bind(maker.id).run();
    const tax = {
      entity: "individual",
      legal_name: "Mara Report",
      date_of_birth: "1988-05-06",
      taxpayer_id: "QQ123456C",
      street: "1 Studio Lane",
      city: "Leeds",
      zip_code: "LS1 1AA",
      country: "GB",
    };
    expect((await api("PUT", "/creator/tax_details", { token: maker.token, body: { tax_details: tax } })).status).toBe(200);
    const started = await api<{ data: { url: string } }>("POST", "/creator/payout_account", { token: maker.token });
    expect((await postForm(new URL(started.body.data.url).pathname, { decision: "complete" }, { Cookie: maker.cookie })).status).toBe(302);
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    expect(await runPayouts(db(), createLocalConnect(db()))).toMatchObject({ paid: 1 });
    await refund(admin, order.id, "120.00");
    expect(await runPayouts(db(), createLocalConnect(db()))).toMatchObject({ reversed: 1 });

    // What the ledger says for this year, by quarter.
    const year = new Date().getUTCFullYear();
    const rows = (
      await env.DB.prepare(
        "SELECT kind, amount_minor, basis_minor, CAST(strftime('%m', created_at / 1000, 'unixepoch') AS INTEGER) AS m FROM ledger_entries WHERE creator_id = ? AND currency = 'GBP'",
      )
        .bind(maker.id)
        .all<{ kind: string; amount_minor: number; basis_minor: number | null; m: number }>()
    ).results;
    const quarter = (q: number) => rows.filter((r) => Math.floor((r.m - 1) / 3) === q);
    const expected = [0, 1, 2, 3].map((q) => {
      const inQ = quarter(q);
      const paidOrders = inQ.filter((r) => r.kind === "earning").length;
      const paid = -inQ.filter((r) => r.kind === "transfer" || r.kind === "reversal").reduce((s, r) => s + r.amount_minor, 0);
      const basis = inQ.reduce((s, r) => s + (r.basis_minor ?? 0), 0);
      const shares = inQ.filter((r) => r.kind === "earning" || r.kind === "clawback").reduce((s, r) => s + r.amount_minor, 0);
      return [String(paidOrders), minorToDecimalString(paid, "GBP"), minorToDecimalString(basis - shares, "GBP")];
    });
    // The studio kept 30% of what the customer paid net (the order's net less the refund's), here: not nothing.
    const earningRow = rows.find((r) => r.kind === "earning")!;
    expect(earningRow.basis_minor).toBeGreaterThan(earningRow.amount_minor);

    const response = await get(`/admin/reports/creators.csv?year=${year}`, { headers: { Cookie: await adminCookie() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const table = parse(await response.text());
    expect(table[0]).toEqual(CREATOR_REPORT_HEADER);
    const mine = table.filter((line) => line[0] === String(maker.id));
    expect(mine).toHaveLength(1);
    const line = mine[0]!;
    const at = (name: string) => line[CREATOR_REPORT_HEADER.indexOf(name)];
    expect([at("legal_name"), at("entity"), at("date_of_birth"), at("taxpayer_id"), at("residence_country"), at("currency")]).toEqual([
      "Mara Report",
      "individual",
      "1988-05-06",
      "QQ123456C",
      "GB",
      "GBP",
    ]);
    for (const q of [0, 1, 2, 3]) {
      expect([at(`q${q + 1}_paid_orders`), at(`q${q + 1}_amount_paid`), at(`q${q + 1}_fees_and_commissions`)], `quarter ${q + 1}`).toEqual(expected[q]);
    }
    expect(at("year_paid_orders")).toBe("1");

    // The creator's own row, the same.
    const own = await get(`/studio/tax/report.csv?year=${year}`, { headers: { Cookie: maker.cookie } });
    expect(own.status).toBe(200);
    const ownTable = parse(await own.text());
    expect(ownTable).toEqual([CREATOR_REPORT_HEADER, line]);
  });

  it("are the admins' (everyone) and each creator's (their own) only; a year to come or malformed is refused", async () => {
    const maker = await newCreator(admin);
    const year = new Date().getUTCFullYear();
    const byCreator = await get(`/admin/reports/creators.csv?year=${year}`, { headers: { Cookie: maker.cookie } });
    expect(byCreator.status).toBe(302);
    expect(byCreator.headers.get("Location")).toMatch(/^\/admin\/login/);
    const byCustomer = await get(`/studio/tax/report.csv?year=${year}`, { headers: { Cookie: await customerCookie() } });
    expect(byCustomer.status).toBe(302);
    expect(byCustomer.headers.get("Location")).toMatch(/^\/creator\/login/);
    const theirs = parse(await (await get(`/studio/tax/report.csv?year=${year}`, { headers: { Cookie: maker.cookie } })).text());
    expect(theirs.slice(1).every((line) => line[0] === String(maker.id))).toBe(true);
    for (const bad of [String(year + 1), "1999", "20x6", ""]) {
      expect((await get(`/admin/reports/creators.csv?year=${bad}`, { headers: { Cookie: await adminCookie() } })).status, bad).toBe(400);
      expect((await get(`/studio/tax/report.csv?year=${bad}`, { headers: { Cookie: maker.cookie } })).status, bad).toBe(400);
    }
  });
});
