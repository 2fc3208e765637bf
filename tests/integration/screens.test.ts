import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "../../db/seed/catalogue";
import { get } from "./helpers";

async function html(path: string) {
  const response = await get(path);
  return { response, text: await response.text() };
}

describe("screens", () => {
  it("/ redirects to /home", async () => {
    const response = await get("/");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/home");
  });

  it("/home is the landing page with the spec's claims and links", async () => {
    const { response, text } = await html("/home");
    expect(response.status).toBe(200);
    for (const claim of [
      "pay-per-video content platform",
      // Numbers the shop measured, not the SPEC's "4,000+ creators" and "turnaround within 10 days" (docs/design.md).
      "creators across the UK, US and Europe",
      "get your video from 5 days after your brief",
      "In-house team",
      "Agencies",
      "Other platforms",
    ]) {
      expect(text).toContain(claim);
    }
    expect(text).not.toContain("4,000+");
    expect(text).not.toContain("within 10 days");
    expect(text).toMatch(/href="\/login"[^>]*>Log in</);
    expect(text).toMatch(/href="\/signup"[^>]*>Get started</);
    expect(text).toMatch(/href="\/examples"[^>]*>View examples</);
    expect(text).toMatch(/href="\/home#about"[^>]*>About</);
    expect(text).toContain('id="about"');
    expect(text).toMatch(/href="#book-a-demo"[^>]*>Book a demo</);
  });

  it("/examples shows delivered work: each service's video, leading to the service; drafts and archived ones never", async () => {
    const { response, text } = await html("/examples");
    expect(response.status).toBe(200);
    expect(text).toContain("Examples of our work");
    // Each example: its own service's video and poster, and a link to that service.
    const items = text
      .split(/<li[\s>]/)
      .slice(1)
      .map((item) => item.slice(0, item.indexOf("</li>")))
      .filter((item) => item.includes("seed-video-"));
    // One example per demo service with a film.
    expect(items.length).toBe(SEED_PRODUCTS.filter((product) => product.video).length);
    for (const item of items) {
      const link = /href="\/products\/(\d+)"/.exec(item)![1];
      // The poster with a play button, a link to the file that plays without JavaScript.
      expect(item).toMatch(
        new RegExp(
          `<a href="/media/products/${link}/seed-video-\\d+\\.mp4" aria-label="Play Example: [^"]+"[^>]*><img src="/media/products/${link}/seed-thumb-`,
        ),
      );
    }
  });

  it("sends security headers with HTML", async () => {
    const { response } = await html("/products");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("/products renders page 1 for junk page values and redirects past the end to the last page", async () => {
    for (const junk of ["abc", "-3", "0", "1e3", ""]) {
      const { response, text } = await html(`/products?page=${junk}`);
      expect(response.status).toBe(200);
      expect(text).toContain("3D Product Launch Animation");
    }
    const past = await get("/products?page=99&tag=Brand%20Film");
    expect(past.status).toBe(302);
    expect(past.headers.get("location")).toBe("/products?page=1&tag=Brand+Film");
  });

  it("/products sends the browser what its cards show, not whole products", async () => {
    const { text } = await html("/products");
    expect(text).toContain("3D Product Launch Animation");
    expect(text).toContain("£499.00");
    // The product's description and its packages' contents belong to its own page.
    for (const detail of ["A cinematic 3D animation that shows your product", "Short teaser for social", "items_included", "short_description"]) {
      expect(text, detail).not.toContain(detail);
    }
  });

  it("/products?q= finds products by title without JavaScript", async () => {
    const { text } = await html("/products?q=walkthrough");
    expect(text).toContain("Architectural Walkthrough");
    expect(text).not.toContain("3D Logo Reveal");
  });

  it("/terms and /privacy are the operator's texts, with the seller from the tax settings and the rules' numbers from the code", async () => {
    const terms = (await html("/terms")).text.replace(/<!-- -->/g, "");
    const privacy = (await html("/privacy")).text.replace(/<!-- -->/g, "");
    for (const [page, title, headings] of [
      [terms, "Terms of service", ["What a package includes", "Who owns the work", "Cancelling an order", "First-order money-back guarantee", "Reviews"]],
      [privacy, "Privacy notice", ["What we keep", "How long we keep it", "Who processes it for us", "Cookies", "Your rights"]],
    ] as const) {
      expect(page.match(/<h1\b/g)).toHaveLength(1);
      expect(page).toContain(`>${title}</h1>`);
      expect(page).toMatch(/Last updated <time datetime="\d{4}-\d{2}-\d{2}">\d{1,2} \w+ \d{4}<\/time>/i);
      for (const heading of headings) expect(page).toMatch(new RegExp(`<h2 id="[a-z-]+"[^>]*>${heading}</h2>`));
      // The table of contents links each section's anchor.
      expect(page).toMatch(/<a href="#[a-z-]+"/);
      expect(page).toContain("Reelcraft Studio Ltd, 1 Canal Street, Manchester M1 3HE, United Kingdom");
      expect(page).not.toMatch(/\{\w+\}/);
    }
    expect(terms).toContain("you own its final delivery");
    expect(terms).toContain("within 3 days of it, the order completes on its own");
    expect(terms).toContain("Within 30 days of paying for your first order");
    expect(terms).toContain("within 60 days of its completion: from 1 to 5 stars");
    expect(terms).toContain("within 14 days of writing it");
    expect(terms).toContain("you may cancel an order within 14 days of paying for it");
    expect(terms).toMatch(/href="\/reviews-policy"[^>]*>How reviews work</);
    expect(terms).toMatch(/href="\/privacy"[^>]*>Privacy notice</);
    expect(privacy).toContain("typically 10 years");
    expect(privacy).toContain("30 days after completion an order takes no more files");
    for (const processor of ["Cloudflare:", "Stripe:", "Resend (resend.com):"]) expect(privacy).toContain(processor);
    expect(privacy).toContain("__Host-sid: keeps you signed in");
    expect(privacy).toMatch(/href="\/profile\/privacy"[^>]*>Privacy page</);

    // The seller is whoever the settings say, as soon as they say it.
    await env.DB.prepare("UPDATE shop_settings SET seller_name = 'Canal Films LLP', seller_address = 'Unit 4\n2 Mill Lane\nLeeds LS1 1AA' WHERE id = 1").run();
    try {
      for (const path of ["/terms", "/privacy"]) expect((await html(path)).text, path).toContain("Canal Films LLP, Unit 4, 2 Mill Lane, Leeds LS1 1AA");
    } finally {
      await env.DB.prepare(
        "UPDATE shop_settings SET seller_name = 'Reelcraft Studio Ltd', seller_address = '1 Canal Street, Manchester M1 3HE, United Kingdom' WHERE id = 1",
      ).run();
    }
  });

  it("every page's footer links the terms and the privacy notice", async () => {
    for (const path of ["/home", "/products", "/terms"]) {
      const { text } = await html(path);
      expect(text, path).toMatch(/<nav aria-label="Footer"[\s\S]*href="\/terms"[^>]*>Terms<[\s\S]*href="\/privacy"[^>]*>Privacy notice</);
    }
  });

  it("unknown products and unknown URLs are real 404 pages", async () => {
    for (const path of ["/products/9999", "/products/abc", "/no/such/page"]) {
      const { response, text } = await html(path);
      expect(response.status).toBe(404);
      expect(text).toContain("Page not found");
    }
  });

  it("stores a valid demo request and redirects back to the landing page", async () => {
    const body = new URLSearchParams({ name: "  Ada Lovelace ", email: "ADA@Example.com", company: "Engines Ltd", message: "" });
    const response = await get("/home", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/home?demo=requested#book-a-demo");
    const row = await env.DB.prepare("SELECT name, email, company, message FROM demo_requests ORDER BY id DESC LIMIT 1").first();
    expect(row).toEqual({ name: "Ada Lovelace", email: "ada@example.com", company: "Engines Ltd", message: null });
  });

  it("rejects an invalid demo request with the messages and keeps the typed values", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM demo_requests").first<{ n: number }>();
    const body = new URLSearchParams({ name: "", email: "not-an-email", company: "Keep Me Inc" });
    const { response, text } = await html("/home");
    expect(response.status).toBe(200);
    const posted = await get("/home", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(posted.status).toBe(422);
    const page = await posted.text();
    expect(page).toContain("Name is required");
    expect(page).toContain("Please enter a valid email address");
    expect(page).toContain('value="Keep Me Inc"');
    expect(text).not.toContain("Name is required");
    const after = await env.DB.prepare("SELECT count(*) AS n FROM demo_requests").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});
