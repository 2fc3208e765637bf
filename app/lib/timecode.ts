/**
 * Frames and timecodes of a delivery's review, at the frame rate the studio entered. Comments are
 * kept as frame numbers (from 0); timecodes are non-drop-frame, counted at the rate's whole base
 * (23.976 → 24 frames a second of timecode, 29.97 → 30), as editing software shows them and as a
 * CMX3600 EDL writes them.
 */
import type { FrameRate } from "./rules/upload-rules";

export const RATES: Record<FrameRate, { fps: number; base: number }> = {
  "23.976": { fps: 24000 / 1001, base: 24 },
  "24": { fps: 24, base: 24 },
  "25": { fps: 25, base: 25 },
  "29.97": { fps: 30000 / 1001, base: 30 },
  "30": { fps: 30, base: 30 },
  "50": { fps: 50, base: 50 },
  "60": { fps: 60, base: 60 },
};

/** The most frames a comment may point at: 24 hours at the fastest rate. */
export const MAX_FRAME = 24 * 3600 * 60;

/** The frame on screen at `seconds` into the video. */
export function frameAt(seconds: number, rate: FrameRate): number {
  // A hair past the frame's start, so a seek to a frame's own time lands on it.
  return Math.max(0, Math.floor(seconds * RATES[rate].fps + 1e-6));
}

/** When `frame` starts, in seconds, nudged into the frame so a seek shows it. */
export function secondsOf(frame: number, rate: FrameRate): number {
  return (frame + 0.5) / RATES[rate].fps;
}

function parts(frame: number, rate: FrameRate) {
  const { base } = RATES[rate];
  const ff = frame % base;
  const totalSeconds = Math.floor(frame / base);
  return { h: Math.floor(totalSeconds / 3600), m: Math.floor((totalSeconds % 3600) / 60), s: totalSeconds % 60, ff };
}

const two = (n: number) => String(n).padStart(2, "0");

/** How the review room writes times: as the player shows them, or SMPTE for editors (a reader's choice, kept in a cookie). */
export const TIMECODE_STYLES = ["player", "smpte"] as const;
export type TimecodeStyle = (typeof TIMECODE_STYLES)[number];

/** "0:04", "12:05", "1:02:03": the frame's whole second as a player shows it (never frames, which would read as seconds). */
export function formatTimecode(frame: number, rate: FrameRate): string {
  const { h, m, s } = parts(frame, rate);
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** A frame, or a range of them ("0:42–0:44"), in the reader's style. */
export function timecodeText(at: number, end: number | null, rate: FrameRate, style: TimecodeStyle = "player"): string {
  const one = (frame: number) => (style === "smpte" ? formatSmpte(frame, rate) : formatTimecode(frame, rate));
  return end === null ? one(at) : `${one(at)}–${one(end)}`;
}

/** "00:00:42:12": SMPTE non-drop, as an EDL writes it (with `offsetHours` added, e.g. 1 for 01:00:00:00 starts). */
export function formatSmpte(frame: number, rate: FrameRate, offsetHours = 0): string {
  const { h, m, s, ff } = parts(frame, rate);
  return `${two(h + offsetHours)}:${two(m)}:${two(s)}:${two(ff)}`;
}

/**
 * A time typed by hand → the frame; null when it is not one of these, its frames are past the rate's
 * base or it is past 24 hours: "0:42" (m:ss, minutes up to 1440), "1:02:03" (h:mm:ss), "01:02:03:04"
 * (hh:mm:ss:ff, SMPTE). Nothing that could read as decimal seconds. What a comment's time is typed as
 * without JavaScript.
 */
export function parseTimecode(text: string, rate: FrameRate): number | null {
  const trimmed = text.trim();
  const { base } = RATES[rate];
  let seconds: number;
  let ff = 0;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,4}):([0-5]\d)$/.exec(trimmed))) {
    seconds = Number(match[1]) * 60 + Number(match[2]);
  } else if ((match = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/.exec(trimmed))) {
    seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  } else if ((match = /^(\d{2}):([0-5]\d):([0-5]\d):(\d{2})$/.exec(trimmed))) {
    seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
    ff = Number(match[4]);
    if (ff >= base) return null;
  } else {
    return null;
  }
  if (seconds > 24 * 3600 || (seconds === 24 * 3600 && ff > 0)) return null;
  return seconds * base + ff;
}

/** The style a request asked for by its `timecode` cookie (the player's by default). */
export function timecodeStyleOf(cookieHeader: string | null): TimecodeStyle {
  return /(?:^|;\s*)timecode=smpte(?:;|$)/.test(cookieHeader ?? "") ? "smpte" : "player";
}
