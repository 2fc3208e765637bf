import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/auth/index.server";

/** POST /admin/logout ends the admin session and goes to /admin/login. */
export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/admin/login", { headers: { "Set-Cookie": await destroySession(context.db, request, "admin") } });
}

export function loader() {
  return redirect("/admin");
}
