import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { apiRoute } from "~/http/api-route.server";
import { apiJson, methodNotAllowed } from "~/lib/api";
import { requireAdminForFetch } from "~/auth/index.server";
import { createProductDetails } from "~/http/product-form.server";
import { PRODUCT_CREATE_MESSAGES } from "~/lib/schemas/product";

/**
 * Step 1 of "Create New Product" in the browser: the fields (no files) as a form post, answered in
 * JSON with the new id or the form's errors. Cookie-authenticated like the screen itself.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed("POST");
  await requireAdminForFetch(context, request);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw refuse.malformed("The form could not be read");
  }
  const outcome = await createProductDetails(context, formData);
  if (outcome.kind === "form") return apiJson({ success: false, result: outcome.result }, { status: outcome.status });
  return apiJson({ success: true, message: PRODUCT_CREATE_MESSAGES.created, data: { id: outcome.id } }, { status: 201 });
});

export function loader() {
  return methodNotAllowed("POST");
}
