import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, customerCookie, fakeMedia, newCustomer, pageAfterRedirect, postForm, selfFetch } from "./helpers";

const base = {
  title: "Editable Explainer",
  description_heading: "Clear stories",
  description: "A product whose every field changes.",
  services_offered: ["Script"],
  tags: ["Edit A", "Edit B", "Edit C"],
  packages: [
    { short_description: "Basic", items_included: "One", amount: "100", currency: "USD" },
    { short_description: "Standard", items_included: "Two", amount: "200", currency: "USD" },
  ],
};

async function createProduct() {
  const { access_token } = await adminSignIn();
  const { body } = await api<{ data: { id: number } }>("POST", "/products", { token: access_token, body: { product: base } });
  return { id: body.data.id, token: access_token };
}

/** The edit form's fields as a plain post, packages as `packages[i].field`. */
function editFields(values: {
  title?: string;
  tags?: string;
  packages: { short_description: string; items_included: string; amount: string; currency: string }[];
}) {
  const fields: Record<string, string> = {
    title: values.title ?? base.title,
    description_heading: "New heading",
    description: "New description.",
    services_offered: "Script\nEdit",
    tags: values.tags ?? "Edit A, Edit D, Edit E",
  };
  values.packages.forEach((p, i) => {
    for (const [key, value] of Object.entries(p)) fields[`packages[${i}].${key}`] = value;
  });
  return fields;
}

async function packageRows(productId: number) {
  return (
    await env.DB.prepare("SELECT id, position, amount_minor, currency FROM packages WHERE product_id = ? ORDER BY position")
      .bind(productId)
      .all<{ id: number; position: number; amount_minor: number; currency: string }>()
  ).results;
}

async function orderFor(productId: number, packageIndex: number) {
  const customer = await newCustomer();
  const address = await api<{ data: { id: number } }>("POST", "/billing_addresses", {
    token: customer.access_token,
    body: { street: "1 Main St", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB" },
  });
  const order = await api<{ data: { id: number } }>("POST", "/orders", {
    token: customer.access_token,
    body: { order: { product_id: productId, billing_address_id: address.body.data.id, package_index: packageIndex } },
  });
  expect(order.status).toBe(201);
  return { token: customer.access_token, orderId: order.body.data.id };
}

describe("Edit product (form posts)", () => {
  it("saves every field in one go; packages keep their ids, so old orders keep their package", async () => {
    const { id } = await createProduct();
    const before = await packageRows(id);
    const { orderId } = await orderFor(id, 1);
    const admin = await adminCookie();
    const response = await postForm(
      `/admin/products/${id}/edit`,
      editFields({
        title: "Edited Explainer",
        packages: [
          { short_description: "Basic+", items_included: "One, Extra", amount: "110.50", currency: "USD" },
          { short_description: "Standard", items_included: "Two", amount: "250", currency: "USD" },
          { short_description: "Premium", items_included: "Three", amount: "9000", currency: "JPY" },
        ],
      }),
      { Cookie: admin },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/products/${id}/edit`);
    expect(await pageAfterRedirect(response, admin)).toContain("Product updated successfully!");

    const after = await packageRows(id);
    expect(after.map((p) => [p.position, p.amount_minor, p.currency])).toEqual([
      [0, 11050, "USD"],
      [1, 25000, "USD"],
      [2, 9000, "JPY"],
    ]);
    expect(after.slice(0, 2).map((p) => p.id)).toEqual(before.map((p) => p.id));
    const order = await env.DB.prepare("SELECT package_id FROM orders WHERE id = ?").bind(orderId).first<{ package_id: number }>();
    expect(order?.package_id).toBe(before[1]!.id);

    const detail = await api<{ data: { title: string; tags: string[]; services_offered: string[]; description_heading: string } }>("GET", `/products/${id}`);
    expect(detail.body.data).toMatchObject({
      title: "Edited Explainer",
      tags: ["Edit A", "Edit D", "Edit E"],
      services_offered: ["Script", "Edit"],
      description_heading: "New heading",
    });

    // Fewer packages: the ones past the new count go; the order keeps its amount and product.
    await postForm(
      `/admin/products/${id}/edit`,
      editFields({ packages: [{ short_description: "Only", items_included: "One", amount: "99", currency: "USD" }] }),
      { Cookie: admin },
    );
    expect((await packageRows(id)).map((p) => p.position)).toEqual([0]);
    const kept = await env.DB.prepare("SELECT product_id, subtotal_minor FROM orders WHERE id = ?")
      .bind(orderId)
      .first<{ product_id: number; subtotal_minor: number }>();
    expect(kept).toEqual({ product_id: id, subtotal_minor: 20000 });
  });

  it("answers 422 with the form's messages and changes nothing", async () => {
    const { id } = await createProduct();
    const admin = await adminCookie();
    const response = await postForm(
      `/admin/products/${id}/edit`,
      editFields({ title: " ", tags: "Only, Two", packages: [{ short_description: "", items_included: " , ", amount: "12.5", currency: "JPY" }] }),
      { Cookie: admin },
    );
    expect(response.status).toBe(422);
    const html = await response.text();
    for (const message of ["Title is required", "At least 3 tags are required", "Package description is required", "At least one item must be included"])
      expect(html).toContain(message);
    const yen = await postForm(
      `/admin/products/${id}/edit`,
      editFields({ packages: [{ short_description: "Yen", items_included: "One", amount: "12.5", currency: "JPY" }] }),
      { Cookie: admin },
    );
    expect(yen.status).toBe(422);
    expect(await yen.text()).toContain("Amount must be a whole number in JPY");
    expect((await api<{ data: { title: string } }>("GET", `/products/${id}`)).body.data.title).toBe(base.title);
    expect((await packageRows(id)).map((p) => p.amount_minor)).toEqual([10000, 20000]);
  });

  it("archiving hides the product from the shop and checkout, while its orders still show it", async () => {
    const { id } = await createProduct();
    const { token, orderId } = await orderFor(id, 0);
    const admin = await adminCookie();
    expect((await postForm(`/admin/products/${id}/edit`, { intent: "archive" }, { Cookie: admin })).status).toBe(302);

    expect((await selfFetch(`http://localhost/products/${id}`)).status).toBe(404);
    expect((await api("GET", `/products/${id}`)).status).toBe(404);
    const listed = await api<{ data: { id: number }[] }>("GET", `/products?tag=${encodeURIComponent("Edit A")}&limit=50`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p) => p.id)).not.toContain(id);
    const order = await api<{ data: { product: { title: string } } }>("GET", `/orders/${orderId}`, { token });
    expect(order.status).toBe(200);
    expect(order.body.data.product.title).toBe(base.title);
    const again = await orderFor(id, 0).catch((error: Error) => error);
    expect(again).toBeInstanceOf(Error);
    const adminView = await selfFetch(`http://localhost/admin/products/${id}`, { headers: { Cookie: admin } });
    expect(adminView.status).toBe(200);
    expect(await (await selfFetch(`http://localhost/admin/products`, { headers: { Cookie: admin } })).text()).toContain("Archived");

    expect((await postForm(`/admin/products/${id}/edit`, { intent: "restore" }, { Cookie: admin })).status).toBe(302);
    expect((await api("GET", `/products/${id}`)).status).toBe(200);
    const relisted = await api<{ data: { id: number }[] }>("GET", `/products?tag=${encodeURIComponent("Edit A")}&limit=50`);
    expect(relisted.body.data.map((p) => p.id)).toContain(id);
  });

  it("removes and reorders media of this product only", async () => {
    const { id, token } = await createProduct();
    const other = await createProduct();
    const form = new FormData();
    for (const name of ["a.jpg", "b.jpg", "c.jpg"]) form.append("images[]", new File([fakeMedia(name)], name));
    await selfFetch(`http://localhost/api/v1/products/${id}`, { method: "PUT", body: form, headers: { Authorization: `Bearer ${token}` } });
    const media = async (productId: number) =>
      (
        await env.DB.prepare("SELECT id, position, r2_key FROM product_media WHERE product_id = ? AND kind = 'image' ORDER BY position")
          .bind(productId)
          .all<{ id: number; position: number; r2_key: string }>()
      ).results;
    const [a, b, c] = await media(id);
    const admin = await adminCookie();

    await postForm(`/admin/products/${id}/edit`, { intent: "move-media", media_id: String(c!.id), direction: "up" }, { Cookie: admin });
    expect((await media(id)).map((m) => m.id)).toEqual([a!.id, c!.id, b!.id]);
    await postForm(`/admin/products/${id}/edit`, { intent: "move-media", media_id: String(a!.id), direction: "up" }, { Cookie: admin });
    expect((await media(id)).map((m) => m.id)).toEqual([a!.id, c!.id, b!.id]);

    // Another product's media id through this product's page: not found, nothing removed.
    expect((await postForm(`/admin/products/${other.id}/edit`, { intent: "remove-media", media_id: String(a!.id) }, { Cookie: admin })).status).toBe(404);
    expect(await media(id)).toHaveLength(3);

    expect((await postForm(`/admin/products/${id}/edit`, { intent: "remove-media", media_id: String(a!.id) }, { Cookie: admin })).status).toBe(302);
    expect((await media(id)).map((m) => [m.id, m.position])).toEqual([
      [c!.id, 0],
      [b!.id, 1],
    ]);
    expect(await env.MEDIA.head(a!.r2_key)).toBeNull();
  });

  it("is for admins only, and unknown products are 404", async () => {
    const { id } = await createProduct();
    for (const cookie of [null, await customerCookie()]) {
      const get = await selfFetch(`http://localhost/admin/products/${id}/edit`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
      expect(get.headers.get("location")).toBe("/admin/login");
      const post = await postForm(`/admin/products/${id}/edit`, { intent: "archive" }, cookie ? { Cookie: cookie } : {});
      expect(post.headers.get("location")).toBe("/admin/login");
    }
    expect((await api("GET", `/products/${id}`)).status).toBe(200);
    const admin = await adminCookie();
    expect((await selfFetch("http://localhost/admin/products/999999/edit", { headers: { Cookie: admin } })).status).toBe(404);
    expect((await postForm("/admin/products/999999/edit", { intent: "archive" }, { Cookie: admin })).status).toBe(404);
    expect((await postForm("/admin/products/999999/edit", editFields({ packages: base.packages }), { Cookie: admin })).status).toBe(404);
  });
});
