import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDeliveryFile } from "~/domain/orders/deliveries.server";
import { guestFromToken } from "~/domain/orders/review-guests.server";
import { settle } from "~/domain/refusal";
import { serveMedia } from "~/http/serve-file.server";
import { parseId } from "~/lib/record-id";
import { notFound, refusalText } from "~/http/answers.server";

/**
 * GET /review/{token}/files/{fileId}: a delivered file (a preview or a small file, never a master) to
 * the guest whose link it is, while the link is live; videos play with Range.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const guest = await settle(guestFromToken(context.db, params.token ?? ""));
  const fileId = parseId(params.fileId);
  if (!guest.ok) return guest.refusal.kind === "gone" ? refusalText(guest.refusal) : notFound("Not found");
  if (!fileId) return notFound("Not found");
  const file = await settle(getDeliveryFile(context.db, guest.value.orderId, fileId, { kind: "admin", id: 0 }));
  if (!file.ok) return notFound("Not found");
  return serveMedia(context.env.MEDIA, file.value.key, request, {
    private: true,
    attachment: file.value.kind === "video" ? null : file.value.name,
    contentType: file.value.contentType,
  });
}
