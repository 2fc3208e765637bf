import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/auth/index.server";

/** /admin → /admin/products for admins; /admin/login for everyone else (SPEC §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return redirect("/admin/products");
}
