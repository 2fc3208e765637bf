/**
 * One-shot toasts across a redirect (post → redirect → get): a short-lived httpOnly cookie that
 * the admin layout reads once and clears.
 */
import type { Toast } from "~/lib/toast";
import { isSecureRequest } from "./sessions.server";

const NAME = "toast";

export function toastCookie(request: Request, toasts: Omit<Toast, "id">[]): string {
  const value = encodeURIComponent(JSON.stringify(toasts.map((t) => ({ ...t, id: crypto.randomUUID() }))));
  return `${NAME}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60${isSecureRequest(request) ? "; Secure" : ""}`;
}

export function readToasts(request: Request): { toasts: Toast[]; clear: string | null } {
  const match = (request.headers.get("Cookie") ?? "").split(";").map((c) => c.trim()).find((c) => c.startsWith(`${NAME}=`));
  if (!match) return { toasts: [], clear: null };
  let toasts: Toast[] = [];
  try {
    const parsed = JSON.parse(decodeURIComponent(match.slice(NAME.length + 1))) as unknown;
    if (Array.isArray(parsed)) {
      toasts = parsed
        .filter((t): t is Toast => typeof t?.message === "string" && (t.kind === "success" || t.kind === "error") && typeof t.id === "string")
        .slice(0, 5)
        .map((t) => ({ id: t.id.slice(0, 40), kind: t.kind, message: t.message.slice(0, 300) }));
    }
  } catch {
    toasts = [];
  }
  return { toasts, clear: `${NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` };
}
