import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/** axe-core's WCAG 2.2 A/AA rules on the page as it is now; violations are collected softly (one run reports every screen's). */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

export async function expectNoViolations(page: Page, state: string, { exclude }: { exclude?: string } = {}) {
  // Legacy mode runs axe in the page's own frames; the default opens a blank page for every pass
  // (to merge results from cross-origin frames, which these screens do not have), doubling its cost.
  // Only violations are collected: axe then skips gathering every node that passed (results are
  // the same; a fifth of the time goes).
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG)
    .setLegacyMode(true);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const found = results.violations.map((v) => ({
    state,
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join(" ")}`),
  }));
  // Soft: one run reports every screen's violations, and the test still fails.
  expect.soft(found, `axe violations on ${state}`).toEqual([]);
}
