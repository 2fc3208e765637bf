/**
 * One-shot toasts across a redirect (post → redirect → get): a short-lived, signed, httpOnly
 * cookie that the admin layout reads once and clears. Signed (Remix's `createCookie` with a key
 * derived from TOKEN_SECRET), so a toast is only ever what the server said.
 */
import { createCookie, redirect, type Cookie, type TypedResponse } from "@remix-run/cloudflare";
import type { Toast } from "~/lib/toast";
import { isSecureRequest } from "../auth/index.server";

type NewToast = Omit<Toast, "id">;

const containers = new Map<string, Cookie>();
function toastCookie(env: Env, request: Request): Cookie {
  const secure = isSecureRequest(request);
  const key = `${secure}:${env.TOKEN_SECRET}`;
  let container = containers.get(key);
  if (!container) {
    // A key of its own (not the access tokens' key itself), derived from the one secret we keep.
    container = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", secure, maxAge: 60, secrets: [`toast-cookie:${env.TOKEN_SECRET}`] });
    containers.set(key, container);
  }
  return container;
}

/** A redirect that shows `toasts` on the page it leads to. */
export async function redirectWithToast(env: Env, request: Request, url: string, toasts: NewToast[], init: ResponseInit = {}): Promise<TypedResponse<never>> {
  const headers = new Headers(init.headers);
  if (toasts.length) headers.append("Set-Cookie", await toastCookie(env, request).serialize(toasts.map((t) => ({ ...t, id: crypto.randomUUID() }))));
  return redirect(url, { ...init, headers });
}

/** The toasts a redirect left for this request, and the Set-Cookie that clears them (null when there were none). */
export async function readToasts(env: Env, request: Request): Promise<{ toasts: Toast[]; clear: string | null }> {
  const container = toastCookie(env, request);
  const value: unknown = await container.parse(request.headers.get("Cookie"));
  if (value === null) return { toasts: [], clear: null };
  const toasts = Array.isArray(value)
    ? value
        .filter((t): t is Toast => typeof t?.message === "string" && (t.kind === "success" || t.kind === "error") && typeof t.id === "string")
        .slice(0, 5)
        .map((t) => ({ id: t.id.slice(0, 40), kind: t.kind, message: t.message.slice(0, 300) }))
    : [];
  return { toasts, clear: await container.serialize("", { maxAge: 0 }) };
}
