import { refuse } from "~/domain/refusal";
import { apiJson } from "~/lib/api";
import { PRODUCT_PUBLISHED } from "~/lib/api-answers";
import { publishProduct } from "~/domain/catalogue/product-admin.server";
import { parseId } from "~/lib/record-id";
import { apiCall } from "~/http/api/call.server";

/** POST /api/v1/products/{id}/publish (admins): a draft goes on sale. */
export const action = apiCall("POST /products/{id}/publish", async ({ caller, params, context }) => {
  await caller.account();
  const id = parseId(params.id);
  if (id === null) throw refuse.malformed("Product id must be a positive whole number");
  const status = await publishProduct(context.db, id);
  if (!status) throw refuse.notFound("Product not found");
  return apiJson({ success: true, message: PRODUCT_PUBLISHED, data: { id, status } });
});
