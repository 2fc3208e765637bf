import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { EDIT_WINDOW_DAYS, REVIEW_WINDOW_DAYS } from "~/domain/reviews/review-rules";

export const meta: MetaFunction = () => [
  { title: "How reviews work · Reelcraft" },
  { name: "description", content: "Who can review a Reelcraft service, how reviews are checked, and when the studio may hide one." },
];

/** Who may review and how reviews are checked (linked beside every rating): what the shop does, stated plainly. */
export default function ReviewsPolicy() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">How reviews work</h1>
      <section className="space-y-3 text-slate-700">
        <h2 className="text-xl font-semibold text-slate-900">Who can review</h2>
        <p>
          Only a customer who bought the service can review it: once per order, after the order is completed (the customer approved the delivery, or it
          completed on its own after the review period), and within {REVIEW_WINDOW_DAYS} days of that. Every review on this shop is marked “Verified purchase”
          and names the package bought.
        </p>
        <p>
          A review shows its writer’s first name and the initial of their last, the country the order was billed to, and the company it was billed to only where
          the writer chose to name it.
        </p>
        <p>The customer may edit their review within {EDIT_WINDOW_DAYS} days of writing it; an edited review says so.</p>
      </section>
      <section className="space-y-3 text-slate-700">
        <h2 className="text-xl font-semibold text-slate-900">How reviews are checked</h2>
        <p>
          The shop checks that the reviewer paid for the order and that its work was completed; it does not check what the review says. Ratings are the average
          of the shown reviews, to one decimal, with their number; a service nobody has reviewed yet shows “New”. No rating or review on this shop is written,
          bought or chosen by the studio.
        </p>
      </section>
      <section className="space-y-3 text-slate-700">
        <h2 className="text-xl font-semibold text-slate-900">What the studio can and cannot do</h2>
        <p>
          The studio can answer each review once, publicly. It cannot change a review’s stars or words, and it cannot delete a review. It may hide a review only
          when the review shares personal data, is abusive, or is not about the service; each hidden review is recorded with who hid it and why, and every
          product page says how many of its reviews were hidden.
        </p>
      </section>
      <p>
        <Link to="/products" className="font-semibold text-brand-700 hover:underline">
          Browse services
        </Link>
      </p>
    </div>
  );
}
