// Which Chromium the end-to-end tests drive (Playwright cannot download its own browser here).
// Debian's `chromium-headless-shell` first: the same Chromium without the desktop browser around it,
// as Playwright itself runs headless tests, and about a fifth less CPU per test than the full
// `chromium` in headless mode. The full browser is the fallback; CHROMIUM_PATH overrides both.
import { existsSync } from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

/** The browser binary for tests, or undefined when none is installed. */
export function testBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return [HEADLESS_SHELL, FULL_CHROMIUM].find((path) => existsSync(path));
}
