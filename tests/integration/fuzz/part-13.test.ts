import { expect, it } from "vitest";
import { fuzzTargets, signInFuzzAccounts, TARGET_COUNT } from "./targets";

signInFuzzAccounts();
fuzzTargets(24, 26);

// The part files take two targets each: adding a target means adding a part.
it("the part files cover every target", () => {
  expect(TARGET_COUNT).toBe(25);
});
