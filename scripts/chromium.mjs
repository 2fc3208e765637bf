// Which Chromium the end-to-end tests drive (Playwright cannot download its own browser here).
// Debian's `chromium-headless-shell` first: the same Chromium without the desktop browser around it,
// as Playwright itself runs headless tests, and about a fifth less CPU per test than the full
// `chromium` in headless mode. The full browser is the fallback; CHROMIUM_PATH overrides both.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

/** The browser binary for tests, or undefined when none is installed. */
export function testBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return [HEADLESS_SHELL, FULL_CHROMIUM].find((path) => existsSync(path));
}

/**
 * Installs Debian's headless Chromium when the machine allows it without asking (root, or sudo
 * without a password), as `playwright install --with-deps` would where it can download: prints what it
 * runs. Returns the browser's path, or undefined when it may not or the install failed.
 */
export function installTestBrowser() {
  if (process.platform !== "linux" || !existsSync("/usr/bin/apt-get")) return undefined;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const sudo = !root && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;
  if (!root && !sudo) return undefined;
  const as = root ? [] : ["sudo", "-n"];
  const steps = [
    [...as, "apt-get", "update", "-qq"],
    [...as, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", "chromium-headless-shell"],
  ];
  for (const [command, ...args] of steps) {
    console.info(`Installing Debian's headless Chromium for the end-to-end tests: ${[command, ...args].join(" ")}`);
    if (spawnSync(command, args, { stdio: "inherit" }).status !== 0) return undefined;
  }
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : undefined;
}
