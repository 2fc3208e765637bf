import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { requireApiAnyAccount } from "~/auth/index.server";
import { addComment, listComments } from "~/domain/orders/review-comments.server";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";
import { ReviewCommentSchema } from "~/lib/schemas/review-comment";

/** GET /api/v1/orders/{id}/deliveries/{delivery_id}/comments: the version's comments in timeline order, with replies. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const orderId = requireIdParam(params.id, "Order not found");
  const deliveryId = requireIdParam(params.delivery_id, "Delivery not found");
  return apiJson({ success: true, data: await listComments(context.db, orderId, deliveryId, caller) });
});

/** POST …/comments `{ comment: { at_frame, end_frame?, text, drawing? } }` → 201, the comment. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const orderId = requireIdParam(params.id, "Order not found");
  const deliveryId = requireIdParam(params.delivery_id, "Delivery not found");
  const input = await readApiBody(request, ReviewCommentSchema, { wrapper: "comment", failure: "Comment is invalid" });
  return apiJson({ success: true, data: await addComment(context.db, orderId, deliveryId, caller, input) }, { status: 201 });
});
