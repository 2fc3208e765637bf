import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireCreatorForFetch } from "~/auth/index.server";
import { apiRoute, requireIdParam } from "~/http/api-route.server";
import { deliverFromPage } from "~/http/delivery-upload.server";
import { paths } from "~/lib/paths";

/**
 * POST /studio/orders/{id}/deliveries: the creator's order page's upload with JavaScript (an order
 * assigned to them now; any other 404). Without JavaScript the page's own form posts to the page.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const creator = await requireCreatorForFetch(context, request);
  const orderId = requireIdParam(params.id, "Order not found");
  return deliverFromPage(context, request, orderId, { kind: "creator", id: creator.id }, paths.studioOrder(orderId));
});
