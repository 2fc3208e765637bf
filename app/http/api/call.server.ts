/**
 * A JSON API route built from its declaration in the contract: `apiCall("POST /orders/{id}/refund",
 * async ({ body, caller, params }) => …)`. What the declaration says is done here, once, for every
 * call: the caller checked by the declared `auth` (a customer's or an admin's token, either, or
 * nobody), a JSON body read (after the caller is known) and validated with the declared schema under
 * its wrapper or one of its alternatives (422 with the declared `invalid` message and one message per
 * field), the query validated with the declared schema (400), and every refusal thrown beneath
 * answered in the API's error shape. A refusal of a kind the declaration does not list is a bug of
 * the contract or the route: it is answered 500 (and logged), so the contract and fuzz suites fail on it.
 * Methods and OPTIONS are the edge's (app/edge/api-boundary.server.ts), from the same contract.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import {
  apiTokenAccount,
  requireApiAnyAccount,
  requireApiOrderParty,
  requireApiToken,
  type AdminView,
  type CreatorAccountView,
  type UserView,
} from "~/auth/index.server";
import { isRefusal, refuse } from "~/domain/refusal";
import { parseApiInput } from "~/lib/api-messages";
import { firstIssueMessage, searchParamsObject } from "~/lib/query";
import { apiRoute, fieldErrors } from "../api-route.server";
import { isMultipart, JSON_MAX_BYTES, readForm, readJson, readText } from "../request-body.server";
import { requireWebhookSecret } from "~/domain/payments/webhooks.server";
import { methodNotAllowed } from "~/lib/api";
import { operation, type ApiOperation, type OperationKey, type OperationOf } from "./contract";

type JsonBodyOf<O> = O extends { body: { schema: infer S extends z.ZodTypeAny; contentType?: infer C } }
  ? [C] extends ["multipart/form-data" | "application/octet-stream"]
    ? undefined
    : O extends { body: { multipart: object } }
      ? undefined
      : z.output<S>
  : undefined;
/** A call taking JSON or multipart: the JSON payload, or the form (with the payload read from it where the declaration says where). */
type ReadBodyOf<O> = O extends { body: { schema: infer S extends z.ZodTypeAny; multipart: infer M } }
  ? () => Promise<
      M extends { payload: object } ? { json: z.output<S>; form: FormData | null } : { json: z.output<S>; form: null } | { json: null; form: FormData }
    >
  : undefined;
type QueryOf<O> = O extends { query: infer Q extends z.ZodTypeAny } ? z.output<Q> : undefined;
/** A token's holder: its account id and when the token was issued; `account()` looks the account up (a token issued before a sign-out or a password change is refused there). */
type TokenCaller<K extends "customer" | "admin" | "creator", V> = { kind: K; id: number; issuedAt: number; account: () => Promise<V> };
/** Stripe, as its signature proves: the raw bytes it signed (within the declared limit) and the signature, checked by the handler's service. */
type SignedCaller = { payload: string; signature: string };
type CallerOf<O> = O extends { auth: "customer" }
  ? TokenCaller<"customer", UserView>
  : O extends { auth: "admin" }
    ? TokenCaller<"admin", AdminView>
    : O extends { auth: "creator" }
      ? TokenCaller<"creator", CreatorAccountView>
      : O extends { auth: "customer or admin" }
        ? { kind: "customer" | "admin"; id: number }
        : O extends { auth: "admin or creator" }
          ? { kind: "admin" | "creator"; id: number }
          : O extends { auth: "customer, admin or creator" }
            ? { kind: "customer" | "admin" | "creator"; id: number }
            : O extends { auth: "stripe-signature" }
              ? SignedCaller
              : null;

export interface ApiCallArgs<O> {
  /** The JSON body as the declared schema gives it (its payload under the wrapper); for a call that also takes multipart, see `readBody`. */
  body: JsonBodyOf<O>;
  /**
   * A call taking JSON or multipart reads its body when it is ready to (after checking the record
   * it names, so nothing is read for a call refused anyway): the JSON payload validated as declared,
   * or the form read within the declared limits.
   */
  readBody: ReadBodyOf<O>;
  query: QueryOf<O>;
  /** Who calls, as the declared `auth` asks: a token's holder (checked), Stripe's signed payload, or null for a public call. */
  caller: CallerOf<O>;
  params: LoaderFunctionArgs["params"];
  request: Request;
  context: AppLoadContext;
}

/** The route of the call `key`: its loader (GET) or action (writes). */
export function apiCall<K extends OperationKey>(key: K, handler: (args: ApiCallArgs<OperationOf<K>>) => Promise<Response> | Response) {
  const op: ApiOperation = operation(key);
  return apiRoute(async ({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) => {
    try {
      const caller = await callerOf(op, context, request);
      const body = op.body?.multipart ? undefined : await bodyOf(op, request);
      const readBody = op.body?.multipart ? () => bodyOrForm(op, request) : undefined;
      const query = queryOf(op, request);
      return absoluteUrls(await handler({ body, readBody, query, caller, params, request, context } as ApiCallArgs<OperationOf<K>>), request);
    } catch (error) {
      if (isRefusal(error) && !(error.kind in op.refusals)) {
        console.error(`${key} refused with an undeclared kind (${error.kind}): add it to the contract`, error.message);
        return Response.json({ success: false, message: "An unexpected error occurred" }, { status: 500, headers: { "Cache-Control": "no-store" } });
      }
      throw error;
    }
  });
}

async function callerOf(op: ApiOperation, context: AppLoadContext, request: Request) {
  switch (op.auth) {
    case "customer":
    case "admin":
    case "creator": {
      const kind = op.auth;
      const token = await requireApiToken(context, request, kind);
      return { kind, ...token, account: () => apiTokenAccount(context, kind, token) };
    }
    case "customer or admin":
      // A creator never sees these records (the buyer's money and details): as if not there where a record is named.
      return requireApiAnyAccount(context, request, () =>
        "not_found" in op.refusals && op.path.includes("{id}") ? refuse.notFound(notFoundMessage(op)) : refuse.forbidden("Customer access required"),
      );
    case "admin or creator": {
      const party = await requireApiOrderParty(context, request);
      if (party.kind === "customer") throw refuse.forbidden("Admin access required");
      return party;
    }
    case "customer, admin or creator":
      return requireApiOrderParty(context, request);
    case "stripe-signature": {
      requireWebhookSecret(context.env);
      const signature = request.headers.get("Stripe-Signature");
      if (!signature) throw refuse.malformed("Missing Stripe-Signature header");
      // Capped before the signature is checked: nothing larger is a Stripe event.
      return { signature, payload: await readText(request, op.body?.maxBytes ?? JSON_MAX_BYTES) } satisfies SignedCaller;
    }
    default:
      return null;
  }
}

/** The message a call declares for a record not found. */
function notFoundMessage(op: ApiOperation): string {
  const declared = (op.refusals as Record<string, unknown>).not_found;
  return typeof declared === "object" && declared !== null && "message" in declared ? String((declared as { message: string }).message) : "Order not found";
}

/** The declared JSON body: the payload under the wrapper, or under the first alternative the body has (`null`: the body itself). */
async function bodyOf(op: ApiOperation, request: Request) {
  const declared = op.body;
  if (!declared || op.auth === "stripe-signature" || (declared.contentType ?? "application/json") !== "application/json") return undefined;
  const json = await readJson(request, declared.maxBytes);
  const shapes = [declared.wrapper ?? null, ...(declared.alternatives ?? [])];
  const key = shapes.find((shape) => shape !== null && isObject(json[shape])) ?? (shapes.includes(null) ? null : shapes[0]!);
  return validPayload(op, key === null ? json : isObject(json[key]) ? json[key] : {});
}

/** The payload checked with the declared schema, an invalid one answered as the declaration says. */
function validPayload(op: ApiOperation, payload: unknown) {
  const declared = op.body!;
  const parsed = parseApiInput(declared.schema, payload);
  if (parsed.success) return parsed.data as unknown;
  const answer = declared.invalidAnswer;
  if (answer === "first field") throw refuse.invalid(firstIssueMessage(parsed.error));
  if (answer === "first message") throw refuse.invalid(parsed.error.issues[0]?.message ?? "Invalid request");
  if (answer && "malformed" in answer) throw refuse.malformed(answer.malformed);
  const invalid = op.refusals.invalid;
  const message = answer?.invalid ?? (typeof invalid === "object" ? invalid.message : "The request is invalid");
  throw refuse.invalid(message, fieldErrors(parsed.error));
}

/** A call taking JSON or multipart: which one by its Content-Type (anything else: the declared 415). */
async function bodyOrForm(op: ApiOperation, request: Request) {
  const multipart = op.body!.multipart!;
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.startsWith("application/json")) return { json: await bodyOf(op, request), form: null };
  if (!isMultipart(request)) {
    const unsupported = op.refusals.unsupported;
    throw refuse.unsupported(typeof unsupported === "object" ? unsupported.message : "Content-Type must be multipart/form-data or application/json");
  }
  const form = await readForm(request, multipart.limits);
  return { json: multipart.payload ? validPayload(op, multipart.payload(form)) : null, form };
}

function queryOf(op: ApiOperation, request: Request) {
  if (!op.query) return undefined;
  const parsed = parseApiInput(op.query, searchParamsObject(new URL(request.url).searchParams, Object.keys(op.query.shape)));
  if (!parsed.success) throw refuse.malformed(firstIssueMessage(parsed.error));
  return parsed.data as unknown;
}

/**
 * Every path an answer names as a link becomes an absolute URL on the request's own origin, whichever
 * call answers: media (`/media/…`, anywhere) and the pages and files a `url` or `…_url` field names
 * (`/orders/12/files/5`). An API client on another origin can use them as they are.
 */
async function absoluteUrls(response: Response, request: Request): Promise<Response> {
  if (!(response.headers.get("Content-Type") ?? "").startsWith("application/json") || response.status >= 300) return response;
  const origin = new URL(request.url).origin;
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === "string")
      return value.startsWith("/media/") || (value.startsWith("/") && !value.startsWith("//") && (key === "url" || key.endsWith("_url")))
        ? `${origin}${value}`
        : value;
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return new Response(JSON.stringify(walk(await response.json(), "")), response);
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** One action for a path's writes: each method's call (the edge answers 405 for any other, from the contract). */
export function apiCalls(calls: Partial<Record<"POST" | "PUT" | "DELETE", (args: ActionFunctionArgs) => Promise<Response>>>) {
  return (args: ActionFunctionArgs): Promise<Response> => {
    const call = calls[args.request.method as keyof typeof calls];
    return call ? call(args) : Promise.resolve(methodNotAllowed(Object.keys(calls).join(", ")));
  };
}
