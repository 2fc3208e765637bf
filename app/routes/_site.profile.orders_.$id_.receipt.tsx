import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";

/** The receipt became the order's invoice: old links (emails, bookmarks) go there. */
export function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (!id) throw new Response("Invoice not found", { status: 404 });
  return redirect(`/profile/orders/${id}/invoice`, 301);
}
