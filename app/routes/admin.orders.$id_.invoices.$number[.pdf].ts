import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/auth/index.server";
import { documentDownload } from "~/http/documents.server";

/** GET /admin/orders/{id}/invoices/{number}.pdf: any of a paid order's invoices as a PDF, for admins. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return documentDownload(context.db, "invoice", params, "studio");
}
