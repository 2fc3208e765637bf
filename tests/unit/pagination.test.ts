import { describe, expect, it } from "vitest";
import { paginationWindow, totalPagesFor, type PageItem } from "~/lib/pagination";

const show = (items: PageItem[]) => items.map((i) => (i.type === "page" ? String(i.page) : "…")).join(" ");

describe("paginationWindow", () => {
  it.each([
    [1, 1, "1"],
    [1, 2, "1 2"],
    [1, 3, "1 2 3"],
    [1, 10, "1 2 … 10"],
    [2, 10, "1 2 3 … 10"],
    [3, 10, "1 2 3 4 … 10"],
    [5, 10, "1 … 4 5 6 … 10"],
    [8, 10, "1 … 7 8 9 10"],
    [10, 10, "1 … 9 10"],
    [4, 7, "1 2 3 4 5 6 7"],
  ])("page %i of %i shows %s", (current, total, expected) => {
    expect(show(paginationWindow(current, total))).toBe(expected);
  });

  it("clamps out-of-range input", () => {
    expect(show(paginationWindow(99, 3))).toBe("1 2 3");
    expect(show(paginationWindow(-4, 3))).toBe("1 2 3");
    expect(show(paginationWindow(1, 0))).toBe("1");
  });

  it("gives ellipses unique keys", () => {
    const keys = paginationWindow(5, 10)
      .filter((i) => i.type === "ellipsis")
      .map((i) => (i.type === "ellipsis" ? i.key : ""));
    expect(new Set(keys).size).toBe(2);
  });
});

describe("totalPagesFor", () => {
  it("is at least 1 and rounds up", () => {
    expect(totalPagesFor(0, 5)).toBe(1);
    expect(totalPagesFor(5, 5)).toBe(1);
    expect(totalPagesFor(6, 5)).toBe(2);
    expect(totalPagesFor(14, 5)).toBe(3);
  });
});
