import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";
import { getCustomer, getSignedInAdmin, requireApiAnyAccount } from "~/services/auth.server";
import { ApiFailure } from "~/services/api-route.server";
import { getDeliveryFile } from "~/services/fulfilment.server";
import { serveMedia } from "~/services/media.server";
import type { Actor } from "~/services/work-events.server";

/** Who may fetch a delivered file: the signed-in admin or customer of this browser, or an API token's holder. */
async function viewer(context: LoaderFunctionArgs["context"], request: Request): Promise<Actor | null> {
  const admin = await getSignedInAdmin(context, request);
  if (admin) return { kind: "admin", id: admin.id };
  const customer = await getCustomer(context, request);
  if (customer) return { kind: "customer", id: customer.id };
  if (!request.headers.get("Authorization")) return null;
  try {
    const caller = await requireApiAnyAccount(context, request);
    return { kind: caller.kind, id: caller.id };
  } catch (error) {
    if (error instanceof ApiFailure) return null;
    throw error;
  }
}

/**
 * GET /orders/{id}/files/{fileId}: a delivered file, to the order's owner and admins only. Videos
 * play inline with Range requests (seeking works); other files download as attachments.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await viewer(context, request);
  if (!actor) return new Response("Sign in to see this file", { status: 401, headers: { "Cache-Control": "no-store" } });
  const orderId = parseId(params.id);
  const fileId = parseId(params.fileId);
  if (!orderId || !fileId) return new Response("Not found", { status: 404 });
  try {
    const file = await getDeliveryFile(context.db, orderId, fileId, actor);
    return serveMedia(context.env.MEDIA, file.key, request, { private: true, attachment: file.kind === "video" ? null : file.name });
  } catch (error) {
    if (error instanceof ApiFailure) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}
