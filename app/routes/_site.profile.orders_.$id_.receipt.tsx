import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";
import { notFound } from "~/http/answers.server";
import { paths } from "~/lib/paths";

/** The receipt became the order's invoice: old links (emails, bookmarks) go there. */
export function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (!id) throw notFound("Invoice not found");
  return redirect(`${paths.customerOrder(id)}/invoice`, 301);
}
