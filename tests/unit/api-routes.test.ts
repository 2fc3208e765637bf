import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every JSON API call is written once: its route is `apiCall("METHOD /path", handler)`, and what the
 * contract declares (who may call, the body's schema and wrapper, the query, the failure message) is
 * not restated in the route. The routes below still read their input themselves (multipart bodies,
 * raw upload parts, refresh tokens' own refusal, Stripe's signed webhook…): the list only shrinks.
 */
const ROUTES = join(import.meta.dirname, "../../app/routes");
const NOT_YET_FROM_THE_CONTRACT = new Set([
  "api.v1.admin.refresh_token.ts",
  "api.v1.orders.$id.deliveries.ts",
  "api.v1.orders.$id.deliveries_.$delivery_id.masters.$file_id.ts",
  "api.v1.orders.$id.messages.ts",
  "api.v1.orders.$id.update_payment_status.ts",
  "api.v1.orders._index.ts",
  "api.v1.payments.local.authenticate.ts",
  "api.v1.payments.local.confirm.ts",
  "api.v1.products.$id.ts",
  "api.v1.refresh_token.ts",
  "api.v1.uploads.$id._index.ts",
  "api.v1.uploads.$id.complete.ts",
  "api.v1.uploads.$id.parts.$n.ts",
  "api.v1.uploads._index.ts",
  "api.v1.users.me.ts",
  "api.v1.webhooks.stripe.ts",
]);
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
      if (NOT_YET_FROM_THE_CONTRACT.has(name)) continue;
      const source = readFileSync(join(ROUTES, name), "utf8");
      if (!/apiCall\("(GET|POST|PUT|DELETE) \//.test(source)) problems.push(`${name}: not built with apiCall`);
      for (const word of RESTATED) if (source.includes(word)) problems.push(`${name}: restates ${word}`);
    }
    expect(problems).toEqual([]);
  });

  it("the list of routes still reading their own input only shrinks: each listed route exists and is not built with apiCall yet", () => {
    for (const name of NOT_YET_FROM_THE_CONTRACT) {
      expect(routes, name).toContain(name);
      expect(readFileSync(join(ROUTES, name), "utf8"), name).not.toContain("apiCall(");
    }
  });
});
