import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
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
      "4,000+ creators across the UK, US and Europe",
      "turnaround within 10 days",
      "In-house team",
      "Agencies",
      "Other platforms",
    ]) {
      expect(text).toContain(claim);
    }
    expect(text).toMatch(/href="\/login"[^>]*>Log in</);
    expect(text).toMatch(/href="\/signup"[^>]*>Get started</);
    expect(text).toMatch(/href="\/products"[^>]*>View examples</);
    expect(text).toMatch(/href="#book-a-demo"[^>]*>Book a demo</);
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
    expect(text).toContain("$499.00");
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
