import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";

/** The receipt's PDF became the invoice's: old links go there. */
export function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (!id) return new Response("Invoice not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return redirect(`/profile/orders/${id}/invoice.pdf`, 301);
}
