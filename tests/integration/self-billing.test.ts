/**
 * Self-billing: a creator who accepted the operator's agreement gets, for each closed month, their
 * invoice to the studio issued by the studio: the month's earnings, clawbacks and adjustments (not
 * its transfers), equal to the ledger's sums, numbered once each in the creator's own sequence, with
 * the tax the operator's rules give their case; on the statement (page and API) and as a PDF, the
 * creator's own only, and every one for the admins.
 */
import { env } from "cloudflare:test";
import { PDFDocument } from "pdf-lib";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { adjustBalance } from "~/domain/payouts/admin.server";
import { createLocalConnect } from "~/domain/payouts/local-connect.server";
import { issueSelfBilledInvoices, saveAgreementText } from "~/domain/payouts/self-billing.server";
import { runPayouts } from "~/domain/payouts/transfers.server";
import { SELF_BILLING_MESSAGES, taxWithin } from "~/lib/rules/self-billing";
import { monthAfter, monthOf } from "~/lib/rules/statements";
import { EXAMPLE_AGREEMENT } from "../../db/seed/demo-self-billing";
import { adminCookie, adminSignIn, api, customerCookie, get, newCustomer, postForm } from "./helpers";
import { newCreator, type Tokens } from "./creator-fixtures";
import { clear, earnedOrder, refund, resetPayoutState, type Maker } from "./payout-fixtures";
import { pdfText } from "./pdf-text";

const db = () => createDb(env.DB);
const DAY = 86_400_000;
/** After a month's end and its hour's wait (ISSUE_AFTER_MS): its invoices are due. */
const HOURS_2 = 2 * 3_600_000;

type Line = { id: number; kind: string; amount_minor: number; order_id: number | null };
type Invoice = {
  id: number;
  document: string;
  number: string;
  sequence: number;
  month: string;
  currency: string;
  total_minor: number;
  tax_minor: number;
  net_minor: number;
  rate_basis_points: number;
  tax_note: string | null;
  supplier: { kind: string; name: string; country: string; vat_number: string | null };
  customer: { name: string; tax_id: string | null };
  lines: Line[];
};
type Agreement = {
  offered_text: string | null;
  active: boolean;
  text_changed: boolean;
  has_tax_details: boolean;
  accepted: { ended_at: string | null; last_month: string | null } | null;
};

let admin: Tokens;
let adminId: number;
beforeEach(async () => {
  admin = await adminSignIn();
  adminId = (await env.DB.prepare("SELECT id FROM admins ORDER BY id LIMIT 1").first<number>("id"))!;
  await resetPayoutState();
  await saveAgreementText(db(), EXAMPLE_AGREEMENT);
});

const startOf = (month: string) => Date.parse(`${month}-01T00:00:00Z`);

async function taxDetails(maker: Maker, details: { country: string; vat_number?: string; entity?: "individual" | "company" }) {
  const entity = details.entity ?? "individual";
  const saved = await api("PUT", "/creator/tax_details", {
    token: maker.token,
    body: {
      tax_details: {
        entity,
        legal_name: `${maker.name} Legal`,
        ...(entity === "individual" ? { date_of_birth: "1988-02-03" } : { company_number: "09876543" }),
        taxpayer_id: "TAX-123",
        vat_number: details.vat_number ?? "",
        street: "2 Mill Lane",
        city: "Leeds",
        zip_code: "LS1 1AA",
        country: details.country,
      },
    },
  });
  expect(saved.status).toBe(200);
}

async function accept(maker: Maker) {
  const answer = await api<{ data: Agreement; message: string }>("POST", "/creator/self_billing_agreement", {
    token: maker.token,
    body: { self_billing_agreement: { accept: true } },
  });
  expect(answer.status).toBe(200);
  expect(answer.body.message).toBe(SELF_BILLING_MESSAGES.accepted);
  expect(answer.body.data.active).toBe(true);
}

async function invoicesOf(maker: Maker, month: string) {
  const statement = await api<{ data: { self_billed_invoices: Invoice[] } }>("GET", `/creator/statements/${month}`, { token: maker.token });
  expect(statement.status).toBe(200);
  return statement.body.data.self_billed_invoices;
}

/** Invoices of a month still to come on the real calendar (its statement is not open yet), as stored. */
async function issuedFor(creatorId: number, month: string) {
  return (
    await env.DB.prepare(
      "SELECT number, total_minor, tax_minor, rate_bp, tax_note FROM self_billed_invoices WHERE creator_id = ? AND month = ? ORDER BY currency",
    )
      .bind(creatorId, month)
      .all<{ number: number; total_minor: number; tax_minor: number; rate_bp: number; tax_note: string | null }>()
  ).results;
}

async function suppliesOf(creatorId: number, month: string) {
  return (
    await env.DB.prepare(
      "SELECT id, kind, amount_minor FROM ledger_entries WHERE creator_id = ? AND created_at >= ? AND created_at < ? AND kind IN ('earning', 'clawback', 'adjustment') ORDER BY created_at, id",
    )
      .bind(creatorId, startOf(month), startOf(monthAfter(month)))
      .all<{ id: number; kind: string; amount_minor: number }>()
  ).results;
}

describe("self-billed invoices", () => {
  it("bill each closed month's earnings, clawbacks and adjustments once, equal to the ledger's sums, in the creator's own sequence", async () => {
    const maker = await newCreator(admin);
    await env.DB.prepare("UPDATE creators SET country = 'GB' WHERE id = ?").bind(maker.id).run();
    const started = await api<{ data: { url: string } }>("POST", "/creator/payout_account", { token: maker.token });
    expect((await postForm(new URL(started.body.data.url).pathname, { decision: "complete" }, { Cookie: maker.cookie })).status).toBe(302);
    await taxDetails(maker, { country: "GB", vat_number: "GB246813551" });
    await accept(maker);

    // This month: an order earned and paid, partly refunded (a clawback, settled by a reversal), an adjustment.
    const month = monthOf(Date.now());
    const order = await earnedOrder(admin, maker);
    await clear(order.id);
    expect(await runPayouts(db(), createLocalConnect(db()))).toMatchObject({ paid: 1 });
    await refund(admin, order.id, "120.00");
    expect(await runPayouts(db(), createLocalConnect(db()))).toMatchObject({ reversed: 1 });
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: -350, currency: "GBP", reason: "Music licence", key: null });

    // Not before the month has closed, nor in the hour after (rows dated in it may still be on their way).
    await issueSelfBilledInvoices(db());
    const nextMonth = monthAfter(month);
    await issueSelfBilledInvoices(db(), startOf(nextMonth) + 30 * 60_000);
    expect(await invoicesOf(maker, month)).toEqual([]);
    await issueSelfBilledInvoices(db(), startOf(nextMonth) + 3_600_000);
    const [invoice, ...more] = await invoicesOf(maker, month);
    expect(more).toEqual([]);
    const supplies = await suppliesOf(maker.id, month);
    expect(supplies.map((s) => s.kind).sort()).toEqual(["adjustment", "clawback", "earning"]);
    const total = supplies.reduce((sum, s) => sum + s.amount_minor, 0);
    expect(invoice!.lines.map((l) => [l.id, l.kind, l.amount_minor])).toEqual(supplies.map((s) => [s.id, s.kind, s.amount_minor]));
    expect(invoice).toMatchObject({
      number: `SB-${maker.id}-0001`,
      sequence: 1,
      currency: "GBP",
      total_minor: total,
      tax_minor: taxWithin(total, 2000),
      net_minor: total - taxWithin(total, 2000),
      rate_basis_points: 2000,
      tax_note: "The VAT shown is your output tax due to HMRC.",
      supplier: { kind: "registered", name: `${maker.name} Legal`, country: "GB", vat_number: "GB246813551" },
      customer: { name: "Reelcraft Studio Ltd", tax_id: "GB246813551" },
    });
    // The tax is within the share: a fifth of the total over 1.2, to the penny.
    expect(invoice!.tax_minor).toBe(Math.round((total * 2000) / 12000));

    // A replayed run, and two at once, issue nothing more.
    await issueSelfBilledInvoices(db(), startOf(nextMonth) + 7_200_000);
    await Promise.all([issueSelfBilledInvoices(db(), startOf(nextMonth) + 9_000_000), issueSelfBilledInvoices(db(), startOf(nextMonth) + 9_000_000)]);
    expect(await invoicesOf(maker, month)).toEqual([invoice]);

    // Next month's adjustment is the second invoice; a month with only payments, none.
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 5000, currency: "GBP", reason: "Rush fee", key: null }, startOf(nextMonth) + DAY);
    await Promise.all([
      issueSelfBilledInvoices(db(), startOf(monthAfter(nextMonth, 2)) + HOURS_2),
      issueSelfBilledInvoices(db(), startOf(monthAfter(nextMonth, 2)) + HOURS_2),
    ]);
    const rows = await env.DB.prepare("SELECT number, month, total_minor FROM self_billed_invoices WHERE creator_id = ? ORDER BY number")
      .bind(maker.id)
      .all<{ number: number; month: string; total_minor: number }>();
    expect(rows.results).toEqual([
      { number: 1, month, total_minor: total },
      { number: 2, month: nextMonth, total_minor: 5000 },
    ]);

    // The page and the PDF print it: both sides, the lines, net, VAT and total, the rule's words.
    const page = await (await get(`/studio/payouts/statements/${month}`, { headers: { Cookie: maker.cookie } })).text();
    expect(page).toContain(`Self-billed invoice SB-${maker.id}-0001`);
    expect(page).toContain("The VAT shown is your output tax due to HMRC.");
    expect(page).toContain(`href="/studio/payouts/invoices/${invoice!.id}/invoice.pdf"`);
    const pdf = await get(`/studio/payouts/invoices/${invoice!.id}/invoice.pdf`, { headers: { Cookie: maker.cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = await pdf.arrayBuffer();
    expect((await PDFDocument.load(bytes)).getTitle()).toBe(`Self-billed invoice SB-${maker.id}-0001 · ${maker.name} Legal`);
    const words = await pdfText(bytes);
    for (const expected of [
      `${maker.name} Legal`,
      "VAT number: GB246813551",
      "Reelcraft Studio Ltd",
      `SB-${maker.id}-0001`,
      "Music licence",
      "VAT at 20%",
      "The VAT shown is your output tax due to HMRC.",
    ])
      expect(words).toContain(expected);
  });

  it("take the tax the operator's rules give: a reverse charge across borders, none for an individual who is not registered", async () => {
    const abroad = await newCreator(admin);
    await taxDetails(abroad, { country: "SE", vat_number: "SE556012070001" });
    const person = await newCreator(admin);
    await taxDetails(person, { country: "GB" });
    const company = await newCreator(admin);
    await taxDetails(company, { country: "DE", entity: "company" });
    for (const maker of [abroad, person, company]) {
      await accept(maker);
      await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 12_345, currency: "GBP", reason: "Storyboard", key: null });
    }
    const month = monthOf(Date.now());
    await issueSelfBilledInvoices(db(), startOf(monthAfter(month)) + HOURS_2);
    const [se, gb, de] = (await Promise.all([abroad, person, company].map((maker) => invoicesOf(maker, month)))).map((invoices) => invoices[0]);
    expect(se).toMatchObject({
      total_minor: 12_345,
      tax_minor: 0,
      rate_basis_points: 0,
      tax_note: "Reverse charge: the customer accounts for the VAT due on this supply.",
      supplier: { kind: "registered", country: "SE", vat_number: "SE556012070001" },
    });
    expect(gb).toMatchObject({ tax_minor: 0, tax_note: "No VAT: the supplier is not registered for VAT.", supplier: { kind: "individual", vat_number: null } });
    expect(de).toMatchObject({
      tax_minor: 0,
      tax_note: "Reverse charge: the customer accounts for any VAT due on this supply.",
      supplier: { kind: "business" },
    });

    // The rules are the operator's: a changed rate applies to invoices issued from then on, not to those issued.
    const cookie = await adminCookie();
    const saved = await postForm(
      "/admin/settings/self-billing",
      { intent: "save-rule", country: "SE", supplier_kind: "registered", rate: "25", note: "Swedish VAT" },
      { Cookie: cookie },
    );
    expect(saved.status).toBe(302);
    await adjustBalance(
      db(),
      adminId,
      { creatorId: abroad.id, amountMinor: 10_000, currency: "GBP", reason: "Extra", key: null },
      startOf(monthAfter(month)) + DAY,
    );
    await issueSelfBilledInvoices(db(), startOf(monthAfter(month, 2)) + HOURS_2);
    expect((await invoicesOf(abroad, month))[0]).toMatchObject({ rate_basis_points: 0, tax_minor: 0 });
    expect(await issuedFor(abroad.id, monthAfter(month))).toEqual([
      { number: 2, total_minor: 10_000, rate_bp: 2500, tax_minor: 2000, tax_note: "Swedish VAT" },
    ]);
  });

  it("need the agreement: offered, accepted with tax details, and ended (the months before still issued, this one not)", async () => {
    const maker = await newCreator(admin);
    const refused = await api<{ message: string }>("POST", "/creator/self_billing_agreement", {
      token: maker.token,
      body: { self_billing_agreement: { accept: true } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(SELF_BILLING_MESSAGES.taxDetailsFirst);
    const unconfirmed = await api("POST", "/creator/self_billing_agreement", { token: maker.token, body: { self_billing_agreement: { accept: false } } });
    expect(unconfirmed.status).toBe(422);
    await taxDetails(maker, { country: "GB" });

    // Without an agreement, no invoice.
    const month = monthOf(Date.now());
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 700, currency: "GBP", reason: "Before", key: null });
    await issueSelfBilledInvoices(db(), startOf(monthAfter(month)) + HOURS_2);
    expect(await invoicesOf(maker, month)).toEqual([]);

    // Not offered: refused; offered again: the screen's form, without JavaScript, needs the box ticked.
    await saveAgreementText(db(), null);
    const notOffered = await api<{ message: string }>("POST", "/creator/self_billing_agreement", {
      token: maker.token,
      body: { self_billing_agreement: { accept: true } },
    });
    expect(notOffered.status).toBe(409);
    expect(notOffered.body.message).toBe(SELF_BILLING_MESSAGES.notOffered);
    await saveAgreementText(db(), EXAMPLE_AGREEMENT);
    const unticked = await postForm("/studio/tax", { intent: "accept-agreement" }, { Cookie: maker.cookie });
    expect(unticked.status).toBe(422);
    expect(await unticked.text()).toContain(SELF_BILLING_MESSAGES.confirm);
    const ticked = await postForm("/studio/tax", { intent: "accept-agreement", agree: "on" }, { Cookie: maker.cookie });
    expect(ticked.status).toBe(302);
    const read = await api<{ data: Agreement }>("GET", "/creator/self_billing_agreement", { token: maker.token });
    expect(read.body.data).toMatchObject({ offered_text: EXAMPLE_AGREEMENT, active: true, text_changed: false, has_tax_details: true });

    // A changed text is offered again; the running agreement goes on under the text accepted.
    await saveAgreementText(db(), `${EXAMPLE_AGREEMENT}\n\n6. Changed.`);
    expect((await api<{ data: Agreement }>("GET", "/creator/self_billing_agreement", { token: maker.token })).body.data).toMatchObject({
      active: true,
      text_changed: true,
    });

    // Ended next month: this month is still issued (it closed under the agreement); next month is not.
    const next = monthAfter(month);
    const { endAgreement } = await import("~/domain/payouts/self-billing.server");
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 900, currency: "GBP", reason: "After", key: null }, startOf(next) + DAY);
    await endAgreement(db(), maker.id, startOf(next) + 2 * DAY);
    await issueSelfBilledInvoices(db(), startOf(monthAfter(next)) + HOURS_2);
    expect((await invoicesOf(maker, month)).map((i) => i.total_minor)).toEqual([700]);
    expect(await issuedFor(maker.id, next)).toEqual([]);
    const ended = await api<{ message: string }>("DELETE", "/creator/self_billing_agreement", { token: maker.token });
    expect(ended.status).toBe(409);
    expect(ended.body.message).toBe(SELF_BILLING_MESSAGES.notAccepted);
  });

  it("survive a changed text accepted, an end and a new start; a negative month is a credit note, a month summing to nothing none", async () => {
    const maker = await newCreator(admin);
    await taxDetails(maker, { country: "GB" });
    await accept(maker);
    const month = monthOf(Date.now());
    const next = monthAfter(month);
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 2000, currency: "GBP", reason: "Owed", key: null });

    // A changed text accepted while this month is owed: it is still issued.
    await saveAgreementText(db(), `${EXAMPLE_AGREEMENT}\n\n6. Changed.`);
    await accept(maker);
    await issueSelfBilledInvoices(db(), startOf(next) + HOURS_2);
    expect((await invoicesOf(maker, month)).map((i) => [i.document, i.total_minor])).toEqual([["invoice", 2000]]);

    // Next month: a refund's share taken back is a credit note; +500 and −500 in one currency bill nothing.
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: -1200, currency: "GBP", reason: "Refunded work", key: null }, startOf(next) + DAY);
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 500, currency: "EUR", reason: "In", key: null }, startOf(next) + DAY);
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: -500, currency: "EUR", reason: "Out", key: null }, startOf(next) + 2 * DAY);
    await issueSelfBilledInvoices(db(), startOf(monthAfter(next)) + HOURS_2);
    expect(await issuedFor(maker.id, next)).toEqual([
      { number: 2, total_minor: -1200, tax_minor: 0, rate_bp: 0, tax_note: "No VAT: the supplier is not registered for VAT." },
    ]);
    const [credit] = await env.DB.prepare("SELECT id FROM self_billed_invoices WHERE creator_id = ? AND month = ?")
      .bind(maker.id, next)
      .all<{ id: number }>()
      .then((r) => r.results);
    const pdf = await get(`/studio/payouts/invoices/${credit!.id}/invoice.pdf`, { headers: { Cookie: maker.cookie } });
    expect((await PDFDocument.load(await pdf.arrayBuffer())).getTitle()).toBe(`Self-billed credit note SB-${maker.id}-0002 · ${maker.name} Legal`);

    // Ended and accepted again in the same month: that month is the creator's own to invoice, as they were told.
    const later = monthAfter(next, 2);
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 3000, currency: "GBP", reason: "Own month", key: null }, startOf(later) + DAY);
    const { endAgreement, acceptAgreement } = await import("~/domain/payouts/self-billing.server");
    await endAgreement(db(), maker.id, startOf(later) + 2 * DAY);
    // (The month between, owed under the ended agreement, is issued first: it had no supply.)
    await issueSelfBilledInvoices(db(), startOf(later) + 2 * DAY + HOURS_2);
    await acceptAgreement(db(), maker.id, startOf(later) + 3 * DAY);
    await issueSelfBilledInvoices(db(), startOf(monthAfter(later)) + HOURS_2);
    expect(await issuedFor(maker.id, later)).toEqual([]);
    const row = await env.DB.prepare("SELECT invoiced_through, ended_at FROM self_billing_agreements WHERE creator_id = ?")
      .bind(maker.id)
      .first<{ invoiced_through: string; ended_at: number | null }>();
    expect(row).toEqual({ invoiced_through: later, ended_at: null });
  });

  it("wait for an ended agreement's owed months before a new start", async () => {
    const maker = await newCreator(admin);
    await taxDetails(maker, { country: "GB" });
    await accept(maker);
    const month = monthOf(Date.now());
    const next = monthAfter(month);
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 800, currency: "GBP", reason: "Owed", key: null });
    const { endAgreement, acceptAgreement } = await import("~/domain/payouts/self-billing.server");
    // Ended in the next month before the run issued this one: a new start waits for it.
    await endAgreement(db(), maker.id, startOf(next) + 10 * 60_000);
    await expect(acceptAgreement(db(), maker.id, startOf(next) + 20 * 60_000)).rejects.toMatchObject({ message: SELF_BILLING_MESSAGES.stillIssuing });
    await issueSelfBilledInvoices(db(), startOf(next) + HOURS_2);
    expect((await invoicesOf(maker, month)).map((i) => i.total_minor)).toEqual([800]);
    await acceptAgreement(db(), maker.id, startOf(next) + 3 * HOURS_2);
  });

  it("are the creator's own: another creator, a customer or a visitor reads none; the admins read every one", async () => {
    const maker = await newCreator(admin);
    const other = await newCreator(admin);
    await taxDetails(maker, { country: "GB" });
    await accept(maker);
    await adjustBalance(db(), adminId, { creatorId: maker.id, amountMinor: 4321, currency: "GBP", reason: "Only theirs", key: null });
    const month = monthOf(Date.now());
    await issueSelfBilledInvoices(db(), startOf(monthAfter(month)) + HOURS_2);
    const [invoice] = await invoicesOf(maker, month);
    const path = `/studio/payouts/invoices/${invoice!.id}/invoice.pdf`;

    expect((await get(path, { headers: { Cookie: other.cookie } })).status).toBe(404);
    expect(JSON.stringify(await invoicesOf(other, month))).not.toContain("Only theirs");
    const asCustomer = await get(path, { headers: { Cookie: await customerCookie() } });
    expect(asCustomer.status).toBe(302);
    expect(asCustomer.headers.get("Location")).toMatch(/^\/creator\/login/);
    expect((await get(path)).status).toBe(302);
    const customer = await newCustomer();
    expect((await api("GET", "/creator/self_billing_agreement", { token: customer.access_token })).status).toBe(403);
    expect((await api("GET", "/creator/self_billing_agreement")).status).toBe(401);
    for (const bad of ["0", "x", "99999999"])
      expect((await get(`/studio/payouts/invoices/${bad}/invoice.pdf`, { headers: { Cookie: maker.cookie } })).status).toBe(404);

    // The creator's data export holds the agreement and the invoices' numbers and sums.
    const exported = await api<{ data: { self_billing: { agreement: { text: string } | null; invoices: { number: string; total_minor: number }[] } } }>(
      "GET",
      "/creator/me/export",
      { token: maker.token },
    );
    expect(exported.body.data.self_billing.agreement?.text).toBe(EXAMPLE_AGREEMENT);
    expect(exported.body.data.self_billing.invoices).toEqual([expect.objectContaining({ number: `SB-${maker.id}-0001`, total_minor: 4321 })]);

    const cookie = await adminCookie();
    const list = await (await get("/admin/settings/self-billing", { headers: { Cookie: cookie } })).text();
    expect(list).toContain(`SB-${maker.id}-0001`);
    const asAdmin = await get(`/admin/settings/self-billing/invoices/${invoice!.id}/invoice.pdf`, { headers: { Cookie: cookie } });
    expect(asAdmin.status).toBe(200);
    expect(await pdfText(await asAdmin.arrayBuffer())).toContain("Only theirs");
    expect((await get(`/admin/settings/self-billing/invoices/${invoice!.id}/invoice.pdf`, { headers: { Cookie: maker.cookie } })).status).toBe(302);
  });
});
