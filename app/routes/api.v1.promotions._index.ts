import { apiJson } from "~/lib/api";
import { createPromotion, listPromotions, PROMOTIONS_PER_PAGE } from "~/domain/money/promotions.server";
import { apiCall } from "~/http/api/call.server";

/** GET /api/v1/promotions?limit&pageNumber (admins) → a page of promotion codes, newest first, with their redemptions (final and reserved). */
export const loader = apiCall("GET /promotions", async ({ query, caller, context }) => {
  await caller.account();
  const { limit = PROMOTIONS_PER_PAGE, pageNumber = 1 } = query;
  const page = await listPromotions(context.db, pageNumber, limit);
  return apiJson({ success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } });
});

/**
 * POST /api/v1/promotions {promotion:{code, percent_off | amount_off + currency, product_ids?, starts_at?,
 * ends_at?, max_redemptions?, once_per_customer?, first_order_only?, active?}} (admins) → 201 with the
 * promotion; invalid terms, a code in use or unknown services → 422 with `errors`.
 */
export const action = apiCall("POST /promotions", async ({ body, caller, context }) => {
  await caller.account();
  const promotion = await createPromotion(context.db, body);
  return apiJson({ success: true, message: "Promotion created", data: promotion }, { status: 201 });
});
