/**
 * Screen forms arrive as url-encoded or multipart bodies. Anything else, an unreadable body or a
 * forged Conform `__intent__` is answered here with a clear 4xx instead of reaching an action that
 * would throw (found by the fuzz test). The JSON API and the raw media upload route are exempt.
 */
const CHECK_LIMIT_BYTES = 1024 * 1024;

function refuse(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function checkFormRequest(request: Request): Promise<Response | null> {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/api/") || /^\/admin\/products\/[^/]+\/media$/.test(pathname)) return null;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  if (!type.startsWith("application/x-www-form-urlencoded") && !(multipart && /boundary=/.test(type))) {
    return refuse(415, "Send forms as application/x-www-form-urlencoded or multipart/form-data.");
  }
  const length = Number(request.headers.get("Content-Length") ?? Number.NaN);
  // Large uploads are read (and their errors handled) by the product actions themselves.
  if (multipart && !(length <= CHECK_LIMIT_BYTES)) return null;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return refuse(400, "The form could not be read. Please try again.");
  }
  const intent = form.get("__intent__");
  if (intent !== null) {
    let parsed: unknown;
    try {
      parsed = typeof intent === "string" ? JSON.parse(intent) : null;
    } catch {
      parsed = null;
    }
    const control = parsed as { type?: unknown; payload?: unknown } | null;
    const payload = control?.payload as { name?: unknown; index?: unknown } | null | undefined;
    const ok =
      typeof control?.type === "string" &&
      typeof payload === "object" &&
      payload !== null &&
      (payload.name === undefined || typeof payload.name === "string") &&
      (payload.index === undefined || Number.isInteger(payload.index));
    if (!ok) return refuse(400, "The form's button could not be understood. Please try again.");
  }
  return null;
}
