import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/auth/index.server";
import { documentDownload } from "~/http/documents.server";

/** A refund's credit note as a PDF download, for admins. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return documentDownload(context.db, "credit-note", params, "studio");
}
