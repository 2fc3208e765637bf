import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";
import { orderFileViewer } from "~/auth/index.server";
import { settle } from "~/domain/refusal";
import { getAttachment } from "~/domain/orders/attachments.server";
import { getDeliveryFile } from "~/domain/orders/deliveries.server";
import { serveMedia } from "~/http/serve-file.server";
import { notFound, unauthorized } from "~/http/answers.server";

/** The order's private files: the studio's delivered files, and the brief's and messages' attachments. */
const COLLECTIONS = { files: getDeliveryFile, attachments: getAttachment } as const;

/**
 * GET /orders/{id}/files/{fileId} (a delivered file) and /orders/{id}/attachments/{attachmentId}:
 * to the order's owner and admins only. Videos play inline with Range requests (seeking works);
 * other files download as attachments.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await orderFileViewer(context, request);
  if (!actor) return unauthorized("Sign in to see this file");
  const orderId = parseId(params.id);
  const fileId = parseId(params.fileId);
  const lookup = params.collection === "files" || params.collection === "attachments" ? COLLECTIONS[params.collection] : null;
  if (!orderId || !fileId || !lookup) return notFound("Not found");
  // Not theirs, or no such file: the same 404, never saying which.
  const found = await settle(lookup(context.db, orderId, fileId, actor));
  if (!found.ok) return notFound("Not found");
  const file = found.value;
  return serveMedia(context.env.MEDIA, file.key, request, {
    private: true,
    attachment: file.kind === "video" ? null : file.name,
    contentType: file.contentType,
  });
}
