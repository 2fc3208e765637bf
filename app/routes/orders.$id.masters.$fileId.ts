import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";
import { settle } from "~/domain/refusal";
import { masterForDownload, recordMasterDownload, verifyMasterLink } from "~/domain/orders/masters.server";
import { serveMasterFile } from "~/http/serve-file.server";
import { forbidden, notFound, refusalText } from "~/http/answers.server";

/**
 * GET /orders/{id}/masters/{fileId}?by=…&expires=…&sig=…: a master, through a link the order page
 * signed for one reader (15 minutes). No cookie is needed, so a download manager can resume it; a
 * link that is not genuine, has expired or names a file not released to its reader is refused.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const orderId = parseId(params.id);
  const fileId = parseId(params.fileId);
  if (!orderId || !fileId) return notFound("Not found");
  const reader = await verifyMasterLink(context.env.TOKEN_SECRET, orderId, { file: fileId }, new URL(request.url).searchParams);
  if (!reader) return forbidden("This download link has expired. Open the order page again for a new one.");
  const found = await settle(masterForDownload(context.db, orderId, fileId, reader));
  if (!found.ok) return refusalText(found.refusal);
  return serveMasterFile(context.env.MEDIA, found.value, request, () => recordMasterDownload(context.db, orderId, fileId, reader));
}
