/**
 * How the shop works with its creators (/how-we-work-with-creators): how work reaches them, what
 * ranks them in public, why an account may be suspended and how to complain. The EU's
 * platform-to-business rules ask a platform to publish these; the text must stay true of the code
 * (app/lib/rules/creator-figures.ts ranks; app/domain/creators assigns and suspends). Written as
 * the legal texts are (app/content/legal.ts): `[words](/path)` links, `{name}` facts.
 */
import type { LegalDocument } from "./legal";
import { CREATORS_RANKING_RULE } from "~/lib/rules/creator-figures";
import { FIGURES_MIN_ORDERS } from "~/lib/rules/package-figures";

export const CREATOR_POLICY: LegalDocument = {
  title: "How we work with creators",
  description: "How work is given to Reelcraft's creators, what ranks them on the shop, why an account may be suspended, and how to complain.",
  updated: "2026-11-28",
  intro: [
    "Reelcraft is run by {sellerName}, {sellerAddress}. The shop sells fixed-price packages; the creators listed on it make the work. This page says how we share work among them, how the shop decides the order in which they appear, and what happens when something goes wrong. It applies to every creator account.",
  ],
  sections: [
    {
      id: "joining",
      heading: "Who can be a creator",
      blocks: [
        "Creators join by invitation: the studio reviews a creator's past work before inviting them. An invited creator sets their display name and password, then their public profile: headline, biography, country, languages, skills (the shop's own tags), a picture, a showreel and up to 12 portfolio pieces.",
        "A profile appears on [our creators' page](/creators) once the invitation is accepted, and stays there while the account is active or away. A creator's email address and other personal details are never shown to customers, and customers' personal details are never shown to creators beyond a first name and initial.",
      ],
    },
    {
      id: "work",
      heading: "How work is offered",
      blocks: [
        "Each service names the creators who make it, one of them the lead. When the work on an order can start (its brief is in and its start date reached), it is offered to one creator of that service at a time: the creator who was given work least recently comes first, then the one with fewer orders in hand (being made, being revised, or delivered and awaiting the customer's answer, and offers waiting for their answer). Only creators who are active (not away, not suspended), with room under the number of orders they said they can take at once (their capacity, from 1 to 20), and not yet offered that order are considered. The service's own order of creators settles any tie that is left.",
        "The creator sees what the work is (the service, the package and the brief) and its due date, and accepts or declines it in their workspace; a reason for declining is optional and never counts against them. An offer not answered within {offerWindow} passes to the next creator at the following scheduled run, every 30 minutes. When nobody can take it, the order waits for the studio, which assigns it by hand and is told at once. The due date counts from the start of the work, so the time an offer waits never shortens the customer's promise nor the creator's time to make it.",
        "The assigned creator sees the brief, the due date and the order's thread in their workspace. If a creator becomes unavailable, the studio may reassign the order; the reason is recorded on the order's timeline. A creator who goes away chooses the date they return; no new work is offered to them until then. The studio can switch automatic offers off and assign every order by hand. {offersMode}",
      ],
    },
    {
      id: "ranking",
      heading: "What ranks creators",
      blocks: [
        CREATORS_RANKING_RULE,
        {
          list: [
            "Orders completed: the orders completed while the creator was assigned to them; the last 12 months means the current calendar month and the 11 before it.",
            "On time: of those orders, the share first delivered within the days the package promised.",
            "Rating: the average of the verified reviews customers left on those orders, except reviews hidden for a stated policy reason.",
            `A creator with fewer than ${FIGURES_MIN_ORDERS} completed orders is shown as “New creator”, without figures: too few orders to mean anything.`,
          ],
        },
        "Nobody can pay for a better place, and the studio cannot type or change a creator's figures: they are counted from the orders and reviews themselves, and checked against them regularly. Ties keep the order in which creators were invited.",
      ],
    },
    {
      id: "suspension",
      heading: "Why an account may be suspended",
      blocks: [
        "The studio may suspend a creator's account for one of these reasons, and always tells the creator which one, with the facts, in a written statement of reasons sent by email and shown when they sign in:",
        {
          list: [
            "work delivered that is not the creator's own, or that infringes someone else's rights;",
            "repeatedly missing due dates or leaving customers without an answer;",
            "asking customers to pay or communicate outside the shop;",
            "abusive or discriminatory behaviour towards customers or the studio;",
            "false information in the profile or the portfolio;",
            "a legal obligation that requires it.",
          ],
        },
        "While suspended, a creator's profile is not shown and they get no new work; their open orders return to the studio, which assigns them to another creator and tells the customers. What a creator earned stays theirs, and their data rights are unaffected: they can still sign in to read the statement, download their data or delete their account.",
      ],
    },
    {
      id: "complaints",
      heading: "How to complain or appeal",
      blocks: [
        "A creator can appeal a suspension, or complain about how work was assigned, how they are ranked or anything else about how the shop treats them, by replying to the email they received or writing to [{contactEmail}](mailto:{contactEmail}). We answer within 14 days, and an appeal is decided by someone who did not take the decision appealed. If we lift a suspension, the profile is shown again at once.",
        "If we cannot settle a complaint between us, a creator may ask an independent mediator to help; we will take part in good faith.",
      ],
    },
  ],
};
