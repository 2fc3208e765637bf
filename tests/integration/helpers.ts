import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach } from "vitest";
import worker from "../../server";

/** Work the Worker left running after answering (ctx.waitUntil), finished before the next test. */
const unfinished: Promise<void>[] = [];
afterEach(async () => {
  await Promise.all(unfinished.splice(0));
});

/**
 * Sends a request to the built Worker's fetch handler (the same module the harness's `SELF` serves)
 * and returns its answer as is: redirects are never followed. Calls go straight to the handler
 * because the harness's own transport (`SELF.fetch`) gets slower with every request a file sends,
 * which made a few thousand fuzzed requests cost minutes.
 */
export async function dispatch(url: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(url, init) as unknown as Request<unknown, IncomingRequestCfProperties>;
  // A client address of its own unless the test names one: the per-address limits (sign-ups,
  // refusals) must not carry over from other test files running beside this one.
  if (!request.headers.has("CF-Connecting-IP")) request.headers.set("CF-Connecting-IP", freshAddress());
  const response = await worker.fetch(request, env, ctx);
  unfinished.push(waitOnExecutionContext(ctx));
  return response;
}

/**
 * `SELF.fetch` (the harness's HTTP transport, which gives a body its Content-Length) with a client
 * address of its own unless the test names one, as `dispatch` does.
 */
export function selfFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", freshAddress());
  return SELF.fetch(url, { ...init, headers });
}

/**
 * Stand-in bytes for a seed media file: the right magic bytes for its type, then a deterministic
 * body, so that range requests can be checked byte for byte.
 */
export function fakeMedia(file: string, size = 4096): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  const magic = file.endsWith(".mp4") ? [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d] : [0xff, 0xd8, 0xff, 0xe0];
  bytes.set(magic, 0);
  return bytes;
}

/** A GET of a path, or of an absolute URL the API answered with. */
export function get(path: string, init?: RequestInit) {
  return dispatch(path.startsWith("http://localhost/") ? path : `http://localhost${path}`, init);
}

export async function getJson<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T }> {
  const response = await get(path);
  return { status: response.status, body: (await response.json()) as T };
}

let addressCounter = 0;
/** A fresh client address, so rate limits of one test never affect another. */
export function freshAddress() {
  addressCounter++;
  return `198.51.100.${addressCounter % 250}-${Date.now()}-${addressCounter}`;
}

export interface ApiOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** Calls the JSON API; returns status and parsed body. */
export async function api<T = Record<string, unknown>>(method: string, path: string, options: ApiOptions = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": freshAddress(), ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await dispatch(`http://localhost/api/v1${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

type TokenBody = { data: { access_token: string; refresh_token: string; user?: { id: number } } };

export async function signIn(email = "customer@example.com", password = "Customer#2026") {
  const { status, body } = await api<TokenBody>("POST", "/sign_in", { body: { session: { email, password } } });
  if (status !== 200) throw new Error(`sign in failed with ${status}`);
  return body.data;
}

export async function adminSignIn() {
  const { status, body } = await api<TokenBody>("POST", "/admin/sign_in", { body: { session: { email: "admin@example.com", password: "AdminPass#2026" } } });
  if (status !== 200) throw new Error(`admin sign in failed with ${status}`);
  return body.data;
}

let signupCounter = 0;
/** A new customer with a unique email, signed up through the API. */
export async function newCustomer(password = "Str0ng!Pass") {
  signupCounter++;
  const email = `person${signupCounter}.${Date.now()}@example.com`;
  const { status, body } = await api<TokenBody>("POST", "/sign_up", { body: { user: { name: `Person ${signupCounter}`, email, password } } });
  if (status !== 201) throw new Error(`sign up failed with ${status}`);
  return { email, password, ...body.data };
}

/**
 * Posts a form like a browser on our origin (fields, or a url-encoded body as it is, however odd);
 * returns the raw response (redirects not followed).
 */
export function postForm(path: string, fields: Record<string, string> | string, headers: Record<string, string> = {}) {
  return dispatch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Host: "localhost",
      Origin: "http://localhost",
      "CF-Connecting-IP": freshAddress(),
      ...headers,
    },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
  });
}

/** The `name=value` pair of the last Set-Cookie for `name`, for replaying as a Cookie header. */
export function cookieFrom(response: Response, name: string): string {
  const cookies = response.headers.getSetCookie().filter((c) => c.startsWith(`${name}=`));
  const last = cookies.at(-1);
  if (!last) throw new Error(`no ${name} cookie set`);
  return last.split(";")[0]!;
}

export async function customerCookie(email = "customer@example.com", password = "Customer#2026") {
  return cookieFrom(await postForm("/login", { email, password }), "sid");
}

export async function adminCookie() {
  return cookieFrom(await postForm("/admin/login", { email: "admin@example.com", password: "AdminPass#2026" }), "admin_sid");
}

/** The page a redirect leads to, fetched with `cookie` plus the cookies the redirect set (its toasts, say). */
export async function pageAfterRedirect(response: Response, cookie: string): Promise<string> {
  const set = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="));
  const page = await dispatch(`http://localhost${response.headers.get("location")}`, { headers: { Cookie: [cookie, ...set].join("; ") } });
  return page.text();
}

/**
 * The Worker's env in Stripe mode against the suite's fake Stripe server. Each test file uses its own
 * secret key: the fake keeps idempotency keys per account, as Stripe does, and order ids (from which
 * the keys are made) repeat across test files.
 */
export function stripeTestEnv(secretKey: `sk_test_${string}`, webhookSecret: string): Env {
  return {
    ...env,
    PAYMENTS: "stripe",
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: env.FAKE_STRIPE_PORT,
    STRIPE_API_PROTOCOL: "http",
  };
}
