import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { readForm } from "~/http/request-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { TIMECODE_STYLES, type TimecodeStyle } from "~/lib/timecode";

/** The review room's toggle posts here. */
export function loader() {
  return redirect("/profile/orders");
}

/**
 * The reader's choice of how review rooms write times (as the player shows them, or SMPTE), kept in a
 * cookie so it holds for guests and without JavaScript; then back to the page it came from. A
 * preference, not a secret: readable by the page, a year long.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const asked = String(form.get("style") ?? "");
  const style: TimecodeStyle = (TIMECODE_STYLES as readonly string[]).includes(asked) ? (asked as TimecodeStyle) : "player";
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const cookie = style === "smpte" ? `timecode=smpte; Path=/; Max-Age=31536000; SameSite=Lax${secure}` : `timecode=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  return redirect(safeRedirect(form.get("redirectTo"), "/profile/orders"), { status: 303, headers: { "Set-Cookie": cookie } });
}
