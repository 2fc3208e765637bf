import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "~/http/api-route.server";
import { apiJson, methodNotAllowed } from "~/lib/api";
import { requireAdminForFetch } from "~/auth/index.server";
import { createProductDetails } from "~/http/product-form.server";
import { PRODUCT_CREATE_MESSAGES } from "~/lib/schemas/product";
import { readForm } from "~/http/request-body.server";

/**
 * Step 1 of "Create New Product" in the browser: the fields (no files) as a form post, answered in
 * JSON with the new id or the form's errors. Cookie-authenticated like the screen itself.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed("POST");
  await requireAdminForFetch(context, request);
  const formData = await readForm(request);
  const outcome = await createProductDetails(context, formData);
  if (outcome.kind === "form") return apiJson({ success: false, result: outcome.result }, { status: outcome.status });
  return apiJson({ success: true, message: PRODUCT_CREATE_MESSAGES.created, data: { id: outcome.id } }, { status: 201 });
});

export function loader() {
  return methodNotAllowed("POST");
}
