import { beforeAll, describe, expect, it } from "vitest";

import {
  CREATOR_SCREENS,
  CREATOR_API,
  WHO,
  CREATOR_WHO,
  cookies,
  tokens,
  creatorCookies,
  creatorTokens,
  fill,
  freshTokens,
  screenOutcome,
  apiStatus,
  setUpMatrix,
  type Who,
  type CreatorWho,
} from "./matrix";

/** The security matrix's creators' routes (screens and API), every role. */
setUpMatrix();

describe("security matrix: the creators' routes, every role", () => {
  beforeAll(freshTokens);
  it.each(CREATOR_SCREENS)("screen %s %s", async (method, path, expected, body) => {
    const cookieOf: Record<Who | CreatorWho, string | undefined> = { ...cookies, visitor: undefined, ...creatorCookies, invited: undefined } as never;
    for (const who of [...WHO, ...CREATOR_WHO]) {
      const want = expected[who];
      expect(await screenOutcome(method, path, cookieOf[who], body), `${who} ${method} ${path}`).toBe(typeof want === "string" ? fill(want) : want);
    }
  });
  it.each(CREATOR_API)("API %s %s", async (method, path, expected, body) => {
    const tokenOf: Record<Who | CreatorWho, string | undefined> = { ...tokens, visitor: undefined, ...creatorTokens, invited: undefined } as never;
    // Signing out ends the token: that row runs last, on fresh tokens of its own.
    for (const who of [...WHO, ...CREATOR_WHO]) expect(await apiStatus(method, path, tokenOf[who], body), `${who} ${method} ${path}`).toBe(expected[who]);
  });
});
