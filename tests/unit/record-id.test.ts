import { describe, expect, it } from "vitest";
import { parseId } from "~/lib/record-id";

describe("parseId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["000007", 7],
    ["999999999999", 999999999999],
  ])("reads %s as %i", (value, id) => {
    expect(parseId(value)).toBe(id);
  });

  it.each([null, undefined, "", "0", "-1", "+1", "1.0", "1e3", " 1", "1 ", "0x1", "1234567890123", "abc", "１"])("refuses %s", (value) => {
    expect(parseId(value)).toBeNull();
  });
});
