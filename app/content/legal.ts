/**
 * The shop's terms (/terms) and privacy notice (/privacy), in one place for the operator to edit.
 * They are the operator's legal texts, not boilerplate: every sentence must be true of the shop that
 * serves them. Change the words freely; when the shop's behaviour changes, change the text with it,
 * and move `updated` to that day.
 *
 * How a text is written:
 * - A section is a heading and blocks; a block is a paragraph (a string) or a bulleted list.
 * - `[words](/path)` is a link: a path on this shop (`/reviews-policy`, `#refunds`), `mailto:` or `https://`.
 * - `{name}` is a value read when the page is served (LEGAL_FACTS below), from the admin's settings
 *   and from the code that enforces the rule, so the pages never disagree with the shop. A name that
 *   is not in LEGAL_FACTS fails the unit tests (tests/unit/legal-content.test.ts).
 */

/** The values a text may quote as `{name}`, and where each is read from (app/http/legal-pages.server.ts). */
export const LEGAL_FACTS = {
  sellerName: "the seller name at /admin/settings/tax (printed on every invoice)",
  sellerAddress: "the seller address at /admin/settings/tax",
  contactEmail: "the shop's email (SHOP.email in app/lib/shop.ts, in every email's footer)",
  autoCompleteDays: "days after a delivery before it completes on its own (app/lib/rules/work-status.ts)",
  cancellationDays: "days after paying within which a consumer may cancel (app/lib/rules/cancellation-rules.ts)",
  cancellationAnswerDays: "days the studio has to answer a cancellation of work already started",
  guaranteeDays: "days after paying within which the first-order guarantee may be claimed",
  reviewWindowDays: "days after completion within which an order may be reviewed",
  reviewEditDays: "days after writing it within which a review may be edited",
  filesClosedDays: "days after completion after which an order takes no more files (app/lib/rules/delivery-rules.ts)",
  offerWindow: "how long a creator has to answer an offer of work, as words (the admins' setting at /admin/creators)",
  offersMode: "whether work is offered to creators automatically or assigned by the studio by hand, as a sentence (/admin/creators)",
} as const;

export type LegalFactName = keyof typeof LEGAL_FACTS;

/**
 * Who delivers the shop's email for it: the service MAIL_API_URL points at (README, "Email").
 * Name yours here; the privacy notice lists it among the processors.
 */
export const MAIL_PROVIDER = "Resend (resend.com)";

export type LegalBlock = string | { list: readonly string[] };

export interface LegalSection {
  /** The section's anchor: `/terms#cancellation`. Lowercase words and hyphens; never change one that is linked to. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** The page's description for search engines and link previews. */
  description: string;
  /** When the text last changed (YYYY-MM-DD): shown at the top and in the sitemap. */
  updated: string;
  intro: readonly LegalBlock[];
  sections: readonly LegalSection[];
}

export const TERMS: LegalDocument = {
  title: "Terms of service",
  description:
    "What a Reelcraft package includes, who owns the delivered work, revisions, cancelling an order, the first-order money-back guarantee and reviews.",
  updated: "2026-11-25",
  intro: [
    "These terms apply to every order placed on this shop. The shop is run by {sellerName}, {sellerAddress} (“we”, “the studio”). By creating an account or paying for an order you agree to them. How we handle your personal data is in our [Privacy notice](/privacy).",
  ],
  sections: [
    {
      id: "packages",
      heading: "What a package includes",
      blocks: [
        "Each service is sold in packages: Basic, Standard and Premium. A package’s page states what it includes, its price, its delivery time in days, how many revisions are included and how many days each revision takes.",
        "The delivery time is counted from the day work starts on your brief (what the work is for, written on your order’s page after paying), not from the day you pay: the day you send the brief, or, if you did not ask for work to start at once, the end of the cancellation period (see [Cancelling an order](#cancellation)).",
        "Your order keeps the package as you bought it: what it includes, its delivery time, its revisions and its price do not change if the package’s page changes later.",
        "The checkout shows the tax due for your billing address before you pay; your invoice states the price, the tax and the total.",
      ],
    },
    {
      id: "delivery",
      heading: "Delivery, revisions and approval",
      blocks: [
        "The studio delivers the work on your order’s page and emails you when it is ready. You may then approve it, or ask for a revision while you have revisions left; each revision is delivered within the revision time your package states.",
        "If you neither approve a delivery nor ask for a revision within {autoCompleteDays} days of it, the order completes on its own, as if you had approved it.",
      ],
    },
    {
      id: "licence",
      heading: "Who owns the work",
      blocks: [
        "Once you have paid for an order in full, you own its final delivery: you may use, change and publish it as you wish, commercially or not.",
        "What you send us for an order (your brief, logos, footage, other files) stays yours. You confirm that you may let us use it to make your work, and we use it for nothing else.",
      ],
    },
    {
      id: "cancellation",
      heading: "Cancelling an order",
      blocks: [
        "If you buy as a consumer (your billing address has no tax id), you may cancel an order within {cancellationDays} days of paying for it, without giving a reason.",
        "At checkout you choose when the work starts. If you choose “Start work now”, the studio may start as soon as you have paid and sent your brief; if you don’t, work starts when the cancellation period is over, {cancellationDays} days after your payment.",
        {
          list: [
            "Before work has started: cancel on your order’s page and you are refunded in full at once.",
            "After work has started at your request: your cancellation goes to the studio, which answers within {cancellationAnswerDays} days with a refund in proportion to the work not yet done. If the studio has not answered within {cancellationAnswerDays} days, you are refunded in full.",
            "Approving a delivery withdraws a cancellation you asked for and the studio has not answered yet: the order is completed and nothing is refunded. While a delivery awaits your answer and your cancellation is open, the order does not complete on its own; it waits for the studio’s answer (or the refund in full, if the studio does not answer in time).",
            "Once the studio’s answer or the refund in full is being made, the delivery can no longer be approved.",
            "Once the order is completed (you approved the delivery, or it completed on its own), it can no longer be cancelled.",
          ],
        },
        "Every refund is paid back to the card you paid with and comes with a credit note, which you find on your order’s page beside the invoice.",
        "If you buy as a business (your billing address has a tax id), this right to cancel does not apply: write to the studio in your order’s messages. The first-order guarantee below applies to businesses too.",
      ],
    },
    {
      id: "guarantee",
      heading: "First-order money-back guarantee",
      blocks: [
        "Within {guaranteeDays} days of paying for your first order, while that order is not completed, you may ask for a full refund from the order’s page. You get it at once, without waiting for the studio: the work stops and you receive a credit note.",
        "The guarantee applies once per customer, to the first order you paid for.",
      ],
    },
    {
      id: "reviews",
      heading: "Reviews",
      blocks: [
        "Once an order is completed you may review it, once, within {reviewWindowDays} days of its completion: from 1 to 5 stars and a few sentences. You may edit your review within {reviewEditDays} days of writing it.",
        "The studio may answer a review once, publicly. It never changes or deletes a review; it may hide one only for a stated reason: the review shares personal data, is abusive, or is not about the service. [How reviews work](/reviews-policy).",
      ],
    },
    {
      id: "contact",
      heading: "Questions and complaints",
      blocks: [
        "Write to the studio in your order’s messages, or email [{contactEmail}](mailto:{contactEmail}). Nothing in these terms limits your rights as a consumer under the law.",
      ],
    },
  ],
};

export const PRIVACY: LegalDocument = {
  title: "Privacy notice",
  description: "What personal data Reelcraft keeps, why, for how long, who processes it for us, the cookies we use, and how to download or delete your data.",
  updated: "2026-11-25",
  intro: [
    "This notice says what personal data this shop keeps about you, why, for how long, and who processes it for us. The shop is run by {sellerName}, {sellerAddress}, which is responsible for your data. Questions: [{contactEmail}](mailto:{contactEmail}).",
  ],
  sections: [
    {
      id: "what-we-keep",
      heading: "What we keep",
      blocks: [
        {
          list: [
            "Your account: your name, your email address and when you confirmed it, and your password as a one-way hash (never the password itself).",
            "The billing addresses you save, with a tax id when you give one.",
            "Your orders: the package bought, payments and refunds, invoices and credit notes.",
            "What you and the studio exchange about an order: your brief, messages, revision requests and their comments, and the files either side uploads.",
            "Your reviews, and the studio’s answers to them.",
            "A copy of every email we send you.",
            "If you use them: your newsletter subscription (your email address), and a demo request (name, email, company and message).",
          ],
        },
        "Your card details go to Stripe, never to us. The shop does not store your IP address: it uses it for a minute at a time to limit repeated attempts (signing in, sending forms).",
      ],
    },
    {
      id: "why",
      heading: "Why we use it",
      blocks: [
        {
          list: [
            "To run your account and make, deliver and bill your orders: the contract between us.",
            "To keep invoices and credit notes: the law requires it.",
            "To email you about your account and orders, and, only if you subscribed, our newsletter.",
            "To keep the shop and your account safe.",
          ],
        },
        "We do not sell your data, and this shop runs no advertising or analytics trackers.",
      ],
    },
    {
      id: "how-long",
      heading: "How long we keep it",
      blocks: [
        {
          list: [
            "Your account and what belongs to it (addresses, briefs, messages, files, the emails we sent you): until you delete your account. An account can be deleted once none of its orders has work still open.",
            "Your reviews stay published after you delete your account, shown as by a “Former customer” and no longer linked to you.",
            "Invoices, credit notes and the order details they show, with the billing details they were issued to: as long as tax law requires (typically 10 years), also after you delete your account.",
            "Files: what was delivered to you and what either side attached stays available on the order’s page after it completes, until you delete your account. {filesClosedDays} days after completion an order takes no more files (messages stay open), so download what you want to keep.",
            "Newsletter: until you unsubscribe (the link is in every newsletter email) or delete your account.",
            "Sign-in sessions: they end when you log out, after 7 days without a visit, or after 30 days at most; ended sessions are deleted.",
          ],
        },
      ],
    },
    {
      id: "processors",
      heading: "Who processes it for us",
      blocks: [
        {
          list: [
            "Cloudflare: hosts the shop (it sees your IP address as it serves each page), its database (D1) and stored files (R2), and queues the emails we send.",
            "Stripe: takes card payments and refunds, and calculates the tax due; it receives the amount, your billing address and your card details. At checkout your card is typed into Stripe’s own card form or payment page.",
            `${MAIL_PROVIDER}: delivers our emails; it receives your email address and the message.`,
          ],
        },
        "Each processes your data only to provide its service to us, under its data processing terms; some of it may be processed outside your country.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      blocks: [
        "The shop sets only the cookies it needs to work, so it asks for no consent:",
        {
          list: [
            "__Host-sid: keeps you signed in. It ends when you log out, after 7 days without a visit, or after 30 days at most.",
            "__Host-d1_bookmark: set while you are signed in or after you send a form, for an hour; it makes the next pages show your latest changes.",
          ],
        },
        "The studio’s own staff area uses its sign-in cookie and a one-minute cookie for its notices. No tracking, analytics or advertising cookies are used.",
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      blocks: [
        {
          list: [
            "Download your data, or delete your account, on your [Privacy page](/profile/privacy).",
            "Correct your name and billing addresses in your [profile](/profile).",
            "Unsubscribe from the newsletter with the link in any newsletter email.",
            "Ask us what we hold, object to a use or ask for anything else: [{contactEmail}](mailto:{contactEmail}).",
          ],
        },
        "You may also complain to the data protection authority where you live or work.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this notice",
      blocks: ["When this notice changes, the date at the top changes with it."],
    },
  ],
};
