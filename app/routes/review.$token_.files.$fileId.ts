import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDeliveryFile } from "~/domain/orders/fulfilment.server";
import { guestFromToken } from "~/domain/orders/review-guests.server";
import { settle } from "~/domain/refusal";
import { serveMedia } from "~/http/serve-file.server";
import { parseId } from "~/lib/record-id";

/**
 * GET /review/{token}/files/{fileId}: a delivered file (a preview or a small file, never a master) to
 * the guest whose link it is, while the link is live; videos play with Range.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const noStore = { "Cache-Control": "no-store" };
  const guest = await settle(guestFromToken(context.db, params.token ?? ""));
  const fileId = parseId(params.fileId);
  if (!guest.ok || !fileId) return new Response("Not found", { status: guest.ok ? 404 : guest.refusal.kind === "gone" ? 410 : 404, headers: noStore });
  const file = await settle(getDeliveryFile(context.db, guest.value.orderId, fileId, { kind: "admin", id: 0 }));
  if (!file.ok) return new Response("Not found", { status: 404, headers: noStore });
  return serveMedia(context.env.MEDIA, file.value.key, request, {
    private: true,
    attachment: file.value.kind === "video" ? null : file.value.name,
    contentType: file.value.contentType,
  });
}
