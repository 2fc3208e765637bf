import { describe, expect, it } from "vitest";
import { formatSmpte, formatTimecode, frameAt, parseTimecode, secondsOf, timecodeStyleOf, timecodeText } from "~/lib/timecode";

describe("timecodes of a review", () => {
  it("shows a frame as the player shows its second (0:04, never 0:04:00), SMPTE for editors, ranges in either", () => {
    expect(formatTimecode(0, "25")).toBe("0:00");
    expect(formatTimecode(4 * 25, "25")).toBe("0:04");
    expect(formatTimecode(42 * 25 + 12, "25")).toBe("0:42");
    expect(formatTimecode(24 * 61 + 23, "23.976")).toBe("1:01");
    expect(formatTimecode(3600 * 30 + 62 * 30 + 4, "29.97")).toBe("1:01:02");
    expect(formatSmpte(42 * 25 + 12, "25", 1)).toBe("01:00:42:12");
    expect(timecodeText(1062, 1100, "25")).toBe("0:42–0:44");
    expect(timecodeText(1062, 1100, "25", "smpte")).toBe("00:00:42:12–00:00:44:00");
    expect(timecodeText(100, null, "25", "smpte")).toBe("00:00:04:00");
  });

  it("reads m:ss, h:mm:ss and hh:mm:ss:ff, refusing frames past the base, decimals and anything else", () => {
    expect(parseTimecode("0:42", "25")).toBe(1050);
    expect(parseTimecode(" 0:04 ", "25")).toBe(100);
    expect(parseTimecode("1:02:03", "25")).toBe((3600 + 123) * 25);
    expect(parseTimecode("00:00:42:12", "25")).toBe(1062);
    expect(parseTimecode("00:00:42:24", "24")).toBeNull();
    expect(parseTimecode("00:00:42:25", "25")).toBeNull();
    expect(parseTimecode("0:60", "25")).toBeNull();
    expect(parseTimecode("1:60:00", "25")).toBeNull();
    // Three parts are hours, minutes and seconds; frames come only with four (SMPTE).
    expect(parseTimecode("0:42:12", "25")).toBe((42 * 60 + 12) * 25);
    expect(parseTimecode("1:02:03:04", "25")).toBeNull();
    expect(parseTimecode("4.5", "25")).toBeNull();
    expect(parseTimecode("0:04.5", "25")).toBeNull();
    expect(parseTimecode("abc", "25")).toBeNull();
    expect(parseTimecode("1441:00", "25")).toBeNull();
    expect(parseTimecode("24:00:00:01", "25")).toBeNull();
  });

  it("takes the reader's style from the timecode cookie", () => {
    expect(timecodeStyleOf(null)).toBe("player");
    expect(timecodeStyleOf("a=1; timecode=smpte")).toBe("smpte");
    expect(timecodeStyleOf("timecode=smpte-ish")).toBe("player");
  });

  it("turns a player's time into its frame and back, at fractional rates too", () => {
    for (const rate of ["23.976", "25", "29.97", "60"] as const) {
      for (const frame of [0, 1, 17, 1000, 86_399]) expect(frameAt(secondsOf(frame, rate), rate)).toBe(frame);
    }
    expect(frameAt(1, "23.976")).toBe(23);
  });
});
