import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";
import { notFound } from "~/http/answers.server";
import { paths } from "~/lib/paths";

/** The receipt's PDF became the invoice's: old links go there. */
export function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (!id) return notFound("Invoice not found");
  return redirect(`${paths.customerOrder(id)}/invoice.pdf`, 301);
}
