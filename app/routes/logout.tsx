import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/auth/index.server";

/** POST /logout ends the customer session and goes to /login (SPEC §2 header). */
export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(context.db, request, "customer") } });
}

/** Logging out is a POST; a GET (a typed URL) just goes home. */
export function loader() {
  return redirect("/products");
}
