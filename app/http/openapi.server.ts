/**
 * The OpenAPI 3.1 document of the JSON API, generated from the contract (lib/api-contract.ts) and
 * the Zod schemas in it: request bodies and queries are the very schemas the routes validate with,
 * so the document cannot describe a field the API does not read.
 */
import type { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { API_OPERATIONS, ErrorResponse, type ApiOperation } from "~/lib/api-contract";

type JsonSchema = Record<string, unknown>;

/** A Zod schema as JSON Schema (what the client sends: inputs before transforms). */
function jsonSchema(schema: z.ZodTypeAny): JsonSchema {
  const { $schema: _dialect, ...rest } = zodToJsonSchema(schema, {
    target: "jsonSchema2019-09",
    $refStrategy: "none",
    effectStrategy: "input",
    pipeStrategy: "input",
  }) as JsonSchema;
  return rest;
}

/** Multipart file fields are documented as `format: binary`, which Zod cannot say. */
function withBinaryFiles(schema: JsonSchema): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== "object") return node;
    const entries = Object.entries(node as Record<string, unknown>).map(([key, value]) => [key, walk(value)] as const);
    const copy = Object.fromEntries(entries) as Record<string, unknown>;
    if (copy.type === "string" && copy.description === "binary") {
      delete copy.description;
      copy.format = "binary";
    }
    return copy;
  };
  return walk(schema) as JsonSchema;
}

function security(op: ApiOperation) {
  if (op.auth === "customer" || op.auth === "admin" || op.auth === "customer or admin") return [{ bearer: [] }];
  return [];
}

function parameters(op: ApiOperation) {
  const params: Record<string, unknown>[] = [];
  for (const [, name] of op.path.matchAll(/\{([a-z_]+)\}/g)) {
    params.push({ name, in: "path", required: true, schema: { type: "integer", minimum: 1 } });
  }
  if (op.query) {
    const query = jsonSchema(op.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      params.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
    }
  }
  return params;
}

function requestBody(op: ApiOperation) {
  if (!op.body) return undefined;
  const contentType = op.body.contentType ?? "application/json";
  let schema = jsonSchema(op.body.schema);
  if (contentType === "multipart/form-data") schema = withBinaryFiles(schema);
  if (op.body.wrapper) schema = { type: "object", properties: { [op.body.wrapper]: schema }, required: [op.body.wrapper] };
  return { required: true, content: { [contentType]: { schema } } };
}

function responses(op: ApiOperation) {
  const answers: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(op.responses)) {
    const success = Number(status) < 400;
    if (typeof answer === "string") {
      answers[status] = success
        ? { description: answer }
        : { description: answer, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
    } else {
      answers[status] = { description: answer.description, content: { "application/json": { schema: jsonSchema(answer.schema) } } };
    }
  }
  if (op.method !== "GET")
    answers["405"] = {
      description: "A method the path does not allow (see Allow)",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  return answers;
}

const operationId = (op: ApiOperation) =>
  `${op.method.toLowerCase()}${op.path.replace(/\{([a-z_]+)\}/g, "by_$1").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`;

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = {
      operationId: operationId(op),
      summary: op.summary,
      tags: [op.path.split("/")[1] === "admin" ? "admin" : op.path.split("/")[1]],
      ...(op.auth === "stripe-signature" ? { description: "Called by Stripe; requests carry a `Stripe-Signature` header." } : {}),
      security: security(op),
      parameters: parameters(op),
      ...(op.body ? { requestBody: requestBody(op) } : {}),
      responses: responses(op),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Reelcraft API",
      version: "1.0.0",
      description:
        "The marketplace's JSON API. Every answer has `success`; refusals add `message` (and `errors` for invalid input). Tokens come from the sign-in calls; an expired access token answers 401 with `error_code: TOKEN_EXPIRED`, which a client answers by calling the refresh call.",
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: { Error: jsonSchema(ErrorResponse) },
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** One call as the reference page shows it, read from the document (so the page and the document cannot differ). */
export interface ReferenceEntry {
  id: string;
  method: string;
  path: string;
  summary: string;
  auth: string;
  parameters: { name: string; in: string; required: boolean; schema: string }[];
  body: { contentType: string; schema: string } | null;
  responses: { status: string; description: string }[];
}

export function apiReference(serverUrl: string): { baseUrl: string; entries: ReferenceEntry[] } {
  const document = openApiDocument(serverUrl);
  const auth = new Map(API_OPERATIONS.map((op) => [`${op.method} ${op.path}`, op.auth]));
  const entries: ReferenceEntry[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        operationId: string;
        summary: string;
        parameters: { name: string; in: string; required: boolean; schema: unknown }[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { description: string }>;
      };
      const [contentType, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      entries.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        auth: auth.get(`${method.toUpperCase()} ${path}`) ?? "public",
        parameters: op.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required, schema: JSON.stringify(p.schema) })),
        body: contentType && content ? { contentType, schema: JSON.stringify(content.schema, null, 2) } : null,
        responses: Object.entries(op.responses).map(([status, r]) => ({ status, description: r.description })),
      });
    }
  }
  return { baseUrl: document.servers[0]!.url, entries };
}
