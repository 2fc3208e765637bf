import { describe, expect, it } from "vitest";
import { ANIMATION_STAGES, stageAmounts, stageRevisionsPromise, stagesDays, stagesRevisions } from "~/lib/rules/stages";
import { ProductDetailsSchema } from "~/lib/schemas/product";

const product = {
  title: "Staged",
  description_heading: "Heading",
  description: "Body",
  services_offered: ["Modelling"],
  tags: ["a", "b", "c"],
};
const pkg = { short_description: "Premium", items_included: "One", amount: "1899", currency: "GBP" };

function stageErrors(stages: unknown) {
  const result = ProductDetailsSchema.safeParse({ ...product, packages: [{ ...pkg, stages }] });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("a package's stages", () => {
  it("split the price by their shares, the last taking the rounding remainder, to the cent", () => {
    expect(stageAmounts(189_900, [10, 20, 20, 20, 30])).toEqual([18_990, 37_980, 37_980, 37_980, 56_970]);
    // 100.01 in three equal-ish parts: 33.33, 33.33 and the remaining 33.35.
    expect(stageAmounts(10_001, [33, 33, 34])).toEqual([3_300, 3_300, 3_401]);
    expect(stageAmounts(1, [50, 50])).toEqual([0, 1]);
    for (const total of [1, 99, 12_345, 99_999_999]) {
      const parts = stageAmounts(total, [10, 20, 20, 20, 30]);
      expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
      expect(parts.every((part) => part >= 0)).toBe(true);
    }
    expect(stageAmounts(500, [])).toEqual([]);
  });

  it("promise their days and revisions as sums, revisions shown per stage", () => {
    expect(stagesDays(ANIMATION_STAGES)).toBe(17);
    expect(stagesRevisions(ANIMATION_STAGES)).toBe(6);
    expect(ANIMATION_STAGES.map((stage) => `${stage.name} ${stage.share}%`)).toEqual([
      "Script 10%",
      "Storyboard 20%",
      "Styleframes 20%",
      "Animatic 20%",
      "Final 30%",
    ]);
    expect(stageRevisionsPromise(ANIMATION_STAGES)).toBe("1–2 revisions per stage");
    expect(
      stageRevisionsPromise([
        { name: "A", share: 50, days: 1, revisions: 1 },
        { name: "B", share: 50, days: 1, revisions: 1 },
      ]),
    ).toBe("1 revision per stage");
    expect(
      stageRevisionsPromise([
        { name: "A", share: 50, days: 1, revisions: 0 },
        { name: "B", share: 50, days: 1, revisions: 0 },
      ]),
    ).toBe("No revisions");
  });

  it("are none by default, and read as typed on the form (numbers as text)", () => {
    expect(ProductDetailsSchema.parse({ ...product, packages: [pkg] }).packages[0]!.stages).toEqual([]);
    const typed = ProductDetailsSchema.parse({
      ...product,
      packages: [
        {
          ...pkg,
          stages: [
            { name: " Script ", share: "40", days: "2", revisions: "1" },
            { name: "Final", share: "60", days: "5", revisions: "0" },
          ],
        },
      ],
    });
    expect(typed.packages[0]!.stages).toEqual([
      { name: "Script", share: 40, days: 2, revisions: 1 },
      { name: "Final", share: 60, days: 5, revisions: 0 },
    ]);
  });

  it("refuse what cannot be made in stages, each with its message", () => {
    const final = { name: "Final", share: 60, days: 5, revisions: 1 };
    expect(stageErrors([{ ...final, share: 100 }])).toEqual({
      "packages.0.stages": "A package in stages has at least 2 stages (remove the last one to deliver in one piece)",
      "packages.0.stages.0.share": "Share must be a whole number from 1 to 99",
    });
    expect(stageErrors([final])).toEqual({ "packages.0.stages": "A package in stages has at least 2 stages (remove the last one to deliver in one piece)" });
    expect(stageErrors([{ ...final, name: "Script", share: 30 }, final])).toEqual({
      "packages.0.stages": "The stages' shares must add up to 100% (they add up to 90%)",
    });
    expect(
      stageErrors([
        { ...final, share: 40 },
        { ...final, name: "final" },
      ]),
    ).toEqual({ "packages.0.stages.1.name": "Each stage needs a name of its own" });
    expect(stageErrors([{ ...final, name: " ", share: 40, days: "", revisions: 11 }, final])).toEqual({
      "packages.0.stages.0.name": "Stage name is required",
      "packages.0.stages.0.days": "Days must be a whole number from 1 to 120",
      "packages.0.stages.0.revisions": "Revisions must be a whole number from 0 to 10",
    });
    expect(stageErrors([{ ...final, name: "x".repeat(41), share: 40 }, final])).toEqual({
      "packages.0.stages.0.name": "Stage name must be at most 40 characters",
    });
    const nine = Array.from({ length: 9 }, (_, i) => ({ ...final, name: `Stage ${i}`, share: i < 8 ? 11 : 12 }));
    expect(stageErrors(nine)).toEqual({ "packages.0.stages": "At most 8 stages" });
    expect(stageErrors([{ ...final, share: 40, extra: 1 }, final])).toHaveProperty("packages.0.stages.0");
    expect(stageErrors("Script, Final")).toEqual({ "packages.0.stages": "Stages must be a list" });
  });
});
