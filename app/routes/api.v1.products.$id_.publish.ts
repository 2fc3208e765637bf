import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { PRODUCT_PUBLISHED } from "~/lib/api-answers";
import { requireApiAdmin } from "~/auth/index.server";
import { publishProduct } from "~/domain/catalogue/product-admin.server";
import { parseId } from "~/lib/record-id";
import { apiRoute } from "~/http/api-route.server";

/** POST /api/v1/products/{id}/publish (admins): a draft goes on sale. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  await requireApiAdmin(context, request);
  const id = parseId(params.id);
  if (id === null) throw refuse.malformed("Product id must be a positive whole number");
  const status = await publishProduct(context.db, id);
  if (!status) throw refuse.notFound("Product not found");
  return apiJson({ success: true, message: PRODUCT_PUBLISHED, data: { id, status } });
});
