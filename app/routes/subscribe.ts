import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { REFUSAL_STATUS, refusalInit } from "~/http/refusal-answer.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { SubscribeSchema } from "~/lib/schemas/subscribe";
import { SUBSCRIBE_DONE, SUBSCRIBE_ERRORS, subscribeErrorCode } from "~/lib/subscribe-messages";
import { subscribe } from "~/domain/marketing/newsletter.server";
import { allowAnonymousWrite } from "~/auth/index.server";
import { readForm } from "~/http/request-body.server";

/** The footer's newsletter box posts here from every page. */
export function loader() {
  return redirect("/home");
}

/** The screens' answer: what was done, or `refused` with why (as every screen's `refusedData`). */
export type SubscribeResult = { message: string; refused?: undefined } | { refused: string; message?: undefined };

/**
 * With JavaScript the footer posts through a fetcher (`_js=1`) and shows the answer in place.
 * Without it the browser is sent back to the page it came from, at the footer, with `?subscribe=`
 * telling the footer what to say.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const parsed = SubscribeSchema.safeParse({ email: form.get("email") ?? undefined });
  const fromScript = form.get("_js") === "1";
  const allowed = parsed.success && (await allowAnonymousWrite(context.env, request, "newsletter"));
  if (allowed) await subscribe(context, request, parsed.data.email);
  const code = allowed ? "done" : parsed.success ? "busy" : subscribeErrorCode(parsed.error.issues[0]?.message);
  if (fromScript) {
    // A resource route: a Response keeps its status (Remix's `data()` would answer 200 here).
    const result: SubscribeResult = code === "done" ? { message: SUBSCRIBE_DONE } : { refused: SUBSCRIBE_ERRORS[code] };
    if (code === "busy") return Response.json(result, refusalInit(refuse.throttled()));
    return Response.json(result, { status: code === "done" ? 200 : REFUSAL_STATUS.invalid, headers: { "Cache-Control": "no-store" } });
  }
  const back = new URL(safeRedirect(form.get("redirectTo"), "/home"), new URL(request.url).origin);
  back.searchParams.set("subscribe", code);
  back.hash = "subscribe";
  return redirect(`${back.pathname}${back.search}${back.hash}`, 303);
}
