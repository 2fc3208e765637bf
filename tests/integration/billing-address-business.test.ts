import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { billingAddresses, users } from "../../db/schema";
import { api, customerCookie, dispatch, newCustomer, postForm } from "./helpers";

/**
 * A business's billing address: an optional company name and VAT or tax number, the number read
 * against the address's country (~/lib/rules/tax-id.ts) and stored normalised, through the API and the
 * checkout's add-address form.
 */

type Address = { id: number; street: string; country: string; company_name: string | null; tax_id: string | null };
type Err = { success: false; message: string; errors?: string[] };

// German addresses have no state: one sent is dropped (the answer's state is empty).
const address = { street: "Unter den Linden 1", city: "Berlin", state: "", zip_code: "10117", country: "DE" };
/** Check digits right, made up: not anyone's number. */
const GERMAN_VAT = "DE206600480";
const BRITISH_VAT = "GB648068064";

async function storedRows(email: string) {
  const db = createDb(env.DB);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return db
    .select({ street: billingAddresses.street, companyName: billingAddresses.companyName, taxId: billingAddresses.taxId })
    .from(billingAddresses)
    .where(eq(billingAddresses.userId, user!.id))
    .orderBy(asc(billingAddresses.id));
}

describe("POST /billing_addresses with a company and a tax number", () => {
  it("stores the tax number normalised and answers it, flat or under billing_address", async () => {
    const { access_token: token, email } = await newCustomer();
    const flat = await api<{ data: Address }>("POST", "/billing_addresses", {
      token,
      body: { ...address, company_name: "  Analytical Engines GmbH ", tax_id: "de 206.600-480" },
    });
    expect(flat.status).toBe(201);
    expect(flat.body.data).toMatchObject({ ...address, company_name: "Analytical Engines GmbH", tax_id: GERMAN_VAT });
    const wrapped = await api<{ data: Address }>("POST", "/billing_addresses", {
      token,
      body: { billing_address: { ...address, street: "Second", zip_code: "ls1 1aa", country: "gb", tax_id: "648 0680 64" } },
    });
    expect(wrapped.status).toBe(201);
    expect(wrapped.body.data).toMatchObject({ street: "Second", country: "GB", company_name: null, tax_id: BRITISH_VAT });

    const read = await api<{ data: Address }>("GET", `/billing_addresses/${flat.body.data.id}`, { token });
    expect(read.body.data).toMatchObject({ company_name: "Analytical Engines GmbH", tax_id: GERMAN_VAT });
    expect(await storedRows(email)).toEqual([
      { street: address.street, companyName: "Analytical Engines GmbH", taxId: GERMAN_VAT },
      { street: "Second", companyName: null, taxId: BRITISH_VAT },
    ]);
  });

  it("keeps no company and no number when they are empty or null", async () => {
    const { access_token: token } = await newCustomer();
    const empty = await api<{ data: Address }>("POST", "/billing_addresses", { token, body: { ...address, company_name: " ", tax_id: "" } });
    expect(empty.body.data).toMatchObject({ company_name: null, tax_id: null });
    const nulls = await api<{ data: Address }>("POST", "/billing_addresses", { token, body: { ...address, company_name: null, tax_id: null } });
    expect(nulls.body.data).toMatchObject({ company_name: null, tax_id: null });
  });

  it("takes any 4 to 20 letters and digits outside the UK and the EU", async () => {
    const { access_token: token } = await newCustomer();
    const created = await api<{ data: Address }>("POST", "/billing_addresses", {
      token,
      body: { ...address, country: "US", state: "New York", tax_id: "12-3456789" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.tax_id).toBe("123456789");
  });

  it.each([
    ["DE", "DE206600481", "Tax ID is not a valid VAT number for Germany"],
    ["DE", BRITISH_VAT, "Tax ID is not a valid VAT number for Germany"],
    ["GB", "GB64806806", "Tax ID is not a valid VAT number for United Kingdom"],
    ["GR", "EL12345678", "Tax ID is not a valid VAT number for Greece"],
    ["US", "123", "Tax ID must be 4 to 20 letters and digits"],
  ])("refuses a malformed number for %s (%s) with 422 and stores nothing", async (country, taxId, message) => {
    const { access_token: token, email } = await newCustomer();
    // A postcode as each country writes it: only the tax number is wrong.
    const zip_code = country === "GB" ? "LS1 1AA" : address.zip_code;
    const state = country === "US" ? "New York" : "";
    const { status, body } = await api<Err>("POST", "/billing_addresses", {
      token,
      body: { ...address, country, zip_code, state, company_name: "Acme", tax_id: taxId },
    });
    expect(status).toBe(422);
    expect(body).toEqual({ success: false, message: "Billing address is invalid", errors: [message] });
    expect(await storedRows(email)).toEqual([]);
  });

  it("names the tax number beside the other fields' messages", async () => {
    const { access_token: token } = await newCustomer();
    const { body } = await api<Err>("POST", "/billing_addresses", { token, body: { ...address, street: "", tax_id: "DE1" } });
    expect(body.errors).toEqual(["Street is required", "Tax ID is not a valid VAT number for Germany"]);
    const long = await api<Err>("POST", "/billing_addresses", { token, body: { ...address, company_name: "x".repeat(201), tax_id: "1".repeat(41) } });
    expect(long.body.errors).toEqual(["Company name must be at most 200 characters", "Tax ID must be at most 40 characters"]);
  });
});

describe("the checkout's add-address form with a company and a tax number", () => {
  async function customer() {
    const { email, password } = await newCustomer();
    return { email, cookie: await customerCookie(email, password) };
  }
  const post = (cookie: string, fields: Record<string, string>) =>
    postForm("/products/1/checkout?package=0&add=1", { intent: "add-address", ...address, ...fields }, { Cookie: cookie });

  it("saves them, the number normalised, and shows them on the saved addresses", async () => {
    const { email, cookie } = await customer();
    const saved = await post(cookie, { company_name: "Analytical Engines GmbH", tax_id: "de206600480" });
    expect(saved.status).toBe(302);
    expect(await storedRows(email)).toEqual([{ street: address.street, companyName: "Analytical Engines GmbH", taxId: GERMAN_VAT }]);
    const page = await (await dispatch("http://localhost/profile/saved-addresses", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Analytical Engines GmbH");
    expect(page).toContain(`Tax ID ${GERMAN_VAT}`);
  });

  it("answers a malformed number with 422, its message and what was typed, and stores nothing", async () => {
    const { email, cookie } = await customer();
    const refused = await post(cookie, { company_name: "Analytical Engines GmbH", tax_id: "DE123" });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain("Tax ID is not a valid VAT number for Germany");
    expect(page).toContain('value="Analytical Engines GmbH"');
    expect(page).toContain('value="DE123"');
    expect(await storedRows(email)).toEqual([]);
  });
});

describe("PUT /billing_addresses/{id}", () => {
  type Full = Address & { is_default: boolean; zip_code: string };

  it("changes every field of the owner's address, the tax number read against the new country; orders keep the buyer as invoiced", async () => {
    const { access_token: token } = await newCustomer();
    const first = await api<{ data: Full }>("POST", "/billing_addresses", { token, body: { ...address, is_default: true } });
    const changed = await api<{ data: Full }>("PUT", `/billing_addresses/${first.body.data.id}`, {
      token,
      body: {
        billing_address: { ...address, street: "Friedrichstraße 2", company_name: "Analytical Engines GmbH", tax_id: "DE 206 600 480", is_default: false },
      },
    });
    expect(changed.status).toBe(200);
    // The only address stays the default: there is never none.
    expect(changed.body.data).toMatchObject({
      id: first.body.data.id,
      street: "Friedrichstraße 2",
      company_name: "Analytical Engines GmbH",
      tax_id: GERMAN_VAT,
      is_default: true,
    });
    const read = await api<{ data: Full }>("GET", `/billing_addresses/${first.body.data.id}`, { token });
    expect(read.body.data).toEqual(changed.body.data);

    // A German number under a British address: refused, naming the field, nothing changed.
    const refused = await api<Err>("PUT", `/billing_addresses/${first.body.data.id}`, {
      token,
      body: { ...address, zip_code: "LS1 1AA", country: "GB", tax_id: GERMAN_VAT },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(["Tax ID is not a valid VAT number for United Kingdom"]);
    expect((await api<{ data: Full }>("GET", `/billing_addresses/${first.body.data.id}`, { token })).body.data).toEqual(changed.body.data);
  });

  it("made the default, it takes the old default's place in the same batch", async () => {
    const { access_token: token } = await newCustomer();
    const a = await api<{ data: Full }>("POST", "/billing_addresses", { token, body: { ...address, is_default: true } });
    const b = await api<{ data: Full }>("POST", "/billing_addresses", { token, body: { ...address, street: "B", is_default: false } });
    await api("PUT", `/billing_addresses/${b.body.data.id}`, { token, body: { ...address, street: "B", is_default: true } });
    const list = await api<{ data: Full[] }>("GET", "/billing_addresses", { token });
    expect(list.body.data.map((x) => [x.id, x.is_default])).toEqual([
      [b.body.data.id, true],
      [a.body.data.id, false],
    ]);
  });

  it("another customer's address, or none, is not found, and is left as it was; no token is 401", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const mine = await api<{ data: Full }>("POST", "/billing_addresses", { token: owner.access_token, body: { ...address, is_default: true } });
    for (const id of [mine.body.data.id, 999999999]) {
      const res = await api<Err>("PUT", `/billing_addresses/${id}`, { token: other.access_token, body: { ...address, street: "Taken", is_default: true } });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Billing address not found");
    }
    expect((await api<{ data: Full }>("GET", `/billing_addresses/${mine.body.data.id}`, { token: owner.access_token })).body.data.street).toBe(address.street);
    // The other customer's own default was not touched by the refused change either.
    expect((await api<{ data: Full[] }>("GET", "/billing_addresses", { token: other.access_token })).body.data).toEqual([]);
    expect((await api("PUT", `/billing_addresses/${mine.body.data.id}`, { body: address })).status).toBe(401);
  });
});

describe("DELETE /billing_addresses/{id}", () => {
  type Full = Address & { id: number; is_default: boolean };

  it("deletes the owner's address; deleting the default makes the newest remaining one the default; orders keep their copy", async () => {
    const { access_token: token } = await newCustomer();
    const add = async (street: string) => (await api<{ data: Full }>("POST", "/billing_addresses", { token, body: { ...address, street } })).body.data;
    const a = await add("A");
    const b = await add("B");
    const c = await add("C");
    expect(a.is_default).toBe(true);

    const removed = await api<{ success: boolean; message: string }>("DELETE", `/billing_addresses/${b.id}`, { token });
    expect(removed).toMatchObject({ status: 200, body: { success: true, message: "Address deleted" } });
    expect((await api("GET", `/billing_addresses/${b.id}`, { token })).status).toBe(404);

    // The default goes: the newest remaining address (C) takes its place.
    await api("DELETE", `/billing_addresses/${a.id}`, { token });
    const list = await api<{ data: Full[] }>("GET", "/billing_addresses", { token });
    expect(list.body.data.map((x) => [x.street, x.is_default])).toEqual([["C", true]]);
    expect(c.id).toBe(list.body.data[0]!.id);
  });

  it("another customer's address, or none, is not found and stays; no token is 401", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const mine = (await api<{ data: Full }>("POST", "/billing_addresses", { token: owner.access_token, body: address })).body.data;
    for (const id of [mine.id, 999999999]) expect((await api("DELETE", `/billing_addresses/${id}`, { token: other.access_token })).status).toBe(404);
    expect((await api("DELETE", `/billing_addresses/${mine.id}`, {})).status).toBe(401);
    expect((await api("GET", `/billing_addresses/${mine.id}`, { token: owner.access_token })).status).toBe(200);
  });
});
