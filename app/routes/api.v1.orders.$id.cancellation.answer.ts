import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiToken } from "~/auth/index.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { answerCancellation } from "~/domain/orders/cancellation.server";
import { getOrder } from "~/domain/orders/orders.server";
import { apiJson } from "~/lib/api";
import { CancellationAnswerSchema } from "~/lib/schemas/refund";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";

/**
 * POST /api/v1/orders/{id}/cancellation/answer {cancellation:{amount, note}} (admin): the studio's
 * answer to a cancellation of work already started: a refund for the work not done ("0": none) with a
 * note of the work done; the order is cancelled. 409 when there is no open request.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireApiToken(context, request, "admin");
  const id = requireIdParam(params.id, "Order not found");
  const answer = await readApiBody(request, CancellationAnswerSchema, { wrapper: "cancellation", failure: "Cancellation could not be answered" });
  await answerCancellation(context.db, context.payments, admin.id, id, answer, mailNotice(context));
  const { user_id: _owner, ...order } = (await getOrder(context.db, id))!;
  return apiJson({ success: true, message: "Cancellation answered", data: { order } });
});
