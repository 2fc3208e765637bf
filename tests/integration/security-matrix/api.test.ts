import { beforeAll, describe, expect, it } from "vitest";
import { API_OPERATIONS, pathPattern } from "~/http/api/contract";
import { selfFetch } from "../helpers";

import { API, WHO, CREATOR_WHO, tokens, creatorTokens, fill, freshTokens, apiStatus, setUpMatrix, type Outcome } from "./matrix";

/** The security matrix's /api/v1 calls (bearer tokens): customers, admins and creators on every call. */
setUpMatrix();

describe("security matrix: /api/v1 (bearer tokens)", () => {
  beforeAll(freshTokens);
  it.each(API)("%s %s", async (method, path, ...rest) => {
    const [visitor, a, b, admin, body] = rest as [Outcome, Outcome, Outcome, Outcome, unknown];
    const expected = { visitor, a, b, admin };
    for (const who of WHO) {
      const headers: Record<string, string> = {};
      if (tokens[who]) headers.Authorization = `Bearer ${tokens[who]}`;
      let payload: BodyInit | undefined;
      if (body === "multipart") {
        // Something to change (an empty update is refused); the title it already has.
        const form = new FormData();
        form.set("product[title]", "3D Product Launch Animation");
        payload = form;
      } else if (body !== undefined) {
        payload = JSON.stringify(body);
        headers["Content-Type"] = "application/json";
      }
      const response = await selfFetch(`http://localhost/api/v1${fill(path)}`, { method, headers, body: payload });
      const json = (await response.json()) as { data?: unknown; message?: string };
      expect(response.status, `${who} ${method} ${path}`).toBe(expected[who]);
      // Refusals carry a message and never data.
      if (response.status >= 400) {
        expect(json.data, `${who} ${method} ${path}`).toBeUndefined();
        expect(typeof json.message).toBe("string");
      }
    }
  });
});

describe("security matrix: creators on the customers' and admins' API", () => {
  beforeAll(freshTokens);
  it.each(API)("%s %s", async (method, path, ...rest) => {
    const body = rest[4];
    const declared = API_OPERATIONS.find((op) => op.method === method && pathPattern(op.path).test(`/api/v1${fill(path)}`.replace(/\?.*$/, "")));
    for (const who of CREATOR_WHO) {
      const visitor = rest[0] as number;
      const want =
        who === "invited" || !declared || declared.auth === "public"
          ? visitor
          : declared.auth === "customer or admin"
            ? declared.path.includes("{id}") && "not_found" in declared.refusals
              ? 404
              : 403
            : declared.auth === "customer, admin or creator"
              ? who === "suspended"
                ? 403
                : (rest[2] as number) // as customer B: not their order, upload or product
              : declared.auth === "admin or creator"
                ? who === "suspended"
                  ? 403
                  : 404 // the studio's call, on an order not theirs
                : 403;
      if (body === "multipart") continue;
      expect(await apiStatus(method, path, creatorTokens[who], body), `${who} ${method} ${path}`).toBe(want);
    }
  });
});
