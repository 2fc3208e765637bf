import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { requireApiAnyAccount } from "~/auth/index.server";
import { replyToComment } from "~/domain/orders/review-comments.server";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";
import { CommentReplySchema } from "~/lib/schemas/review-comment";

/** POST /api/v1/orders/{id}/deliveries/{delivery_id}/comments/{comment_id}/replies `{ reply: { text } }` → 201, the comment with its replies. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const orderId = requireIdParam(params.id, "Order not found");
  const deliveryId = requireIdParam(params.delivery_id, "Delivery not found");
  const commentId = requireIdParam(params.comment_id, "Comment not found");
  const input = await readApiBody(request, CommentReplySchema, { wrapper: "reply", failure: "Reply is invalid" });
  return apiJson({ success: true, data: await replyToComment(context.db, orderId, deliveryId, commentId, caller, input.text) }, { status: 201 });
});
