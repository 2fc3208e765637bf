/** Liveness probe and the benchmarks' yardstick: answers without touching D1 or R2. */
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
