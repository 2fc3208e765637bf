import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { API_OPERATIONS } from "~/http/api/contract";

/**
 * Every JSON API call is written once: its route is `apiCall("METHOD /path", handler)`, and what the
 * contract declares (who may call, the body's schema and wrapper, the query, the failure message, a
 * multipart form's limits, Stripe's signature) is not restated in the route.
 */
const ROUTES = join(import.meta.dirname, "../../app/routes");
/** Not calls of the contract: the catch-all 404 and the document itself. */
const NOT_CALLS = new Set(["api.v1.$.ts", "api.v1.openapi[.]json.ts"]);
/** What a route built from the contract never does itself. */
const RESTATED = [
  "readApiBody",
  "readJson",
  "parseApiInput",
  "requireApi",
  "wrapped(",
  "searchParamsObject",
  "apiRoute(",
  "request.formData(",
  "request.json(",
];

const routes = readdirSync(ROUTES).filter((name) => name.startsWith("api.v1.") && name.endsWith(".ts") && !NOT_CALLS.has(name));

describe("API routes built from the contract", () => {
  it("every route is apiCall(…) of its declaration, restating nothing the declaration says", () => {
    const problems: string[] = [];
    for (const name of routes) {
      const source = readFileSync(join(ROUTES, name), "utf8");
      if (!/apiCall\("(GET|POST|PUT|DELETE) \//.test(source)) problems.push(`${name}: not built with apiCall`);
      for (const word of RESTATED) if (source.includes(word)) problems.push(`${name}: restates ${word}`);
    }
    expect(problems).toEqual([]);
  });

  it("every call of the contract has its route, and only one", () => {
    const built = routes.flatMap((name) =>
      [...readFileSync(join(ROUTES, name), "utf8").matchAll(/apiCall\("((?:GET|POST|PUT|DELETE) [^"]+)"/g)].map((m) => m[1]),
    );
    const declared = API_OPERATIONS.map((op) => `${op.method} ${op.path}`).filter((key) => key !== "GET /openapi.json");
    expect(built.sort()).toEqual(declared.sort());
  });
});
