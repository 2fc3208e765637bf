import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiCustomer } from "~/auth/index.server";
import { refuse } from "~/domain/refusal";
import { editReview, submitReview } from "~/domain/reviews/reviews.server";
import { apiJson } from "~/lib/api";
import { ReviewSchema } from "~/lib/schemas/review";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";

/**
 * POST /api/v1/orders/{id}/review {review:{rating, title?, body}} (the order's customer) → 201 with
 * the review; PUT the same within 14 days edits it. Not completed, past 60 days or already reviewed
 * → 409; another customer's order → 404.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "PUT") throw refuse.malformed("Use POST to review an order, PUT to edit the review");
  const customer = await requireApiCustomer(context, request);
  const orderId = requireIdParam(params.id, "Order not found");
  const input = await readApiBody(request, ReviewSchema, { wrapper: "review", failure: "Review is invalid" });
  if (request.method === "PUT") return apiJson({ success: true, message: "Review updated", data: await editReview(context.db, customer.id, orderId, input) });
  return apiJson({ success: true, message: "Review published", data: await submitReview(context.db, customer.id, orderId, input) }, { status: 201 });
});
