import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminForFetch } from "~/auth/index.server";
import { deliver } from "~/domain/orders/deliveries.server";
import { getWorkState } from "~/domain/orders/work-state.server";
import { readForm } from "~/http/request-body.server";
import { mailNotice } from "~/domain/mail/order-emails.server";
import { DELIVERY_FORM, deliveryFromForm } from "~/http/order-forms.server";
import { apiRoute, requireIdParam } from "~/http/api-route.server";
import { paths } from "~/lib/paths";

/**
 * POST /admin/orders/{id}/deliveries: the admin order page's upload with JavaScript (it shows each
 * file's progress while the request streams), answered in JSON (`{ success: true, location }`, or
 * the API's error shape). Without JavaScript the page's own form posts to the page; both deliver
 * through the same service.
 */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireAdminForFetch(context, request);
  const orderId = requireIdParam(params.id, "Order not found");
  // The order exists, before a byte of the body is read.
  await getWorkState(context.db, orderId, { kind: "admin", id: admin.id });
  const form = await readForm(request, DELIVERY_FORM);
  await deliver(context.db, context.env.MEDIA, mailNotice(context), orderId, { kind: "admin", id: admin.id }, deliveryFromForm(form));
  return Response.json({ success: true, location: `${paths.adminOrder(orderId)}?delivered=1` }, { status: 201 });
});
