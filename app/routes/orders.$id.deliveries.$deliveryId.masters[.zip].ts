import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";
import { settle } from "~/domain/refusal";
import { mastersForZip, recordMasterDownload, verifyMasterLink } from "~/domain/orders/masters.server";
import { serveMastersZip } from "~/http/serve-file.server";
import { forbidden, notFound, refusalText } from "~/http/answers.server";

/**
 * GET /orders/{id}/deliveries/{deliveryId}/masters.zip?by=…&expires=…&sig=…: 'Download all', every
 * master of a released delivery as one stored ZIP (2 GB in all at most), through a link the order
 * page signed for one reader. Each file in it counts as downloaded.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orderId = parseId(params.id);
  const deliveryId = parseId(params.deliveryId);
  if (!orderId || !deliveryId) return notFound("Not found");
  const reader = await verifyMasterLink(context.env.TOKEN_SECRET, orderId, { zipOf: deliveryId }, new URL(request.url).searchParams);
  if (!reader) return forbidden("This download link has expired. Open the order page again for a new one.");
  const found = await settle(mastersForZip(context.db, orderId, deliveryId, reader));
  if (!found.ok) return refusalText(found.refusal);
  if (request.method === "GET") for (const file of found.value) await recordMasterDownload(context.db, orderId, file.id, reader);
  return serveMastersZip(context.env.MEDIA, found.value, `order-${orderId}-masters.zip`, new Date());
}
