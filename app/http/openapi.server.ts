/**
 * The OpenAPI 3.1 document of the JSON API, generated from the contract (http/api/contract/) and
 * the Zod schemas in it: request bodies and queries are the very schemas the routes validate with
 * (with what their refinements check, from lib/schemas/json-schema.ts), so the document cannot
 * describe a field the API does not read, and each call's error statuses are those of the refusal
 * kinds it declares, through the one table the server answers with (REFUSAL_STATUS).
 */
import type { z } from "zod";
import { ignoreOverride, zodToJsonSchema } from "zod-to-json-schema";
import type { RefusalKind } from "~/domain/refusal";
import { API_COMPONENTS, API_OPERATIONS, ErrorResponse, pathMethods, type ApiOperation, type RefusalNote } from "./api/contract";
import { jsonSchemaHint, type JsonSchema } from "~/lib/schemas/json-schema";
import { REFUSAL_STATUS } from "./refusal-answer.server";
import { MAX_PARTS } from "~/lib/rules/upload-rules";

/** Each component's Zod definition, by which the document names it where a call uses it. */
const COMPONENT_OF = new Map<unknown, string>(Object.entries(API_COMPONENTS).map(([name, schema]) => [schema._def, name]));

/**
 * A Zod schema as JSON Schema: what the client sends (inputs before transforms), with each schema's
 * documented rules; a component inside it (not `own`, the component being written) as its `$ref`.
 */
function jsonSchema(schema: z.ZodTypeAny, own?: z.ZodTypeAny): JsonSchema {
  const { $schema: _dialect, ...rest } = zodToJsonSchema(schema, {
    target: "jsonSchema2019-09",
    $refStrategy: "none",
    override: (def) => {
      const name = COMPONENT_OF.get(def);
      return name && def !== own?._def ? { $ref: `#/components/schemas/${name}` } : ignoreOverride;
    },
    effectStrategy: "input",
    pipeStrategy: "input",
    // Objects the routes read ignore fields they do not know (Zod strips them); answers are `.strict()`.
    removeAdditionalStrategy: "strict",
    allowedAdditionalProperties: undefined,
    postProcess: (generated, def) => {
      const hint = jsonSchemaHint(def);
      if (!hint || !generated) return generated;
      const merged: JsonSchema = { ...generated, ...hint };
      for (const [keyword, value] of Object.entries(merged)) if (value === undefined) delete merged[keyword];
      return merged as typeof generated;
    },
  }) as JsonSchema;
  return rest;
}

let componentSchemas: Record<string, JsonSchema> | undefined;
/** The document's components, each written once. */
function components(): Record<string, JsonSchema> {
  return (componentSchemas ??= {
    Error: jsonSchema(ErrorResponse),
    ...Object.fromEntries(Object.entries(API_COMPONENTS).map(([name, schema]) => [name, jsonSchema(schema, schema)])),
  });
}

/** A value for a schema: its first example, constant or choice, else one made from its type (a component's, for its `$ref`). */
export function exampleOf(schema: JsonSchema): unknown {
  if (typeof schema.$ref === "string") return exampleOf(components()[schema.$ref.split("/").pop()!] ?? {});
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ("default" in schema) return schema.default;
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length) return exampleOf(alternatives.find((a) => a.type !== "null") ?? alternatives[0]!);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => [name, exampleOf(property)]));
    case "array":
      return schema.items ? [exampleOf(schema.items as JsonSchema)] : [];
    case "string":
      return schema.format === "binary" ? "(binary)" : "text";
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    default:
      return null;
  }
}

const ERROR_REF = { $ref: "#/components/schemas/Error" };
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * Headers any answer of a call may carry once past the edge: the D1 bookmark, answered to writes and
 * to requests with a token or a session cookie (app/edge/d1-replicas.server.ts), whatever the call.
 */
function commonHeaders(_op: ApiOperation): Record<string, unknown> {
  return { "X-D1-Bookmark": header("D1Bookmark") };
}

function security(op: ApiOperation) {
  if (op.auth === "public" || op.auth === "stripe-signature") return [];
  return [{ bearer: [] }];
}

const PATH_ID = { type: "integer", minimum: 1, maximum: 999_999_999_999, description: "A record id (1 to 12 digits)" };
/** Path parameters that are not record ids: their schema and example, and the component each is written as. */
const PATH_OTHER: Record<string, { component: string; schema: Record<string, unknown>; example: unknown }> = {
  month: {
    component: "PathMonth",
    schema: { type: "string", pattern: "^20\\d{2}-(0[1-9]|1[0-2])$", description: "A month (UTC), YYYY-MM" },
    example: "2026-11",
  },
  slug: {
    component: "PathSlug",
    schema: { type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$", maxLength: 100, description: "A creator's public name in addresses" },
    example: "mara-lind",
  },
  n: { component: "PathN", schema: { type: "integer", minimum: 1, maximum: MAX_PARTS, description: "A part's number, from 1" }, example: 1 },
};
/** An upload's id is a UUID (uploads are named before their record exists). */
const PATH_UPLOAD_ID = {
  component: "PathUploadId",
  schema: { type: "string", format: "uuid", description: "An upload's id (a UUID)" },
  example: "0b5d7f9a-1c3e-4a6b-8d0f-2e4a6c8e0a2c",
};

/** A path's parameters, each written once as a component (`{id}` → `#/components/parameters/PathId`). */
function pathParameters(path: string): Record<string, unknown>[] {
  return [...path.matchAll(/\{([a-z_]+)\}/g)].map(([, name]) => {
    const other = name === "id" && path.startsWith("/uploads/") ? PATH_UPLOAD_ID : PATH_OTHER[name!];
    const component = other?.component ?? `Path${camel(`_${name}`)}`;
    PATH_PARAMETERS[component] = other
      ? { name, in: "path", required: true, schema: other.schema, example: other.example }
      : { name, in: "path", required: true, schema: PATH_ID, example: 12 };
    return { $ref: `#/components/parameters/${component}` };
  });
}
const PATH_PARAMETERS: Record<string, unknown> = {};

function parameters(op: ApiOperation) {
  const params: Record<string, unknown>[] = pathParameters(op.path);
  if (op.query) {
    const query = jsonSchema(op.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      params.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema, example: exampleOf(schema) });
    }
  }
  if (op.idempotencyKey) {
    params.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "A key of the client's choosing (the first 100 characters are read): the same key again answers what the first request made, and makes nothing more",
      schema: { type: "string", minLength: 1 },
      example: "checkout-7f3a9c",
    });
  }
  if (op.auth === "stripe-signature") {
    params.push({
      name: "Stripe-Signature",
      in: "header",
      required: true,
      description: "Stripe's signature of the body",
      schema: { type: "string", minLength: 1 },
      example: "t=1712000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
    });
  }
  params.push({ $ref: "#/components/parameters/D1Bookmark" });
  return params;
}

/** `{ user: … }` around a payload, or the payload itself (`null`). */
const wrap = (key: string | null, value: unknown) => (key === null ? value : { [key]: value });

function requestBody(op: ApiOperation) {
  const body = op.body;
  if (!body) return undefined;
  const contentType = body.contentType ?? "application/json";
  const payload = jsonSchema(body.schema);
  // Raw bytes (a part of an upload): the example stands for them.
  if (contentType === "application/octet-stream")
    return { required: true, content: { [contentType]: { schema: payload, example: "(the bytes of the part)" } } };
  const shapes = [body.wrapper ?? null, ...(body.alternatives ?? [])];
  const shape = (key: string | null): JsonSchema => (key === null ? payload : { type: "object", properties: { [key]: payload }, required: [key] });
  const content: Record<string, unknown> = {
    [contentType]:
      shapes.length === 1
        ? { schema: shape(shapes[0]!), example: wrap(shapes[0]!, body.example) }
        : {
            schema: { anyOf: shapes.map(shape) },
            examples: Object.fromEntries(
              shapes.map((key) => [key ?? "unwrapped", { summary: key === null ? "Unwrapped" : `Under \`${key}\``, value: wrap(key, body.example) }]),
            ),
          },
  };
  if (body.multipart) content["multipart/form-data"] = { schema: jsonSchema(body.multipart.schema), example: body.multipart.example };
  return { required: true, content };
}

/** What a refusal answers when its note gives no message: the server's own words for the kind. */
const DEFAULT_MESSAGES: Record<RefusalKind, string> = {
  malformed: "Request body is not valid JSON",
  invalid: "The request is invalid",
  unauthenticated: "Authentication required",
  forbidden: "Access denied",
  not_found: "Not found",
  gone: "Gone",
  conflict: "The record's state does not allow this now",
  throttled: "Too many attempts. Please wait a minute and try again.",
  too_large: "Request body is too large",
  unsupported: "Content-Type must be application/json",
  payment_declined: "Your card was declined.",
  unavailable: "This part of the shop is not available",
  upstream: "The payment provider answered with an error",
};

function refusalAnswer(op: ApiOperation, kind: RefusalKind, note: RefusalNote) {
  const description = typeof note === "string" ? note : note.description;
  const example: Record<string, unknown> = { success: false, message: typeof note === "string" ? DEFAULT_MESSAGES[kind] : note.message };
  if (typeof note !== "string" && note.errors?.length) example.errors = note.errors;
  if (typeof note !== "string" && note.code) example.error_code = note.code;
  const headers: Record<string, unknown> = { ...commonHeaders(op) };
  if (kind === "unauthenticated") headers["WWW-Authenticate"] = header("WWWAuthenticate");
  if (kind === "throttled") headers["Retry-After"] = header("RetryAfter");
  return { description, headers, content: { "application/json": { schema: ERROR_REF, example } } };
}

function methodNotAllowed(path: string) {
  const methods = pathMethods(path).join(", ");
  const allow = `${methods}, OPTIONS`;
  return {
    description: `Any other method (see Allow: ${allow})`,
    headers: { Allow: { required: true, description: "The methods this path answers, OPTIONS included", schema: { type: "string", const: allow } } },
    content: { "application/json": { schema: ERROR_REF, example: { success: false, message: `Method not allowed; use ${methods}` } } },
  };
}

function responses(op: ApiOperation) {
  const answers: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(op.responses)) {
    const schema = jsonSchema(answer.schema);
    answers[status] = answer.contentType
      ? { description: answer.description, headers: commonHeaders(op), content: { [answer.contentType]: { schema } } }
      : // No `example`: it is the schema's own (its records' `examples`), which readers and tools derive; exampleOf shows how.
        { description: answer.description, headers: commonHeaders(op), content: { "application/json": { schema } } };
  }
  const refusals = (Object.entries(op.refusals) as [RefusalKind, RefusalNote][]).sort(([a], [b]) => REFUSAL_STATUS[a] - REFUSAL_STATUS[b]);
  for (const [kind, note] of refusals) answers[String(REFUSAL_STATUS[kind])] = refusalAnswer(op, kind, note);
  answers["405"] = methodNotAllowed(op.path);
  return answers;
}

/** `OPTIONS` on a path: its methods, and a CORS preflight's answer for allowed origins (edge/api-boundary.server.ts), written once as a component. */
function options(path: string) {
  return {
    operationId: `options${camel(path)}`,
    summary: "The methods this path takes (those listed here, with HEAD beside GET); CORS preflights are answered here",
    tags: [tagOf(path)],
    security: [],
    parameters: [...pathParameters(path), { $ref: "#/components/parameters/Origin" }, { $ref: "#/components/parameters/PreflightMethod" }],
    responses: { 204: { $ref: "#/components/responses/Options" } },
  };
}

const METHOD = "(?:GET|HEAD|POST|PUT|DELETE|OPTIONS)";
const optionalHeader = (description: string, schema: JsonSchema = { type: "string" }) => ({ description, schema });
const OPTIONS_ANSWER = {
  description: "The path's methods; for a preflight from an allowed origin, the CORS headers too",
  headers: {
    Allow: { required: true, description: "The methods this path takes, OPTIONS included", schema: { type: "string", pattern: `^${METHOD}(?:, ${METHOD})*$` } },
    "Access-Control-Allow-Origin": optionalHeader("The caller's origin, when it may call the API"),
    "Access-Control-Allow-Methods": optionalHeader("The methods this path takes (as Allow)", { type: "string", pattern: `^${METHOD}(?:, ${METHOD})*$` }),
    "Access-Control-Allow-Headers": optionalHeader("The request headers a call may send"),
    "Access-Control-Max-Age": optionalHeader("How long a preflight's answer may be kept, in seconds", { type: "string", pattern: "^[0-9]+$" }),
  },
};

const camel = (text: string) => text.replace(/\{([a-z_]+)\}/g, "by_$1").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""));
const operationId = (op: ApiOperation) => `${op.method.toLowerCase()}${camel(op.path)}`;
const tagOf = (path: string) => path.split("/")[1]!;

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = {
      operationId: operationId(op),
      summary: op.summary,
      tags: [tagOf(op.path)],
      ...(op.auth === "stripe-signature" ? { description: "Called by Stripe; requests carry a `Stripe-Signature` header." } : {}),
      security: security(op),
      parameters: parameters(op),
      ...(op.body ? { requestBody: requestBody(op) } : {}),
      responses: responses(op),
    };
  }
  for (const path of Object.keys(paths)) paths[path]!.options = options(path);
  const sharedRefusals = shareRefusals(paths);
  return {
    openapi: "3.1.0",
    info: {
      title: "Reelcraft API",
      version: "1.0.0",
      description:
        "The marketplace's JSON API. Every answer has `success`; refusals are `{ success: false, message, errors?, error_code? }` (`errors` for invalid input). Tokens come from the sign-in calls; an expired access token answers 401 with `error_code: TOKEN_EXPIRED`, which a client answers by calling the refresh call. A 429 says in `Retry-After` how long to wait; writes and requests with a token answer an `X-D1-Bookmark` to send back for reading one's own writes.",
      license: { name: "Proprietary" },
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: components(),
      responses: { Options: OPTIONS_ANSWER, ...sharedRefusals },
      headers: {
        RetryAfter: { required: true, description: "Seconds to wait before trying again", schema: { type: "string", pattern: "^[1-9][0-9]*$" } },
        WWWAuthenticate: { required: true, description: "The scheme that authenticates (RFC 9110)", schema: { type: "string", const: 'Bearer realm="api"' } },
        D1Bookmark: {
          description: "Where this answer's reads and writes left the database: send it back as X-D1-Bookmark to read your own writes",
          schema: { type: "string", pattern: "^[A-Za-z0-9-]{1,200}$" },
        },
      },
      parameters: {
        ...PATH_PARAMETERS,
        Origin: { name: "Origin", in: "header", required: false, description: "A preflight's origin", schema: { type: "string" } },
        PreflightMethod: {
          name: "Access-Control-Request-Method",
          in: "header",
          required: false,
          description: "Makes the request a CORS preflight",
          schema: { type: "string" },
        },
        D1Bookmark: {
          name: "X-D1-Bookmark",
          in: "header",
          required: false,
          description: "A bookmark from an earlier answer: this call reads at least what that answer had written",
          schema: { type: "string", pattern: "^[A-Za-z0-9-]{1,200}$" },
        },
      },
    },
    paths,
  };
}

const STATUS_NAMES: Record<string, string> = {
  "400": "BadRequest",
  "401": "Unauthenticated",
  "402": "PaymentDeclined",
  "403": "Forbidden",
  "404": "NotFound",
  "405": "MethodNotAllowed",
  "409": "Conflict",
  "410": "Gone",
  "413": "TooLarge",
  "415": "UnsupportedType",
  "422": "Invalid",
  "429": "Throttled",
  "502": "Upstream",
  "503": "Unavailable",
};

/**
 * A refusal answered the same way by several calls (the same description, example and headers) is
 * written once, under `components.responses`, and referred to: most calls share their 401, 403,
 * 405 and 429. The most used form of a status takes its plain name (`Unauthenticated`), others a number.
 */
function shareRefusals(paths: Record<string, Record<string, unknown>>): Record<string, unknown> {
  const uses = new Map<string, { status: string; value: unknown; count: number }>();
  const each = (visit: (answers: Record<string, unknown>, status: string, key: string) => void) => {
    for (const methods of Object.values(paths))
      for (const op of Object.values(methods)) {
        const answers = (op as { responses: Record<string, unknown> }).responses;
        for (const [status, answer] of Object.entries(answers)) if (Number(status) >= 400) visit(answers, status, JSON.stringify(answer));
      }
  };
  each((answers, status, key) => {
    const use = uses.get(key) ?? { status, value: answers[status], count: 0 };
    use.count++;
    uses.set(key, use);
  });
  const names = new Map<string, string>();
  const shared: Record<string, unknown> = {};
  const taken = new Map<string, number>();
  for (const [key, use] of [...uses].filter(([, u]) => u.count > 1).sort(([, a], [, b]) => b.count - a.count || Number(a.status) - Number(b.status))) {
    const base = STATUS_NAMES[use.status] ?? `Status${use.status}`;
    const n = (taken.get(base) ?? 0) + 1;
    taken.set(base, n);
    const name = n === 1 ? base : `${base}${n}`;
    names.set(key, name);
    shared[name] = use.value;
  }
  each((answers, status, key) => {
    const name = names.get(key);
    if (name) answers[status] = { $ref: `#/components/responses/${name}` };
  });
  return shared;
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** One call as the reference page shows it, read from the document (so the page and the document cannot differ). */
export interface ReferenceEntry {
  id: string;
  method: string;
  path: string;
  summary: string;
  auth: string;
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  /** Each content type the call takes (JSON and multipart where both are), its schema as the document has it (the page lays it out). */
  bodies: { contentType: string; schema: unknown }[];
  responses: { status: string; description: string }[];
}

export function apiReference(serverUrl: string): { baseUrl: string; entries: ReferenceEntry[]; schemas: { name: string; schema: unknown }[] } {
  const document = openApiDocument(serverUrl);
  const auth = new Map(API_OPERATIONS.map((op) => [`${op.method} ${op.path}`, op.auth]));
  const sharedParameters = document.components.parameters as Record<string, { name: string; in: string; required: boolean; schema: unknown }>;
  const sharedResponses = document.components.responses as Record<string, { description: string }>;
  const entries: ReferenceEntry[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      // OPTIONS is the same on every path (its Allow): the page lists the calls.
      if (method === "options") continue;
      const op = raw as {
        operationId: string;
        summary: string;
        parameters: ({ name: string; in: string; required: boolean; schema: unknown } | { $ref: string })[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { description: string } | { $ref: string }>;
      };
      const parameters = op.parameters.map((p) => ("$ref" in p ? sharedParameters[p.$ref.split("/").pop()!]! : p));
      entries.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        auth: auth.get(`${method.toUpperCase()} ${path}`) ?? "public",
        parameters: parameters.map((p) => ({ name: p.name, in: p.in, required: p.required, schema: p.schema })),
        bodies: Object.entries(op.requestBody?.content ?? {}).map(([contentType, content]) => ({
          contentType,
          schema: content.schema,
        })),
        responses: Object.entries(op.responses).map(([status, r]) => ({
          status,
          description: ("$ref" in r ? sharedResponses[r.$ref.split("/").pop()!]! : r).description,
        })),
      });
    }
  }
  const schemas = Object.entries(document.components.schemas).map(([name, schema]) => ({ name, schema: schema as unknown }));
  return { baseUrl: document.servers[0]!.url, entries, schemas };
}
