import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/auth/index.server";

/** POST /creator/logout ends the creator's session and goes to /creator/login. */
export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/creator/login", { headers: { "Set-Cookie": await destroySession(context.db, request, "creator") } });
}

export function loader() {
  return redirect("/studio");
}
