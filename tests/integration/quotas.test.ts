import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MEDIA_PER_PRODUCT } from "~/lib/rules/media-rules";
import { ADDRESS_LIMIT, ADDRESS_LIMIT_MESSAGE } from "~/domain/orders/addresses.server";
import { UNPAID_ORDER_LIMIT, UNPAID_ORDER_LIMIT_MESSAGE } from "~/domain/orders/orders.server";
import { adminSignIn, api, cookieFrom, fakeMedia, newCustomer, postForm, selfFetch } from "./helpers";

/** Limits a real shop sets, each with a clear message and nothing half-written. */
async function mediaCount(productId: number, kind: string) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM product_media WHERE product_id = ? AND kind = ?").bind(productId, kind).first<{ n: number }>())!.n;
}

describe("quotas", () => {
  it(`a product holds at most ${MEDIA_PER_PRODUCT.image} images; a larger upload stores none of it`, async () => {
    const { access_token } = await adminSignIn();
    const product = {
      title: "Quota Film",
      description_heading: "Limits",
      description: "A product for quota tests.",
      services_offered: ["Editing"],
      tags: ["Quota", "Brand Film", "Social Media"],
      packages: [{ short_description: "One", items_included: "One clip", amount: "100", currency: "USD" }],
    };
    const id = (await api<{ data: { id: number } }>("POST", "/products", { token: access_token, body: { product } })).body.data.id;
    const form = new FormData();
    for (let i = 0; i < MEDIA_PER_PRODUCT.image + 1; i++) form.append("images[]", new File([fakeMedia(`i${i}.jpg`, 64)], `i${i}.jpg`));
    const tooMany = await selfFetch(`http://localhost/api/v1/products/${id}`, {
      method: "PUT",
      body: form,
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toEqual({
      success: false,
      message: `A product can have at most ${MEDIA_PER_PRODUCT.image} images; this one has 0, so add at most ${MEDIA_PER_PRODUCT.image} more.`,
    });
    expect(await mediaCount(id, "image")).toBe(0);
    expect((await env.MEDIA.list({ prefix: `products/${id}/` })).objects).toHaveLength(0);

    const fits = new FormData();
    for (let i = 0; i < MEDIA_PER_PRODUCT.image; i++) fits.append("images[]", new File([fakeMedia(`i${i}.jpg`, 64)], `i${i}.jpg`));
    expect(
      (await selfFetch(`http://localhost/api/v1/products/${id}`, { method: "PUT", body: fits, headers: { Authorization: `Bearer ${access_token}` } })).status,
    ).toBe(200);
    expect(await mediaCount(id, "image")).toBe(MEDIA_PER_PRODUCT.image);
  });

  it(`requests at the same moment cannot pass the ${ADDRESS_LIMIT}-address limit; one address stays the default`, async () => {
    const person = await newCustomer();
    const sent = await Promise.all(
      Array.from({ length: ADDRESS_LIMIT + 10 }, (_, n) =>
        api("POST", "/billing_addresses", {
          token: person.access_token,
          body: { street: `${n} Rush Lane`, city: "York", zip_code: "YO1 1AA", country: "GB", is_default: n % 3 === 0 },
        }),
      ),
    );
    expect(sent.filter((r) => r.status === 201)).toHaveLength(ADDRESS_LIMIT);
    expect(sent.filter((r) => r.status === 422)).toHaveLength(10);
    const listed = await api<{ data: { is_default: boolean }[] }>("GET", "/billing_addresses", { token: person.access_token });
    expect(listed.body.data).toHaveLength(ADDRESS_LIMIT);
    expect(listed.body.data.filter((a) => a.is_default)).toHaveLength(1);
  });

  it(`an account keeps at most ${ADDRESS_LIMIT} billing addresses`, async () => {
    const person = await newCustomer();
    const address = (n: number) => ({
      street: `${n} Quota Lane`,
      city: "York",
      state: "North Yorkshire",
      zip_code: "YO1 1AA",
      country: "GB",
      is_default: false,
    });
    for (let n = 0; n < ADDRESS_LIMIT; n++)
      expect((await api("POST", "/billing_addresses", { token: person.access_token, body: address(n) })).status).toBe(201);
    const over = await api("POST", "/billing_addresses", { token: person.access_token, body: address(99) });
    expect(over).toEqual({ status: 422, body: { success: false, message: ADDRESS_LIMIT_MESSAGE, errors: [ADDRESS_LIMIT_MESSAGE] } });

    // The checkout screen says the same in its form, keeping what was typed.
    const cookie = cookieFrom(await postForm("/login", { email: person.email, password: person.password }), "sid");
    const screen = await postForm(
      "/products/1/checkout?package=0",
      { intent: "add-address", ...Object.fromEntries(Object.entries(address(100)).map(([k, v]) => [k, String(v)])) },
      { Cookie: cookie },
    );
    expect(screen.status).toBe(422);
    const html = await screen.text();
    expect(html).toContain(ADDRESS_LIMIT_MESSAGE);
    expect(html).toContain("100 Quota Lane");
    const listed = await api<{ data: unknown[] }>("GET", "/billing_addresses", { token: person.access_token });
    expect(listed.body.data).toHaveLength(ADDRESS_LIMIT);
  });

  it(`a customer has at most ${UNPAID_ORDER_LIMIT} unpaid orders open; a replayed key still answers`, async () => {
    const person = await newCustomer();
    const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
      token: person.access_token,
      body: { street: "1 Order Row", city: "Hull", state: "East Yorkshire", zip_code: "HU1 1AA", country: "GB", is_default: true },
    });
    const place = (key: string) =>
      api<{ data: { id: number } }>("POST", "/orders", {
        token: person.access_token,
        headers: { "Idempotency-Key": key },
        body: { order: { product_id: 1, billing_address_id: address.body.data.id, package_index: 0 } },
      });
    for (let n = 0; n < UNPAID_ORDER_LIMIT; n++) expect((await place(`quota-${n}`)).status).toBe(201);
    expect(await place("quota-over")).toEqual({ status: 429, body: { success: false, message: UNPAID_ORDER_LIMIT_MESSAGE } });
    expect((await place("quota-0")).status).toBe(201);
    const orders = await api<{ data: unknown[] }>("GET", "/orders?limit=50", { token: person.access_token });
    expect(orders.body.data).toHaveLength(UNPAID_ORDER_LIMIT);
  });
});
