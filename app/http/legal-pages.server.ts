/**
 * The server half of /terms and /privacy: each page's head, and the values its text quotes
 * (`{sellerName}`, `{guaranteeDays}`, … in app/content/legal.ts), read from the admin's seller
 * settings and from the code that enforces each rule, so the texts stay true without an edit.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { LegalDocument, LegalFactName } from "~/content/legal";
import { getShopSettings } from "~/domain/money/tax.server";
import { GUARANTEE_DAYS } from "~/domain/orders/guarantee.server";
import { EDIT_WINDOW_DAYS, REVIEW_WINDOW_DAYS } from "~/domain/reviews/review-rules";
import { CANCELLATION_ANSWER_DAYS, CANCELLATION_DAYS } from "~/lib/rules/cancellation-rules";
import { ATTACHMENTS_OPEN_DAYS_AFTER_COMPLETION } from "~/lib/rules/delivery-rules";
import { SHOP } from "~/lib/shop";
import { AUTO_COMPLETE_DAYS } from "~/lib/rules/work-status";
import { pageMeta } from "./seo.server";
import { getOfferSettings } from "~/domain/creators/offers.server";

export type LegalFacts = Record<LegalFactName, string>;

/** Every value a legal text may quote; the seller's from /admin/settings/tax (one D1 read). */
export async function legalFacts(context: Pick<AppLoadContext, "db">): Promise<LegalFacts> {
  const [seller, offers] = await Promise.all([getShopSettings(context.db), getOfferSettings(context.db)]);
  return {
    sellerName: seller.sellerName,
    // Invoices print the address on several lines; a sentence needs it on one.
    sellerAddress: seller.sellerAddress
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .join(", "),
    contactEmail: SHOP.email,
    autoCompleteDays: String(AUTO_COMPLETE_DAYS),
    cancellationDays: String(CANCELLATION_DAYS),
    cancellationAnswerDays: String(CANCELLATION_ANSWER_DAYS),
    guaranteeDays: String(GUARANTEE_DAYS),
    reviewWindowDays: String(REVIEW_WINDOW_DAYS),
    reviewEditDays: String(EDIT_WINDOW_DAYS),
    filesClosedDays: String(ATTACHMENTS_OPEN_DAYS_AFTER_COMPLETION),
    offerWindow: offers.window_hours === 1 ? "1 hour" : `${offers.window_hours} hours`,
    offersMode: offers.automatic
      ? "Work is offered automatically, as described here."
      : "Automatic offers are switched off at present: the studio assigns every order by hand, following the same order of creators.",
  };
}

/** A legal page's loader data: its head (canonical at `path`) and the facts its text quotes. */
export async function legalPage(context: AppLoadContext, document: LegalDocument, path: "/terms" | "/privacy" | "/how-we-work-with-creators") {
  return {
    head: pageMeta(context.origin, { title: `${document.title} · Reelcraft`, description: document.description, path }),
    facts: await legalFacts(context),
  };
}
