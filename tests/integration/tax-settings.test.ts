import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { getShopSettings, quoteOrder } from "~/domain/money/tax.server";
import { listTaxRules } from "~/domain/money/tax-settings.server";
import { adminCookie, api, customerCookie, get, newCustomer, pageAfterRedirect, postForm } from "./helpers";
import { customerWithOrder } from "./order-fixtures";

/** The studio's tax settings screen (/admin/settings/tax): seller details, and the rule table checkout charges from. */
const db = createDb(env.DB);
const PATH = "/admin/settings/tax";
/** React's text as a person reads it: without its comment separators, quotes unescaped. */
const readable = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

const SETTINGS = {
  intent: "settings",
  seller_name: "Northlight Films GmbH",
  seller_address: "Torstraße 1, 10119 Berlin, Germany",
  seller_tax_id: "de 136 695 976",
  studio_country: "de",
  tax_name: "MwSt",
};

let admin: string;
beforeAll(async () => {
  admin = await adminCookie();
});

const post = (fields: Record<string, string>, cookie: string | null = admin) => postForm(PATH, fields, cookie ? { Cookie: cookie } : {});
const germanConsumer = () => quoteOrder(db, 10_000, 0, { country: "DE" });
const germanBusiness = () => quoteOrder(db, 10_000, 0, { country: "DE", taxId: "DE136695976" });
const germanRules = async () => (await listTaxRules(db)).filter((rule) => rule.country === "DE");

async function expectSavedWithToast(response: Response, toast: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(PATH);
  expect(readable(await pageAfterRedirect(response, admin))).toContain(toast);
}

describe("tax settings (/admin/settings/tax)", () => {
  it("shows the seller details, the rules and what buyers pay, with the explanation", async () => {
    const response = await get(PATH, { headers: { Cookie: admin } });
    expect(response.status).toBe(200);
    const html = readable(await response.text());
    for (const text of [
      "Tax settings",
      'href="/admin/settings/tax"',
      "not tax advice",
      "the most specific rule applies",
      "Reelcraft Studio Ltd",
      "GB246813551",
      "Any other country",
      "Reverse charge: customer to account for VAT",
      "20%",
      "What buyers pay with these rules",
      "The studio’s country",
      "Add or replace a rule",
      'aria-label="Delete the rule for United Kingdom, anyone"',
    ])
      expect(html).toContain(text);
  });

  it("an admin saves the seller details: the settings read them, normalised; invoices issued from then on print them, earlier ones keep theirs", async () => {
    const earlier = await customerWithOrder();
    await expectSavedWithToast(await post(SETTINGS), "Seller details saved. Invoices issued from now on print them.");
    expect(await getShopSettings(db)).toEqual({
      sellerName: "Northlight Films GmbH",
      sellerAddress: "Torstraße 1, 10119 Berlin, Germany",
      sellerTaxId: "DE136695976",
      studioCountry: "DE",
      taxName: "MwSt",
    });
    const { id } = await customerWithOrder();
    const invoice = readable(await (await get(`/admin/orders/${id}/invoice`, { headers: { Cookie: admin } })).text());
    for (const text of ["Northlight Films GmbH", "Torstraße 1, 10119 Berlin, Germany", "MwSt number: DE136695976", "MwSt rate"])
      expect(invoice).toContain(text);
    const kept = readable(await (await get(`/admin/orders/${earlier.id}/invoice`, { headers: { Cookie: admin } })).text());
    expect(kept).not.toContain("Northlight Films GmbH");
    expect(kept).toContain("Reelcraft Studio Ltd");

    // The VAT number is optional: none is none on the invoices issued after.
    await expectSavedWithToast(await post({ ...SETTINGS, seller_tax_id: "" }), "Seller details saved.");
    expect((await getShopSettings(db)).sellerTaxId).toBeNull();
    const next = await customerWithOrder();
    expect(readable(await (await get(`/admin/orders/${next.id}/invoice`, { headers: { Cookie: admin } })).text())).not.toContain("MwSt number");
  });

  it("adds a DE rule that a German consumer's checkout then charges, replaces it, and deletes it", async () => {
    expect((await germanConsumer()).rateBasisPoints).toBe(2000);
    expect(await germanBusiness()).toMatchObject({ rateBasisPoints: 0, taxNote: "Reverse charge: customer to account for VAT" });

    await expectSavedWithToast(
      await post({ intent: "save-rule", country: "DE", customer_kind: "any", rate: "19", note: "" }),
      "Rule added: Germany, anyone, 19%.",
    );
    const [added, ...more] = await germanRules();
    expect(more).toEqual([]);
    expect(added).toMatchObject({ country: "DE", customerKind: "any", rateBasisPoints: 1900, note: null });
    expect(await germanConsumer()).toMatchObject({ rateBasisPoints: 1900, taxMinor: 1900, totalMinor: 11_900, taxCountry: "DE", taxNote: null });
    // The country's own row comes before the kind: a German business now pays it too, and the screen says so.
    expect((await germanBusiness()).rateBasisPoints).toBe(1900);
    const page = readable(await (await get(PATH, { headers: { Cookie: admin } })).text());
    expect(page).toContain("Germany");
    expect(page).toContain("Its own rule");

    await expectSavedWithToast(
      await post({ intent: "save-rule", country: "de", customer_kind: "any", rate: "19.5 %", note: "Umsatzsteuer" }),
      "Rule replaced: Germany, anyone, now 19.5% (was 19%).",
    );
    expect(await germanRules()).toEqual([
      { id: added!.id, country: "DE", customerKind: "any", rateBasisPoints: 1950, note: "Umsatzsteuer", explanation: null },
    ]);
    expect(await germanConsumer()).toMatchObject({ rateBasisPoints: 1950, taxMinor: 1950, taxNote: "Umsatzsteuer" });

    await expectSavedWithToast(await post({ intent: "delete-rule", id: String(added!.id) }), "Rule deleted: Germany, anyone, 19.5%.");
    expect(await germanRules()).toEqual([]);
    expect((await germanConsumer()).rateBasisPoints).toBe(2000);

    // Deleted twice (another tab): a 404 with the reason, nothing else changes.
    const again = await post({ intent: "delete-rule", id: String(added!.id) });
    expect(again.status).toBe(404);
    expect(readable(await again.text())).toContain("That tax rule no longer exists: it may have been deleted already.");
  });

  it("a rule's words for buyers are saved, listed and shown at checkout to a buyer it applies to", async () => {
    const words = "Umsatzsteuer at 19%: the studio charges German VAT to consumers in Germany.";
    await post({ intent: "save-rule", country: "DE", customer_kind: "consumer", rate: "19", note: "", explanation: words });
    const saved = (await listTaxRules(db)).find((rule) => rule.country === "DE" && rule.customerKind === "consumer")!;
    expect(saved).toMatchObject({ rateBasisPoints: 1900, explanation: words });
    expect(readable(await (await get(PATH, { headers: { Cookie: admin } })).text())).toContain(words);
    const buyer = await newCustomer();
    const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
      token: buyer.access_token,
      body: { street: "Unter den Linden 1", city: "Berlin", state: "", zip_code: "10117", country: "DE" },
    });
    const checkout = readable(
      await (
        await get(`/products/1/checkout?package=0&address=${address.body.data.id}`, { headers: { Cookie: await customerCookie(buyer.email, "Str0ng!Pass") } })
      ).text(),
    );
    expect(checkout).toContain(`${words} Prices are in GBP; a card in another currency is converted by its bank.`);
    await post({ intent: "delete-rule", id: String(saved.id) });
  });

  it("any rule may go, the fallbacks too: with none that fits, no tax, as the screen shows", async () => {
    const fallback = (await listTaxRules(db)).find((rule) => rule.country === "*" && rule.customerKind === "any")!;
    await expectSavedWithToast(await post({ intent: "delete-rule", id: String(fallback.id) }), "Rule deleted: Any other country, anyone, 20%.");
    expect(await germanConsumer()).toMatchObject({ rateBasisPoints: 0, taxMinor: 0 });
    expect(readable(await (await get(PATH, { headers: { Cookie: admin } })).text())).toContain("No rule fits");
    await post({ intent: "save-rule", country: "*", customer_kind: "any", rate: "20", note: "" });
    expect((await germanConsumer()).rateBasisPoints).toBe(2000);
  });

  it("refuses invalid seller details with 422, every message, the typed values kept, and writes nothing", async () => {
    const before = await getShopSettings(db);
    const response = await post({ intent: "settings", seller_name: "A", seller_address: "Hall", seller_tax_id: "GB 123", studio_country: "GB", tax_name: "V" });
    expect(response.status).toBe(422);
    const html = readable(await response.text());
    for (const text of [
      "Seller name must be at least 2 characters",
      "Seller address must be at least 5 characters",
      "Tax ID is not a valid VAT number for United Kingdom",
      "Tax name must be at least 2 characters",
      'value="GB 123"',
      ">Hall</textarea>",
    ])
      expect(html).toContain(text);

    const more = readable(
      await (
        await post({ intent: "settings", seller_name: "", seller_address: "x".repeat(501), studio_country: "XX", tax_name: "Value added tax (VAT)" })
      ).text(),
    );
    for (const text of [
      "Seller name is required",
      "Seller address must be at most 500 characters",
      "Please choose a country from the list",
      "Tax name must be at most 20 characters",
    ])
      expect(more).toContain(text);
    // A US studio's number is 4 to 20 letters and digits.
    const us = await post({ ...SETTINGS, studio_country: "US", seller_tax_id: "12" });
    expect(us.status).toBe(422);
    expect(readable(await us.text())).toContain("Tax ID must be 4 to 20 letters and digits");
    expect(await getShopSettings(db)).toEqual(before);
  });

  it("refuses invalid rules with 422, every message, the typed values kept, and writes nothing", async () => {
    const before = await listTaxRules(db);
    const cases: [Record<string, string>, string[]][] = [
      [
        { country: "ZZ", customer_kind: "everyone", rate: "19.555", note: "n".repeat(201) },
        [
          "Please choose a country from the list, or Any other country",
          "Please choose who the rule is for",
          "Rate must be a percentage between 0 and 100, with at most two decimals",
          "Note must be at most 200 characters",
          'value="19.555"',
        ],
      ],
      [{ country: "", customer_kind: "any", rate: "" }, ["Country is required", "Rate is required"]],
      [{ country: "FR", customer_kind: "any", rate: "100.01" }, ["Rate must be a percentage between 0 and 100, with at most two decimals", 'value="100.01"']],
      [{ country: "FR", customer_kind: "any", rate: "-5" }, ["Rate must be a percentage between 0 and 100, with at most two decimals"]],
      [{ country: "FR", customer_kind: "any", rate: "twenty" }, ["Rate must be a percentage between 0 and 100, with at most two decimals", 'value="twenty"']],
    ];
    for (const [fields, messages] of cases) {
      const response = await post({ intent: "save-rule", ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(422);
      const html = readable(await response.text());
      for (const message of messages) expect(html, message).toContain(message);
    }
    expect(await listTaxRules(db)).toEqual(before);
  });

  it("takes 0 and 100 and two decimals", async () => {
    for (const [rate, basisPoints] of [
      ["0", 0],
      ["100", 10_000],
      ["7.25", 725],
      ["0.5%", 50],
    ] as const) {
      expect((await post({ intent: "save-rule", country: "NO", customer_kind: "business", rate })).status).toBe(302);
      expect((await listTaxRules(db)).find((rule) => rule.country === "NO")?.rateBasisPoints).toBe(basisPoints);
    }
  });

  it("a form the page cannot have sent is a 400", async () => {
    expect((await post({ intent: "launch", country: "DE" })).status).toBe(400);
    expect((await post({ country: "DE", customer_kind: "any", rate: "19" })).status).toBe(400);
    expect((await post({ intent: "delete-rule", id: "first" })).status).toBe(400);
    expect((await post({ intent: "save-rule", country: "DE", customer_kind: "any", rate: "19", seller_name: "x" })).status).toBe(400);
  });

  it("a customer and a visitor are sent to the admin sign-in, and nothing is written", async () => {
    const settings = await getShopSettings(db);
    const rules = await listTaxRules(db);
    const customer = await customerCookie();
    for (const cookie of [customer, null]) {
      const page = await get(PATH, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/admin/login");
      const forms: Record<string, string>[] = [
        SETTINGS,
        { intent: "save-rule", country: "DE", customer_kind: "any", rate: "19" },
        { intent: "delete-rule", id: String(rules[0]!.id) },
      ];
      for (const fields of forms) {
        const response = await post(fields, cookie);
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/admin/login");
      }
    }
    expect(await getShopSettings(db)).toEqual(settings);
    expect(await listTaxRules(db)).toEqual(rules);
  });
});
