import { describe, expect, it } from "vitest";
import { AutosuggestQuerySchema, firstIssueMessage, parsePageParam, parseTagParam, ProductListQuerySchema, searchParamsObject } from "~/lib/query";
import { parseRange } from "~/http/serve-file.server";

describe("parsePageParam", () => {
  it.each([
    [null, 1],
    ["", 1],
    ["1", 1],
    ["7", 7],
    [" 3 ", 3],
    ["0", 1],
    ["-2", 1],
    ["abc", 1],
    ["2.5", 1],
    ["1e3", 1],
    ["9999999999", 1],
  ])("%s → %i", (value, expected) => {
    expect(parsePageParam(value)).toBe(expected);
  });
});

describe("parseTagParam", () => {
  it("trims and drops empty tags", () => {
    expect(parseTagParam(" Brand Film ")).toBe("Brand Film");
    expect(parseTagParam("   ")).toBeUndefined();
    expect(parseTagParam(null)).toBeUndefined();
    expect(parseTagParam("x".repeat(80))).toHaveLength(60);
  });
});

describe("ProductListQuerySchema", () => {
  const parse = (query: string) => ProductListQuerySchema.safeParse(searchParamsObject(new URLSearchParams(query), ["limit", "pageNumber", "tag"]));

  it("accepts the SPEC §7 parameters", () => {
    expect(parse("limit=5&pageNumber=2&tag=Brand%20Film")).toEqual({ success: true, data: { limit: 5, pageNumber: 2, tag: "Brand Film" } });
    expect(parse("")).toEqual({ success: true, data: {} });
  });

  it("explains the first problem", () => {
    const result = parse("limit=0");
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe("limit must be between 1 and 50");
  });
});

describe("AutosuggestQuerySchema", () => {
  it("defaults to an empty query and caps its length", () => {
    expect(AutosuggestQuerySchema.parse({})).toEqual({ query: "" });
    expect(AutosuggestQuerySchema.safeParse({ query: "a".repeat(101) }).success).toBe(false);
  });
});

describe("parseRange", () => {
  it.each([
    [null, null],
    ["bytes=0-9", { offset: 0, length: 10 }],
    ["bytes=90-", { offset: 90, length: 10 }],
    ["bytes=-5", { offset: 95, length: 5 }],
    ["bytes=-500", { offset: 0, length: 100 }],
    ["bytes=50-500", { offset: 50, length: 50 }],
    ["bytes=100-", "unsatisfiable"],
    ["bytes=9-3", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=0-1,5-6", null],
    ["items=0-1", null],
    ["bytes=-", null],
  ] as const)("%s on 100 bytes → %j", (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
