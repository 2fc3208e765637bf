import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, adminSignIn, api, postForm, selfFetch } from "./helpers";

const ANIMATION = [
  { name: "Script", share: 10, days: 2, revisions: 1 },
  { name: "Storyboard", share: 20, days: 3, revisions: 1 },
  { name: "Styleframes", share: 20, days: 3, revisions: 1 },
  { name: "Animatic", share: 20, days: 4, revisions: 1 },
  { name: "Final", share: 30, days: 5, revisions: 2 },
];

const product = {
  title: "Staged Character Film",
  description_heading: "Approved stage by stage",
  description: "A film made in stages.",
  services_offered: ["Script", "Animation"],
  tags: ["Stages A", "Stages B", "Stages C"],
  packages: [
    { short_description: "In one piece", items_included: "One film", amount: "500", currency: "GBP", delivery_days: 9, revisions: 1 },
    {
      short_description: "In stages",
      items_included: "Script, Storyboard, Film",
      amount: "1899",
      currency: "GBP",
      delivery_days: 5,
      revisions: 3,
      stages: [
        { name: "Script", share: 25, days: 2, revisions: 1 },
        { name: "Storyboard", share: 25, days: 3, revisions: 0 },
        { name: "Final", share: 50, days: 6, revisions: 2 },
      ],
    },
  ],
};

interface PackageBody {
  delivery_days: number;
  revisions: number;
  stages: { name: string; share: number; days: number; revisions: number }[];
}

async function count(table: string) {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
}

describe("a package's stages (admins: the API and the product form)", () => {
  it("are created through the API; the package promises their days and revisions, and one without stages is as before", async () => {
    const { access_token } = await adminSignIn();
    const created = await api<{ data: { id: number } }>("POST", "/products", { token: access_token, body: { product } });
    expect(created.status).toBe(201);
    const detail = await api<{ data: { packages: PackageBody[] } }>("GET", `/products/${created.body.data.id}`);
    const [single, staged] = detail.body.data.packages;
    expect(single).toMatchObject({ delivery_days: 9, revisions: 1, stages: [] });
    // 2 + 3 + 6 days and 1 + 0 + 2 revisions, whatever was sent beside the stages.
    expect(staged).toMatchObject({ delivery_days: 11, revisions: 3, stages: product.packages[1]!.stages });
  });

  it("are refused with a clear message when their shares do not add up to 100, and nothing is written", async () => {
    const { access_token } = await adminSignIn();
    const before = [await count("products"), await count("packages")];
    const wrong = structuredClone(product);
    wrong.packages[1]!.stages![2]!.share = 40;
    const refused = await api<{ message: string; errors: string[] }>("POST", "/products", { token: access_token, body: { product: wrong } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(["The stages' shares must add up to 100% (they add up to 90%)"]);
    const one = structuredClone(product);
    one.packages[1]!.stages = [{ name: "Final", share: 100, days: 3, revisions: 1 }];
    const single = await api<{ errors: string[] }>("POST", "/products", { token: access_token, body: { product: one } });
    expect(single.status).toBe(422);
    expect(single.body.errors).toContain("A package in stages has at least 2 stages (remove the last one to deliver in one piece)");
    expect([await count("products"), await count("packages")]).toEqual(before);
  });

  it("are added, saved and redrawn by the edit form without JavaScript", async () => {
    const { access_token } = await adminSignIn();
    const plain = { ...product, packages: [product.packages[0]!] };
    const id = (await api<{ data: { id: number } }>("POST", "/products", { token: access_token, body: { product: plain } })).body.data.id;
    const admin = await adminCookie();
    const fields: Record<string, string> = {
      title: product.title,
      description_heading: product.description_heading,
      description: product.description,
      services_offered: "Script\nAnimation",
      tags: "Stages A, Stages B, Stages C",
      "packages[0].short_description": "In one piece",
      "packages[0].items_included": "One film",
      "packages[0].amount": "500",
      "packages[0].currency": "GBP",
      "packages[0].delivery_days": "9",
      "packages[0].revisions": "1",
      "packages[0].revision_days": "3",
    };
    // "Add stage" posts Conform's list intent: the form comes back with a stage row, the typed values kept, nothing saved.
    const added = await postForm(
      `/admin/products/${id}/edit`,
      { ...fields, __intent__: JSON.stringify({ type: "insert", payload: { name: "packages[0].stages" } }) },
      { Cookie: admin },
    );
    expect(added.status).toBe(200);
    const html = await added.text();
    expect(html).toContain('name="packages[0].stages[0].name"');
    expect(html).toContain('name="packages[0].stages[0].share"');
    expect(html).toContain("Remove stage 1 of package #1");
    expect((await env.DB.prepare("SELECT stages FROM packages WHERE product_id = ?").bind(id).first<{ stages: string }>())!.stages).toBe("[]");

    // Shares that do not add up: the form says so beside the stages, every value kept.
    const staged = (shares: [string, string]) => ({
      ...fields,
      "packages[0].stages[0].name": "Animatic",
      "packages[0].stages[0].share": shares[0],
      "packages[0].stages[0].days": "4",
      "packages[0].stages[0].revisions": "1",
      "packages[0].stages[1].name": "Final",
      "packages[0].stages[1].share": shares[1],
      "packages[0].stages[1].days": "6",
      "packages[0].stages[1].revisions": "2",
    });
    const wrong = await postForm(`/admin/products/${id}/edit`, staged(["30", "60"]), { Cookie: admin });
    expect(wrong.status).toBe(422);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("The stages&#x27; shares must add up to 100% (they add up to 90%)");
    expect(wrongHtml).toContain('value="Animatic"');

    const saved = await postForm(`/admin/products/${id}/edit`, staged(["40", "60"]), { Cookie: admin });
    expect(saved.status).toBe(302);
    const row = await env.DB.prepare("SELECT delivery_days, revisions, stages FROM packages WHERE product_id = ?")
      .bind(id)
      .first<{ delivery_days: number; revisions: number; stages: string }>();
    expect({ ...row, stages: JSON.parse(row!.stages) }).toEqual({
      delivery_days: 10,
      revisions: 3,
      stages: [
        { name: "Animatic", share: 40, days: 4, revisions: 1 },
        { name: "Final", share: 60, days: 6, revisions: 2 },
      ],
    });
    const edit = await (await selfFetch(`http://localhost/admin/products/${id}/edit`, { headers: { Cookie: admin } })).text();
    expect(edit).toContain('value="Animatic"');
    expect(edit).toContain('name="packages[0].stages[1].share"');
  });

  it("are seeded on the 3D products' Premium packages: Script 10%, Storyboard 20%, Styleframes 20%, Animatic 20%, Final 30%", async () => {
    const rows = (
      await env.DB.prepare(
        `SELECT p.title, k.position, k.delivery_days, k.revisions, k.stages FROM packages k JOIN products p ON p.id = k.product_id
         WHERE p.id IN (SELECT product_id FROM product_tags WHERE tag_id = (SELECT id FROM tags WHERE name = '3D Animation')) ORDER BY p.id, k.position`,
      ).all<{ title: string; position: number; delivery_days: number; revisions: number; stages: string }>()
    ).results.filter((row) => row.title !== product.title);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    for (const row of rows) {
      if (row.position === 2)
        expect({ days: row.delivery_days, revisions: row.revisions, stages: JSON.parse(row.stages) }).toEqual({ days: 17, revisions: 6, stages: ANIMATION });
      else expect(row.stages).toBe("[]");
    }
  });
});
