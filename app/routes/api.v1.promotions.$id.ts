import { apiJson } from "~/lib/api";
import { PROMOTION_ADMIN_MESSAGES, updatePromotion } from "~/domain/money/promotions.server";
import { requireIdParam } from "~/http/api-route.server";
import { apiCall } from "~/http/api/call.server";

/**
 * PUT /api/v1/promotions/{id} {promotion:{…as POST}} (admins) → 200 with the promotion, its terms
 * replaced (what the body leaves out takes its default); no such promotion → 404; invalid → 422.
 */
export const action = apiCall("PUT /promotions/{id}", async ({ body, caller, params, context }) => {
  await caller.account();
  const id = requireIdParam(params.id, PROMOTION_ADMIN_MESSAGES.notFound);
  const promotion = await updatePromotion(context.db, id, body);
  return apiJson({ success: true, message: "Promotion updated", data: promotion });
});
