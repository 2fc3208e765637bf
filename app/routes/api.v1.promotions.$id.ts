import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { PromotionSchema } from "~/lib/schemas/promotion";
import { requireApiAdmin } from "~/auth/index.server";
import { PROMOTION_ADMIN_MESSAGES, updatePromotion } from "~/domain/money/promotions.server";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";

/**
 * PUT /api/v1/promotions/{id} {promotion:{…as POST}} (admins) → 200 with the promotion, its terms
 * replaced (what the body leaves out takes its default); no such promotion → 404; invalid → 422.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  await requireApiAdmin(context, request);
  const id = requireIdParam(params.id, PROMOTION_ADMIN_MESSAGES.notFound);
  const input = await readApiBody(request, PromotionSchema, { wrapper: "promotion", failure: "Promotion could not be saved" });
  const promotion = await updatePromotion(context.db, id, input);
  return apiJson({ success: true, message: "Promotion updated", data: promotion });
});
