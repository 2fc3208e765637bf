import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { BriefSchema } from "~/lib/schemas/brief";
import { requireApiAnyAccount, requireApiToken } from "~/auth/index.server";
import { getBrief, submitBrief } from "~/domain/orders/fulfilment.server";
import { getOrder } from "~/domain/orders/orders.server";
import { apiRoute, readApiBody, requireIdParam } from "~/http/api-route.server";
import { mailNotice } from "~/domain/mail/order-emails.server";

/** GET /api/v1/orders/{id}/brief: the owner or an admin; `data` is null until the brief is submitted. */
export const loader = apiRoute(async ({ request, params, context }: LoaderFunctionArgs) => {
  const caller = await requireApiAnyAccount(context, request);
  const brief = await getBrief(context.db, requireIdParam(params.id, "Order not found"), { kind: caller.kind, id: caller.id });
  return apiJson({ success: true, data: brief });
});

/** PUT /api/v1/orders/{id}/brief {brief:{…}}: the owner submits it once; production starts (409 afterwards). */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  const token = await requireApiToken(context, request, "customer");
  const id = requireIdParam(params.id, "Order not found");
  const brief = await readApiBody(request, BriefSchema, { wrapper: "brief", failure: "Brief could not be saved" });
  await submitBrief(context.db, context.env.MEDIA, mailNotice(context), id, token.id, brief);
  const order = await getOrder(context.db, id, { userId: token.id });
  const { user_id: _owner, ...data } = order!;
  return apiJson({ success: true, message: "Brief submitted", data });
});
