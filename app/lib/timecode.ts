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

/** "0:42:12" (m:ss:ff), "1:02:03:04" past an hour: how the review shows a frame. */
export function formatTimecode(frame: number, rate: FrameRate): string {
  const { h, m, s, ff } = parts(frame, rate);
  return h ? `${h}:${two(m)}:${two(s)}:${two(ff)}` : `${m}:${two(s)}:${two(ff)}`;
}

/** "00:00:42:12": SMPTE non-drop, as an EDL writes it (with `offsetHours` added, e.g. 1 for 01:00:00:00 starts). */
export function formatSmpte(frame: number, rate: FrameRate, offsetHours = 0): string {
  const { h, m, s, ff } = parts(frame, rate);
  return `${two(h + offsetHours)}:${two(m)}:${two(s)}:${two(ff)}`;
}

/**
 * "0:42" (m:ss) or "0:42:12" (m:ss:ff) → the frame; null when it is not such a time, its frames
 * are past the rate's base or it is past 24 hours. What a comment's time is typed as without JavaScript.
 */
export function parseTimecode(text: string, rate: FrameRate): number | null {
  const match = /^(\d{1,4}):([0-5]\d)(?::(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const { base } = RATES[rate];
  const ff = match[3] === undefined ? 0 : Number(match[3]);
  if (ff >= base) return null;
  const seconds = Number(match[1]) * 60 + Number(match[2]);
  if (seconds > 24 * 3600) return null;
  return seconds * base + ff;
}
