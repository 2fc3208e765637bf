import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { adminSignIn, api, customerCookie, get, newCustomer } from "./helpers";
import { customerWithOrder } from "./order-fixtures";

/** Receipts: every paid order has one for its owner, as a printable page and a PDF with the same facts. */
const text = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

/** The PDF's page text: pdf-lib writes standard-font strings as hex in its (Flate-compressed) content streams. */
async function pdfText(bytes: ArrayBuffer) {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPages()[0]!.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  const raw = streams
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => new TextDecoder("latin1").decode(decodePDFRawStream(s).decode()))
    .join("\n");
  return [...raw.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => m[1]!.replace(/../g, (h) => String.fromCharCode(parseInt(h, 16)))).join("\n");
}

describe("receipts (/profile/orders/{id}/receipt and receipt.pdf)", () => {
  it("the owner's receipt names the shop, order, dates, product, package, amount, taxes, address and transaction, on the page and in the PDF", async () => {
    const c = await customerWithOrder();
    const cookie = await customerCookie(c.email, "Str0ng!Pass");
    const order = (await api<{ data: { stripe_transaction_id: string } }>("GET", `/orders/${c.id}`, { token: c.token })).body.data;

    const orderPage = await text(await get(`/profile/orders/${c.id}`, { headers: { Cookie: cookie } }));
    expect(orderPage).toContain(`href="/profile/orders/${c.id}/receipt"`);

    const page = await get(`/profile/orders/${c.id}/receipt`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await text(page);
    for (const fact of [
      "Reelcraft Studio Ltd, 1 Canal Street, Manchester M1 3HE, United Kingdom",
      `Receipt for order #${c.id}`,
      "Ordered on",
      "Paid on",
      "3D Product Launch Animation",
      "Standard",
      "$1,198.80 USD",
      "Price excludes taxes.",
      "1 Studio Lane",
      "Leeds, West Yorkshire LS1 1AA",
      "United Kingdom",
      order.stripe_transaction_id,
      `href="/profile/orders/${c.id}/receipt.pdf"`,
    ]) {
      expect(html).toContain(fact);
    }

    const pdf = await get(`/profile/orders/${c.id}/receipt.pdf`, { headers: { Cookie: cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe(`attachment; filename="receipt-order-${c.id}.pdf"`);
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = await pdf.arrayBuffer();
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Receipt for order #${c.id}`);
    const words = await pdfText(bytes);
    for (const fact of [
      `Receipt for order #${c.id}`,
      "3D Product Launch Animation",
      "Standard",
      "$1,198.80 USD",
      "Price excludes taxes.",
      "1 Studio Lane",
      order.stripe_transaction_id,
    ]) {
      expect(words).toContain(fact);
    }
  });

  it("a refunded order's receipt says so", async () => {
    const c = await customerWithOrder();
    const admin = await adminSignIn();
    expect((await api("POST", `/orders/${c.id}/refund`, { token: admin.access_token, body: { refund: { reason: "Project cancelled" } } })).status).toBe(200);
    const html = await text(await get(`/profile/orders/${c.id}/receipt`, { headers: { Cookie: await customerCookie(c.email, "Str0ng!Pass") } }));
    expect(html).toContain("Refund reason");
    expect(html).toContain("Project cancelled");
  });

  it("no receipt for an unpaid order, another customer, or a visitor", async () => {
    const unpaid = await customerWithOrder({ pay: false });
    const owner = await customerCookie(unpaid.email, "Str0ng!Pass");
    expect((await get(`/profile/orders/${unpaid.id}/receipt`, { headers: { Cookie: owner } })).status).toBe(404);
    expect((await get(`/profile/orders/${unpaid.id}/receipt.pdf`, { headers: { Cookie: owner } })).status).toBe(404);

    const paid = await customerWithOrder();
    const other = await newCustomer();
    const stranger = await customerCookie(other.email, other.password);
    expect((await get(`/profile/orders/${paid.id}/receipt`, { headers: { Cookie: stranger } })).status).toBe(404);
    const pdf = await get(`/profile/orders/${paid.id}/receipt.pdf`, { headers: { Cookie: stranger } });
    expect(pdf.status).toBe(404);
    expect(pdf.headers.get("Content-Type")).not.toBe("application/pdf");

    const visitor = await get(`/profile/orders/${paid.id}/receipt.pdf`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login/);
  });
});
