import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiRoute } from "~/http/api-route.server";
import { refuse } from "~/domain/refusal";
import { apiJson, methodNotAllowed } from "~/lib/api";
import { requireAdminForFetch } from "~/auth/index.server";
import { createProductDetails } from "~/http/product-form.server";
import { PRODUCT_CREATE_MESSAGES } from "~/lib/schemas/product";
import { readForm } from "~/http/request-body.server";

/**
 * Step 1 of "Create New Product" in the browser: the fields (no files) as a form post, answered in
 * JSON with the new id, or refused in the API's one error shape (`{ success: false, message,
 * errors }`: each field's message in the form's order; the browser checked the same schema before
 * sending). Cookie-authenticated like the screen itself.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed("POST");
  await requireAdminForFetch(context, request);
  const formData = await readForm(request);
  const outcome = await createProductDetails(context, formData);
  if (outcome.kind === "form") {
    const errors = Object.values(outcome.result.error ?? {})
      .flat()
      .filter((message): message is string => typeof message === "string");
    throw refuse.invalid(errors[0] ?? PRODUCT_CREATE_MESSAGES.failed, errors);
  }
  return apiJson({ success: true, message: PRODUCT_CREATE_MESSAGES.created, data: { id: outcome.id } }, { status: 201 });
});

export function loader() {
  return methodNotAllowed("POST");
}
