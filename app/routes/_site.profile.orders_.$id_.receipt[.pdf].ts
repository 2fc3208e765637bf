import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";
import { requireCustomer } from "~/auth/index.server";
import { getReceipt, receiptPdf } from "~/domain/orders/receipts.server";

/** GET /profile/orders/{id}/receipt.pdf: the receipt as a PDF download, for the order's owner only. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const id = parseId(params.id);
  const receipt = id ? await getReceipt(context.db, id, customer.id) : null;
  if (!receipt) return new Response("Receipt not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(await receiptPdf(receipt), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="receipt-order-${receipt.orderId}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
