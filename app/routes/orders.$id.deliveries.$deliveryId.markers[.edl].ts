import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { orderFileViewer } from "~/auth/index.server";
import { settle } from "~/domain/refusal";
import { markersEdl } from "~/domain/orders/review-comments.server";
import { parseId } from "~/lib/record-id";
import { notFound, unauthorized } from "~/http/answers.server";

/** GET /orders/{id}/deliveries/{deliveryId}/markers.edl: a version's comments as CMX3600 markers (Resolve, Premiere). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await orderFileViewer(context, request);
  if (!viewer) return unauthorized("Sign in to export markers");
  const orderId = parseId(params.id);
  const deliveryId = parseId(params.deliveryId);
  const found = orderId && deliveryId ? await settle(markersEdl(context.db, orderId, deliveryId, viewer, `Order ${orderId} review`)) : null;
  if (!found?.ok) return notFound("Not found");
  return new Response(found.value, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="order-${orderId}-v${deliveryId}-markers.edl"`,
      "Cache-Control": "private, no-store",
    },
  });
}
