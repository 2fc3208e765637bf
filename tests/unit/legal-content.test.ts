import { describe, expect, it } from "vitest";
import { LEGAL_FACTS, PRIVACY, TERMS, type LegalDocument } from "~/content/legal";
import { SESSION_POLICY } from "~/auth/sessions.server";

/** The operator's legal texts (app/content/legal.ts): well-formed, and true of what the code does. */
const DOCUMENTS: [string, LegalDocument][] = [
  ["/terms", TERMS],
  ["/privacy", PRIVACY],
];

function texts(document: LegalDocument): string[] {
  return [...document.intro, ...document.sections.flatMap((section) => section.blocks)].flatMap((block) =>
    typeof block === "string" ? [block] : [...block.list],
  );
}

/** The shop's pages a legal text may link to. */
const PAGES = new Set(["/terms", "/privacy", "/reviews-policy", "/profile", "/profile/privacy", "/products"]);
const DAY_MS = 86_400_000;

describe("legal texts", () => {
  for (const [path, document] of DOCUMENTS) {
    it(`${path}: every {fact} is one the pages fill in, every link goes somewhere real`, () => {
      const ids = new Set(document.sections.map((section) => section.id));
      expect(ids.size).toBe(document.sections.length);
      for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(new Date(`${document.updated}T00:00:00Z`).toISOString().slice(0, 10)).toBe(document.updated);

      for (const text of texts(document)) {
        for (const [, name] of text.matchAll(/\{(\w+)\}/g)) expect(Object.keys(LEGAL_FACTS), text).toContain(name);
        expect(text, "a bracket or brace that is not a link or a fact").not.toMatch(/\[(?![^\]]+\]\([^)\s]+\))|\{(?!\w+\})/);
        for (const [, href] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
          if (href!.startsWith("#")) expect(ids, href).toContain(href!.slice(1));
          else if (href!.startsWith("/")) expect(PAGES, href).toContain(href!.split("#")[0]);
          else expect(href).toMatch(/^(mailto:\{contactEmail\}|https:\/\/)/);
        }
      }
    });
  }

  it("the privacy notice states the session cookie's lifetimes as the session code has them", () => {
    const { idleMs, absoluteMs, cookie } = SESSION_POLICY.customer;
    const cookies = PRIVACY.sections.find((section) => section.id === "cookies")!;
    const line = texts({ ...PRIVACY, intro: [], sections: [cookies] }).find((text) => text.startsWith(`__Host-${cookie}:`));
    expect(line).toContain(`after ${idleMs / DAY_MS} days without a visit, or after ${absoluteMs / DAY_MS} days at most`);
    const kept = PRIVACY.sections.find((section) => section.id === "how-long")!;
    expect(texts({ ...PRIVACY, intro: [], sections: [kept] }).join(" ")).toContain(
      `after ${idleMs / DAY_MS} days without a visit, or after ${absoluteMs / DAY_MS} days at most`,
    );
  });

  it("the terms link the reviews policy and the privacy notice; the privacy notice links the customer's Privacy page", () => {
    expect(texts(TERMS).join(" ")).toContain("](/reviews-policy)");
    expect(texts(TERMS).join(" ")).toContain("](/privacy)");
    expect(texts(PRIVACY).join(" ")).toContain("](/profile/privacy)");
  });
});
