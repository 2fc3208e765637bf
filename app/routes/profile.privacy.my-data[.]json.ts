import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCustomer } from "~/auth/index.server";
import { exportCustomerData } from "~/domain/privacy/data-export.server";
import { notFound } from "~/http/answers.server";

/** GET /profile/privacy/my-data.json: the signed-in customer's data as a file to keep ("Download my data"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const data = await exportCustomerData(context.db, customer.id, context.origin);
  if (!data) throw notFound("Not found");
  context.privacy.personal = true;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="reelcraft-my-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
