/**
 * React 18 does not know `fetchPriority` yet and warns about it; the lowercase attribute passes
 * through to the DOM untouched.
 */
export function fetchPriority(priority: "high" | "low" | "auto"): Record<string, string> {
  return { fetchpriority: priority };
}
