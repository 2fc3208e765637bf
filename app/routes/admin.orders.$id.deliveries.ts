import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminForFetch } from "~/auth/index.server";
import { apiRoute, requireIdParam } from "~/http/api-route.server";
import { deliverFromPage } from "~/http/delivery-upload.server";
import { paths } from "~/lib/paths";

/**
 * POST /admin/orders/{id}/deliveries: the admin order page's upload with JavaScript. Without
 * JavaScript the page's own form posts to the page; both deliver through the same service.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireAdminForFetch(context, request);
  const orderId = requireIdParam(params.id, "Order not found");
  return deliverFromPage(context, request, orderId, { kind: "admin", id: admin.id }, paths.adminOrder(orderId));
});
