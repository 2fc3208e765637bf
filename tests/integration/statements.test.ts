/**
 * Creators' monthly statements: per currency, the opening balance (the months before, kept) and
 * each movement of the month to the closing balance, equal to the ledger's own sums; the printable
 * page, the PDF and the API, each the creator's own only.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { adjustBalance } from "~/domain/payouts/admin.server";
import { createLocalConnect } from "~/domain/payouts/local-connect.server";
import { runPayouts } from "~/domain/payouts/transfers.server";
import { STATEMENT_MESSAGES } from "~/lib/rules/payouts";
import { adminSignIn, api, customerCookie, get, newCustomer, postForm } from "./helpers";
import { newCreator, type Tokens } from "./creator-fixtures";
import { clear, earnedOrder, refund, resetPayoutState } from "./payout-fixtures";

const db = () => createDb(env.DB);

type Statement = {
  month: string;
  creator: { id: number; name: string };
  currencies: {
    currency: string;
    opening_minor: number;
    earned_minor: number;
    paid_minor: number;
    clawed_back_minor: number;
    adjusted_minor: number;
    closing_minor: number;
    movements: { id: number; kind: string; amount_minor: number; note: string | null }[];
    truncated: boolean;
  }[];
};

let admin: Tokens;
beforeEach(async () => {
  admin = await adminSignIn();
  await resetPayoutState();
});

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

async function ledgerRows(creatorId: number, from: number, to: number) {
  return (
    await env.DB.prepare(
      "SELECT id, kind, amount_minor FROM ledger_entries WHERE creator_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, id",
    )
      .bind(creatorId, from, to)
      .all<{ id: number; kind: string; amount_minor: number }>()
  ).results;
}

describe("monthly statements", () => {
  it("open with the months before, list each movement of the month and close on the balance: equal to the ledger's sums", async () => {
    const maker = await newCreator(admin);
    await env.DB.prepare("UPDATE creators SET country = 'GB' WHERE id = ?").bind(maker.id).run();
    const started = await api<{ data: { url: string } }>("POST", "/creator/payout_account", { token: maker.token });
    expect((await postForm(new URL(started.body.data.url).pathname, { decision: "complete" }, { Cookie: maker.cookie })).status).toBe(302);

    // Last month: an adjustment in the creator's favour (written then), paid this month.
    const now = Date.now();
    const thisMonthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
    const lastMonth = thisMonthStart - 5 * 86_400_000;
    const adminId = (await env.DB.prepare("SELECT id FROM admins ORDER BY id LIMIT 1").first<number>("id"))!;
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 4200, currency: "GBP", reason: "Travel to the shoot", key: null }, lastMonth);

    // This month: an order earned and paid, then partly refunded (clawed back by a reversal); an adjustment taken.
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    expect(await runPayouts(db(), createLocalConnect(db()))).toMatchObject({ paid: 2 });
    await refund(admin, order.id, "120.00");
    expect(await runPayouts(db(), createLocalConnect(db()))).toMatchObject({ reversed: 1 });
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: -350, currency: "GBP", reason: "Music licence", key: null });

    const before = await api<{ data: Statement }>("GET", `/creator/statements/${monthOf(lastMonth)}`, { token: maker.token });
    expect(before.status).toBe(200);
    expect(before.body.data.currencies).toEqual([
      expect.objectContaining({ currency: "GBP", opening_minor: 0, adjusted_minor: 4200, closing_minor: 4200, truncated: false }),
    ]);
    expect(before.body.data.currencies[0]!.movements).toEqual([
      expect.objectContaining({ kind: "adjustment", amount_minor: 4200, note: "Travel to the shoot" }),
    ]);

    const current = await api<{ data: Statement }>("GET", `/creator/statements/${monthOf(now)}`, { token: maker.token });
    expect(current.status).toBe(200);
    const gbp = current.body.data.currencies.find((c) => c.currency === "GBP")!;
    const rows = await ledgerRows(maker.id, thisMonthStart, Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() + 1, 1));
    const sum = (kinds: string[], sign = 1) => rows.filter((r) => kinds.includes(r.kind)).reduce((total, r) => total + sign * r.amount_minor, 0);
    expect(gbp.opening_minor).toBe(4200);
    expect(gbp.movements.map((m) => [m.id, m.kind, m.amount_minor])).toEqual(rows.map((r) => [r.id, r.kind, r.amount_minor]));
    expect(gbp).toMatchObject({
      earned_minor: sum(["earning"]),
      paid_minor: sum(["transfer", "reversal"], -1),
      clawed_back_minor: sum(["clawback"], -1),
      adjusted_minor: sum(["adjustment"]),
      closing_minor: 4200 + sum(["earning", "transfer", "reversal", "clawback", "adjustment", "release"]),
    });
    // The closing balance is what the studio owes the creator now: their kept balance.
    const balance = await env.DB.prepare("SELECT balance_minor FROM creator_balances WHERE creator_id = ? AND currency = 'GBP'")
      .bind(maker.id)
      .first<number>("balance_minor");
    expect(gbp.closing_minor).toBe(balance);

    // The list of months, the printable page and the PDF.
    const months = await api<{ data: { month: string; pdf: string }[] }>("GET", "/creator/statements", { token: maker.token });
    expect(months.body.data.map((m) => m.month)).toEqual([monthOf(now), monthOf(lastMonth)]);
    const payouts = await (await get("/studio/payouts", { headers: { Cookie: maker.cookie } })).text();
    expect(payouts).toContain(`href="/studio/payouts/statements/${monthOf(now)}"`);
    const page = await get(`/studio/payouts/statements/${monthOf(now)}`, { headers: { Cookie: maker.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Opening balance");
    expect(html).toContain("Closing balance");
    expect(html).toContain("Music licence");
    const pdf = await get(`/studio/payouts/statements/${monthOf(now)}/statement.pdf`, { headers: { Cookie: maker.cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("are the creator's own only: another creator reads their own month, a customer or a visitor none; a month to come or malformed is not found", async () => {
    const maker = await newCreator(admin);
    const other = await newCreator(admin);
    const adminId = (await env.DB.prepare("SELECT id FROM admins ORDER BY id LIMIT 1").first<number>("id"))!;
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 999, currency: "GBP", reason: "Only theirs", key: null });
    const month = monthOf(Date.now());
    const theirs = await api<{ data: Statement }>("GET", `/creator/statements/${month}`, { token: other.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.creator.id).toBe(other.id);
    expect(JSON.stringify(theirs.body)).not.toContain("Only theirs");
    expect(await (await get(`/studio/payouts/statements/${month}`, { headers: { Cookie: other.cookie } })).text()).not.toContain("Only theirs");

    const customer = await newCustomer();
    expect((await api("GET", `/creator/statements/${month}`, { token: customer.access_token })).status).toBe(403);
    expect((await api("GET", `/creator/statements/${month}`)).status).toBe(401);
    const asCustomer = await get(`/studio/payouts/statements/${month}/statement.pdf`, { headers: { Cookie: await customerCookie() } });
    expect(asCustomer.status).toBe(302);
    expect(asCustomer.headers.get("Location")).toMatch(/^\/creator\/login/);

    for (const bad of ["2999-01", "2026-13", "26-11", "2026-11-01", "latest"]) {
      const answer = await api<{ message: string }>("GET", `/creator/statements/${bad}`, { token: maker.token });
      expect(answer.status, bad).toBe(404);
      expect(answer.body.message).toBe(STATEMENT_MESSAGES.notFound);
      expect((await get(`/studio/payouts/statements/${bad}`, { headers: { Cookie: maker.cookie } })).status, bad).toBe(404);
    }
  });
});
