import { expect, it } from "vitest";
import { TARGET_COUNT } from "./targets";

// The targets are split over four part files of about the same run time, so the two workers share them evenly: adding a target means adding it to a part.
// This reads the part files themselves, so a target that no part (or two parts) run fails here.
it("the part files run every fuzz target exactly once", () => {
  const parts = import.meta.glob<string>("./part-*.test.ts", { query: "?raw", import: "default", eager: true });
  const covered: number[] = [];
  for (const source of Object.values(parts)) {
    for (const [, from, to] of source.matchAll(/fuzzTargets\((\d+), (\d+)\)/g)) for (let i = Number(from); i < Number(to); i++) covered.push(i);
  }
  expect(covered.sort((a, b) => a - b)).toEqual(Array.from({ length: TARGET_COUNT }, (_, i) => i));
});
