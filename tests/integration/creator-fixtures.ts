/** Creators for the integration tests: invited by the admin and signed up through the invitation's page. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { api, cookieFrom, postForm } from "./helpers";
import { BRIEF, customerWithOrder } from "./order-fixtures";

export type Tokens = { access_token: string; refresh_token: string };

/** The link of the newest email of `kind` to `to`. */
export async function linkIn(to: string, kind: string): Promise<string> {
  const row = await env.DB.prepare("SELECT text FROM emails WHERE recipient = ? AND kind = ? ORDER BY id DESC LIMIT 1")
    .bind(to, kind)
    .first<{ text: string }>();
  const link = /https?:\/\/\S+/.exec(row?.text ?? "")?.[0];
  if (!link) throw new Error(`no ${kind} email to ${to}`);
  return link;
}

let counter = 0;
/** A creator invited by the admin, who accepted (display name and password) through the invitation's page, and is on product 1. */
export async function newCreator(admin: Tokens, name = `Maker ${++counter}`) {
  const email = `maker${counter}.${Date.now()}@creators.example`;
  const invited = await api<{ data: { id: number; status: string } }>("POST", "/admin/creators/invitations", {
    token: admin.access_token,
    body: { invitation: { email, name } },
  });
  expect(invited.status).toBe(201);
  const token = new URL(await linkIn(email, "creator_invitation")).searchParams.get("token")!;
  const accepted = await postForm("/creator/invitation", { token, name, password: "Cr3ator!Pass" });
  expect(accepted.status).toBe(302);
  expect(accepted.headers.get("location")).toBe("/studio/profile?welcome=1");
  const cookie = cookieFrom(accepted, "creator_sid");
  const signedIn = await api<{ data: Tokens & { creator: { id: number; status: string } } }>("POST", "/creator/sign_in", {
    body: { session: { email, password: "Cr3ator!Pass" } },
  });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.data.creator.status).toBe("active");
  return { id: invited.body.data.id, email, name, cookie, token: signedIn.body.data.access_token };
}

export async function setProductCreators(admin: Tokens, ids: number[], productId = 1) {
  const set = await api("PUT", `/products/${productId}`, { token: admin.access_token, body: { product: { creator_ids: ids } } });
  expect(set.status).toBe(200);
}

export async function briefedOrder(productId = 1) {
  const c = await customerWithOrder({
    productId,
    address: { street: "9 Secret Road", city: "Leeds", state: "West Yorkshire", zip_code: "LS1 1AA", country: "GB", company_name: "Hidden Co", tax_id: null },
  });
  expect((await api("PUT", `/orders/${c.id}/brief`, { token: c.token, body: { brief: BRIEF } })).status).toBe(200);
  return c;
}

/** Every place a creator's answers must never show the buyer: their email and their address. */
export function expectNoBuyerDetails(text: string, buyer: { email: string }) {
  expect(text).not.toContain(buyer.email);
  expect(text).not.toContain("9 Secret Road");
  expect(text).not.toContain("LS1 1AA");
  expect(text).not.toMatch(/"(order_amount|tax_amount|invoice_number|stripe_transaction_id|billing_address_id)"/);
}
