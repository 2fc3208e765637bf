import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseId } from "~/lib/record-id";
import { requireCustomer } from "~/auth/index.server";
import { getCreditNote } from "~/domain/money/invoices.server";
import { creditNotePdfResponse } from "~/http/documents.server";

/** A refund's credit note as a PDF download. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const id = parseId(params.id);
  return creditNotePdfResponse(id && params.number ? await getCreditNote(context.db, id, params.number.slice(0, 40), { customerId: customer.id }) : null);
}
