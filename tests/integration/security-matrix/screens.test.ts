import { describe, expect, it } from "vitest";
import { selfFetch } from "../helpers";

import {
  SCREENS,
  WHO,
  CREATOR_WHO,
  cookies,
  creatorCookies,
  creatorOutcomeOnScreen,
  fill,
  outcome,
  screenOutcome,
  setUpMatrix,
  type Outcome,
  type Row,
} from "./matrix";

/** The security matrix's screens (cookie sessions): customers, admins and creators on every screen route. */
setUpMatrix();

describe("security matrix: screens (cookie sessions)", () => {
  it.each(SCREENS)("%s %s", async (method, path, ...rest) => {
    const [visitor, a, b, admin, body] = rest as [Outcome, Outcome, Outcome, Outcome, unknown];
    const expected = { visitor, a, b, admin };
    for (const who of WHO) {
      const headers: Record<string, string> = { Host: "localhost", Origin: "http://localhost" };
      if (cookies[who]) headers.Cookie = cookies[who];
      let init: RequestInit = { method, redirect: "manual", headers };
      // A body's values may name the fixtures too ("{addressA}").
      if (body !== undefined)
        init = { ...init, body: new URLSearchParams(Object.entries(body as Record<string, string>).map(([key, value]) => [key, fill(value)])) };
      const response = await selfFetch(`http://localhost${fill(path)}`, init);
      const want = expected[who];
      expect(outcome(response), `${who} ${method} ${path}`).toBe(typeof want === "string" ? fill(want) : want);
    }
  });
});

describe("security matrix: creators on the customers' and admins' screens", () => {
  it.each(SCREENS)("%s %s", async (method, path, ...rest) => {
    const row = [method, path, ...rest] as Row;
    const body = rest[4];
    for (const who of CREATOR_WHO) {
      // Invited (no session) and suspended (their session reaches no order or upload) ask as a visitor does.
      const want = who === "invited" || who === "suspended" ? row[2] : creatorOutcomeOnScreen(row);
      expect(await screenOutcome(method, path, creatorCookies[who], body), `${who} ${method} ${path}`).toBe(typeof want === "string" ? fill(want) : want);
    }
  });
});
