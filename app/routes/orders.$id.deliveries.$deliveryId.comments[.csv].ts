import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { orderFileViewer } from "~/auth/index.server";
import { settle } from "~/domain/refusal";
import { commentsCsv } from "~/domain/orders/review-comments.server";
import { parseId } from "~/lib/record-id";
import { notFound, unauthorized } from "~/http/answers.server";

/** GET /orders/{id}/deliveries/{deliveryId}/comments.csv: a version's comments and replies (the owner or an admin; cookie or Bearer). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await orderFileViewer(context, request);
  if (!viewer) return unauthorized("Sign in to export comments");
  const orderId = parseId(params.id);
  const deliveryId = parseId(params.deliveryId);
  const found = orderId && deliveryId ? await settle(commentsCsv(context.db, orderId, deliveryId, viewer)) : null;
  if (!found?.ok) return notFound("Not found");
  return new Response(found.value, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="order-${orderId}-v${deliveryId}-comments.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
