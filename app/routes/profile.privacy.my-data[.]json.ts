import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireCustomer } from "~/auth/index.server";
import { exportCustomerData } from "~/domain/privacy/data-export.server";
import { notFound } from "~/http/answers.server";
import { personalDataFile } from "~/http/data-rights.server";

/** GET /profile/privacy/my-data.json: the signed-in customer's data as a file to keep ("Download my data"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  const data = await exportCustomerData(context.db, customer.id, context.origin);
  if (!data) throw notFound("Not found");
  return personalDataFile(context, data, "reelcraft-my-data");
}
