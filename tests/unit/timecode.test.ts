import { describe, expect, it } from "vitest";
import { formatSmpte, formatTimecode, frameAt, parseTimecode, secondsOf } from "~/lib/timecode";

describe("timecodes of a review", () => {
  it("shows frames as m:ss:ff at the rate's base, an hour and more as h:mm:ss:ff", () => {
    expect(formatTimecode(0, "25")).toBe("0:00:00");
    expect(formatTimecode(42 * 25 + 12, "25")).toBe("0:42:12");
    expect(formatTimecode(24 * 61 + 23, "23.976")).toBe("1:01:23");
    expect(formatTimecode(3600 * 30 + 62 * 30 + 4, "29.97")).toBe("1:01:02:04");
    expect(formatSmpte(42 * 25 + 12, "25", 1)).toBe("01:00:42:12");
  });

  it("reads m:ss and m:ss:ff, refusing frames past the base and anything else", () => {
    expect(parseTimecode("0:42", "25")).toBe(1050);
    expect(parseTimecode(" 0:42:12 ", "25")).toBe(1062);
    expect(parseTimecode("0:42:24", "24")).toBeNull();
    expect(parseTimecode("0:42:25", "25")).toBeNull();
    expect(parseTimecode("0:60", "25")).toBeNull();
    expect(parseTimecode("1:02:03:04", "25")).toBeNull();
    expect(parseTimecode("abc", "25")).toBeNull();
    expect(parseTimecode("1441:00", "25")).toBeNull();
  });

  it("turns a player's time into its frame and back, at fractional rates too", () => {
    for (const rate of ["23.976", "25", "29.97", "60"] as const) {
      for (const frame of [0, 1, 17, 1000, 86_399]) expect(frameAt(secondsOf(frame, rate), rate)).toBe(frame);
    }
    expect(frameAt(1, "23.976")).toBe(23);
  });
});
