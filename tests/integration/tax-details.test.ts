/**
 * Creators' tax details: given through the studio's form (without JavaScript) and the API, refused
 * with the reason and the rest kept; seen by the creator and the admins only; part of the creator's
 * data copy; kept ten years after the account is erased while the rest goes, then removed by the scheduled run.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TAX_MESSAGES, TAX_SAVED } from "~/lib/schemas/creator-tax";
import { removeExpiredTaxDetails } from "~/domain/payouts/tax-details.server";
import { createDb } from "../../db/client";
import { adminSignIn, api, customerCookie, get, newCustomer, postForm } from "./helpers";
import { newCreator } from "./creator-fixtures";

const PERSON = {
  entity: "individual",
  legal_name: "Mara Lind",
  date_of_birth: "1990-04-21",
  taxpayer_id: "19900421-1234",
  vat_number: "se 5560 1234 5601",
  street: "Storgatan 1",
  city: "Stockholm",
  zip_code: "111 22",
  country: "se",
};

describe("creators' tax details", () => {
  it("are given through the API and the form: a person with a date of birth, a company with its number; refused with the reason, the rest kept", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin);
    expect((await api<{ data: unknown }>("GET", "/creator/tax_details", { token: maker.token })).body.data).toBeNull();

    const saved = await api<{ message: string; data: Record<string, unknown> }>("PUT", "/creator/tax_details", {
      token: maker.token,
      body: { tax_details: { ...PERSON, company_number: "should go" } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(TAX_SAVED);
    expect(saved.body.data).toMatchObject({ entity: "individual", country: "SE", vat_number: "SE556012345601", company_number: null, kept_until: null });

    const minor = await api<{ errors: string[] }>("PUT", "/creator/tax_details", {
      token: maker.token,
      body: { tax_details: { ...PERSON, date_of_birth: `${new Date().getUTCFullYear() - 10}-01-01` } },
    });
    expect(minor.status).toBe(422);
    expect(JSON.stringify(minor.body)).toContain(TAX_MESSAGES.dateOfBirth);
    const company = await api<{ errors: string[] }>("PUT", "/creator/tax_details", {
      token: maker.token,
      body: { tax_details: { ...PERSON, entity: "company", date_of_birth: null } },
    });
    expect(company.status).toBe(422);
    expect(JSON.stringify(company.body)).toContain(TAX_MESSAGES.companyNumber);

    // The form, without JavaScript: a refusal keeps what was typed; saved, the page shows it.
    const refused = await postForm("/studio/tax", { ...PERSON, taxpayer_id: "", legal_name: "Mara Lind AB" }, { Cookie: maker.cookie });
    expect(refused.status).toBe(422);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain(TAX_MESSAGES.taxpayerId);
    expect(refusedPage).toContain("Mara Lind AB");
    const done = await postForm(
      "/studio/tax",
      { ...PERSON, entity: "company", legal_name: "Lind Motion AB", date_of_birth: "", company_number: "556012-3456" },
      { Cookie: maker.cookie },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/studio/tax?saved=1");
    const page = await (await get("/studio/tax", { headers: { Cookie: maker.cookie } })).text();
    expect(page).toContain("Lind Motion AB");
    expect(page).toContain("556012-3456");
    const row = await env.DB.prepare("SELECT entity, date_of_birth, company_number FROM creator_tax_details WHERE creator_id = ?").bind(maker.id).first();
    expect(row).toEqual({ entity: "company", date_of_birth: null, company_number: "556012-3456" });
  });

  it("are the creator's and the admins' only; in the creator's copy of their data; kept ten years after erasure", async () => {
    const admin = await adminSignIn();
    const maker = await newCreator(admin);
    const other = await newCreator(admin);
    expect((await api("PUT", "/creator/tax_details", { token: maker.token, body: { tax_details: PERSON } })).status).toBe(200);

    expect((await api<{ data: unknown }>("GET", "/creator/tax_details", { token: other.token })).body.data).toBeNull();
    const seen = await api<{ data: { legal_name: string } }>("GET", `/admin/creators/${maker.id}/tax_details`, { token: admin.access_token });
    expect(seen.body.data.legal_name).toBe("Mara Lind");
    expect((await api("GET", "/admin/creators/999999/tax_details", { token: admin.access_token })).status).toBe(404);
    const customer = await newCustomer();
    expect((await api("GET", `/admin/creators/${maker.id}/tax_details`, { token: customer.access_token })).status).toBe(403);
    expect((await api("GET", "/creator/tax_details", { token: customer.access_token })).status).toBe(403);
    const asCustomer = await get("/studio/tax", { headers: { Cookie: await customerCookie() } });
    expect(asCustomer.status).toBe(302);
    expect(asCustomer.headers.get("Location")).toMatch(/^\/creator\/login/);

    const copy = await api<{ data: { tax_details: { taxpayer_id: string } } }>("GET", "/creator/me/export", { token: maker.token });
    expect(copy.body.data.tax_details.taxpayer_id).toBe(PERSON.taxpayer_id);

    const erased = await api("DELETE", "/creator/me", { token: maker.token, body: { creator: { current_password: "Cr3ator!Pass" } } });
    expect(erased.status).toBe(200);
    const kept = await env.DB.prepare("SELECT legal_name, kept_until FROM creator_tax_details WHERE creator_id = ?")
      .bind(maker.id)
      .first<{ legal_name: string; kept_until: number }>();
    expect(kept!.legal_name).toBe("Mara Lind");
    expect(kept!.kept_until).toBeGreaterThan(Date.now() + 9.9 * 365 * 86_400_000);
    const account = await env.DB.prepare("SELECT name FROM creators WHERE id = ?").bind(maker.id).first<string>("name");
    expect(account).toBe("Former creator");

    // Ten years on, the scheduled run removes them; the others' stay.
    expect((await api("PUT", "/creator/tax_details", { token: other.token, body: { tax_details: PERSON } })).status).toBe(200);
    const countOf = async (creatorId: number) =>
      env.DB.prepare("SELECT count(*) AS n FROM creator_tax_details WHERE creator_id = ?").bind(creatorId).first("n");
    await removeExpiredTaxDetails(createDb(env.DB), kept!.kept_until - 1);
    expect(await countOf(maker.id)).toBe(1);
    expect(await removeExpiredTaxDetails(createDb(env.DB), kept!.kept_until + 1)).toBeGreaterThanOrEqual(1);
    expect(await countOf(maker.id)).toBe(0);
    expect(await countOf(other.id)).toBe(1);
  });
});
