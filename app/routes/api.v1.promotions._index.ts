import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { PromotionSchema } from "~/lib/schemas/promotion";
import { requireApiAdmin } from "~/auth/index.server";
import { createPromotion, listPromotions, PROMOTIONS_PER_PAGE } from "~/domain/money/promotions.server";
import { refuse } from "~/domain/refusal";
import { firstIssueMessage, PaginationQuerySchema, searchParamsObject } from "~/lib/query";
import { parseApiInput } from "~/lib/api-messages";
import { apiRoute, readApiBody } from "~/http/api-route.server";

/** GET /api/v1/promotions?limit&pageNumber (admins) → a page of promotion codes, newest first, with their redemptions (final and reserved). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  await requireApiAdmin(context, request);
  const parsed = parseApiInput(PaginationQuerySchema, searchParamsObject(new URL(request.url).searchParams, ["limit", "pageNumber"]));
  if (!parsed.success) throw refuse.malformed(firstIssueMessage(parsed.error));
  const { limit = PROMOTIONS_PER_PAGE, pageNumber = 1 } = parsed.data;
  const page = await listPromotions(context.db, pageNumber, limit);
  return apiJson({ success: true, data: page.data, meta: { totalPages: page.totalPages, currentPage: pageNumber, totalCount: page.total, limit } });
});

/**
 * POST /api/v1/promotions {promotion:{code, percent_off | amount_off + currency, product_ids?, starts_at?,
 * ends_at?, max_redemptions?, once_per_customer?, first_order_only?, active?}} (admins) → 201 with the
 * promotion; invalid terms, a code in use or unknown services → 422 with `errors`.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  await requireApiAdmin(context, request);
  const input = await readApiBody(request, PromotionSchema, { wrapper: "promotion", failure: "Promotion could not be saved" });
  const promotion = await createPromotion(context.db, input);
  return apiJson({ success: true, message: "Promotion created", data: promotion }, { status: 201 });
});
