import { editReview, submitReview } from "~/domain/reviews/reviews.server";
import { apiJson } from "~/lib/api";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall, apiCalls } from "~/http/api/call.server";

/**
 * POST /api/v1/orders/{id}/review {review:{rating, title?, body}} (the order's customer) → 201 with
 * the review; PUT the same within 14 days edits it. Not completed, past 60 days or already reviewed
 * → 409; another customer's order → 404.
 */
export const action = apiCalls({
  POST: apiCall("POST /orders/{id}/review", async ({ body, caller, params, context }) => {
    const customer = await caller.account();
    const data = await submitReview(context.db, customer.id, requireIdParam(params.id, "Order not found"), body);
    return apiJson({ success: true, message: "Review published", data }, { status: 201 });
  }),
  PUT: apiCall("PUT /orders/{id}/review", async ({ body, caller, params, context }) => {
    const customer = await caller.account();
    return apiJson({
      success: true,
      message: "Review updated",
      data: await editReview(context.db, customer.id, requireIdParam(params.id, "Order not found"), body),
    });
  }),
});
