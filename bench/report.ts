/** Writes the benchmark's results to docs/perf.md: what was measured, on what, and the targets. */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { REFERENCE_PATH, type ImageReport, type JsReport, type LighthouseReport } from "./client";
import type { LoadResult } from "./load";

interface Trips {
  label: string;
  path: string;
  status: number;
  roundTrips: number;
  sequential: number;
  statements: number;
}

const version = (pkg: string) => (JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, "utf8")) as { version: string }).version;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (value: number | null, base: number | null) => (value !== null && base ? `${(value / base).toFixed(1)}×` : "n/a");
const verdict = (ok: boolean, miss: string) => (ok ? "met" : `**missed**: ${miss}`);

/** Experiments against the missed targets that did not help, with what they measured (kept here so the report says so). */
const TRIED = [
  "Fewer, larger client chunks (Rollup's `experimentalMinChunkSize: 4096`): 122 JS files became 102, but a first visit to /products " +
    "loaded 105.8 KB gzip and /home 124.5 KB (2026-11-24): merged chunks carry code the page does not use. Reverted.",
  "CPU per request, profiled (V8 sampling through Miniflare's inspector, 300 requests to /products on the production bundle, 2026-11-24): " +
    "Drizzle rebuilt its relational-query config on every request (about 5% of the samples) for a query API the shop does not use, and " +
    "`formatMoney` built an `Intl.NumberFormat` for every price (about 3%). Both fixed (clients without the schema; one formatter per " +
    "decimals count): 13% fewer samples. Kept.",
  "Remix's route matching (2026-11-24): each request is matched several times (the server, the data router, the render, the browser's " +
    "manifest), each time flattening and ranking every route and compiling its pattern: 20% of the samples with 86 route modules, 37 of " +
    "them the JSON API's. Pages and the API now each have a Remix handler with only their own routes (app/platform/split-build.server.ts): " +
    "matching fell to 12% of the samples and the samples per request by about 5% (two profiles each), which the load runs do not separate " +
    "from their spread (/products stayed at 10.7× the trivial route). Kept. What remains of a page's CPU: React's server render about a " +
    "quarter, the remaining matching (49 page routes, 4–5 times per request), the D1 binding's " +
    "result conversion about 8%, the HTML rewrite (nonce, held modules) about 4%, and esbuild's `__name` helper that wrangler's " +
    "`keep_names` adds to every function created (about 1.6%). The matching and `keep_names` were dealt with later (next entries).",
  "Modules after the first paint (ADR 018, 2026-11-24), Lighthouse mobile, 3 runs each: LCP /home 1859–2156 ms before, 937–955 ms after; " +
    "/products 1823–2122 ms before, 1166–1267 ms after; /products/1 about 2.0 s before, 1207–1352 ms after; blocking time, now counted " +
    "after the paint, 0–90 ms. Kept.",
  "Through a proxy rewriting the HTML, not kept: no JavaScript at all put /products at 1245–1286 ms (pictures above the fold that finish " +
    "before the first paint count in Lighthouse's estimate), no JavaScript and no pictures at 917–926 ms; the stylesheet inlined (10 KB " +
    "gzip, modules as before) at 1125–1233 ms, but React removed the `<style>` it had not rendered when it hydrated (CLS 1.0), and once the " +
    "modules waited it was not needed.",
  "Smaller per-request work, 2026-11-24: the listing's loader sends only what a card shows instead of whole products (the /products HTML " +
    "8.9 KB → 7.0 KB gzip, kept); `request.cf` read lazily and the rewrite's link selector doing the `/assets/` test itself (not kept). " +
    "Neither moved the CPU ratio outside the load runs' spread (/products 11.1–11.6× and /products/{id} 9.4–9.9× the trivial route in " +
    "short runs before and after). For scale: a page with no D1 at all (/login) is 5.7–6.1× the trivial route, /home 6.5×.",
  "Video posters as AVIF where the browser reads it (one negotiated URL, ADR 016): the demo product's poster 12.4 KB instead of 16.6 KB; " +
    "with the gallery thumbnails at low priority behind it, /products/1 went from 1187–1284 ms to 1125–1184 ms (3 runs each). Kept.",
  "CPU, second pass (2026-11-24), each change measured with paired runs: two bundles in two workerd processes on the bench's data, " +
    "requests to both interleaved (4 connections, 300 requests a run, median of 6–8 rounds), B/A the ratio of their CPU per request. " +
    "Kept, in order: queries SQLite answers by index (the tags in use as tags for which a live product EXISTS: 0.65 → 0.03 ms; the tag " +
    "filter through tag ids: 0.45 → 0.07 ms in each of its five statements; the filtered listing went from 13× toward 9.5× the trivial " +
    "route); the listing reading only the columns its cards show; wrangler's `keep_names` off (its `__name` calls were 2.7% of the " +
    "samples, two thirds of them Drizzle's per-request client); `@remix-run/router` patched to rank each route table once and compile " +
    "each pattern once (ADR 019: B/A 0.955 on /products, 0.89 on /products/{id}, 0.90 on /login); the admin area in a Remix handler of " +
    "its own, so the shop's pages match against 30 routes instead of 49 (B/A 0.93–0.95 on /products, /products/{id} and /login, two " +
    "runs). Short load runs like the bench's then put /products at 7.4–8.4× and /products/{id} at 7.3–7.8× the trivial route. Last, " +
    "each card as one row (its first media and cheapest price as sub-selects): the listing in three statements instead of five, B/A " +
    "0.99 on /products and 0.90 on the filtered listing.",
  "CPU, third look (2026-11-24, after the JS work): two bench runs put /products at 8.0× the trivial route (7.07 ms per request " +
    "against 7.13 ms in the run before, whose trivial route was slower: 7.7×); paired runs of the JS changes: B/A 0.975 on /products. " +
    "Profiled again, a page's CPU has no single large part left: React's render, route matching (about 8% in five small functions), " +
    "the load context (7%: the drizzle client, the CSP nonce, the D1 session), D1 and Drizzle's row mapping, turbo-stream, the HTML " +
    "rewrite. Not kept: keeping each path's matches per route table in the router patch (B/A 0.98 on /products, 1.00 on " +
    "/products/{id} and /login, for match objects shared between requests); the nonce as hex instead of base64 (0.6 µs of 7 ms).",
  "CPU, fourth pass (2026-11-24), kept: the listing's and the product page's reads built once (`builtOnce` in app/platform/built-once.server.ts, ADR 021). " +
    "Drizzle built each statement again on every request (its SQL walk and `is()` class checks: 4.3% of the samples on /products) and " +
    "mapped every row field by field (3.1%); now it writes their SQL once per isolate with placeholders, each request binds its values " +
    "to its own D1 session, and rows are read by decoders worked out once from the schema. Paired runs: B/A 0.90 on /products and " +
    "/products/{id}, 0.89 on the filtered listing, 0.86 on the API's product; the listing alone first (B/A 0.94, filtered 0.88).",
  "Not kept (2026-11-24): React's server renderer writes the document in 512-byte pieces; joining them into one chunk per task before " +
    "the HTML rewrite changed nothing measurable (B/A 1.008 on /products, 1.009 on /products/{id}, 1.15 on /login).",
  "JS, second pass (2026-11-24): terser instead of esbuild for the browser's code (two compress passes) took the framework chunk from " +
    "82.0 to 78.7 KB and /products from 99.3 to 95.8 KB, checkout and the admin's forms 4.3 KB each. Kept. Terser's unsafe options " +
    "would take 0.9 KB more off the framework chunk; not used. The framework's license comments are 0.5 KB of it; kept.",
  "JS, third pass (2026-11-24), kept: the browser's code grouped by the layout that loads it (client-chunks.ts, ADR 020): one chunk " +
    "for what every page loads (React, Remix, the root route and the helpers both areas use), one for the shop's layout and what its " +
    "catalogue pages share, one for the admin's shell; /products went from 19 files to 6 and from 95.8 to 92.3 KB, checkout 120.4 to " +
    "118.5 KB and the admin's product form 116.6 to 115.2 KB (nothing moved into a page that did not load it before). Then each page's " +
    "head built by its loader on the server (the meta code, 1.2 KB, no longer ships), the pending-submit hook apart from the form " +
    "fields, the inline script that starts the modules left out of the browser's bundle (it runs from the server's HTML), and terser " +
    "told the browsers Vite targets (ES2020), the Instagram icon in half the path data: 89.9 KB. Paired runs before and after: server CPU B/A 0.975 on /products, 0.995 on " +
    "/products/{id}, 0.987 on /home.",
  "JS, not kept (2026-11-24): the footer's icons as symbols of one SVG file (0.3 KB less JavaScript): the browser fetches the file " +
    "while it parses the page, before the first paint, and Lighthouse's simulation counts every request that ends before the observed " +
    "LCP: mobile LCP on /products 1240 ms (median of 5) against about 1175 ms with the icons inline. Terser with three passes and " +
    "unwrapped function arguments: 47 bytes more. Not made: card prices formatted on the server (money and currency are in the chunk " +
    "every page loads, so nothing would leave the page); the search box's suggestions loaded on focus (its markup and keys must " +
    "hydrate with the page; only the fetch could wait).",
  "Mobile LCP on /products, understood (2026-11-24, Lighthouse traces): the LCP element is the promotion's text, painted with the " +
    "first frame; Lantern's estimate takes every request that ended before the observed LCP, which comes 30–50 ms after that paint " +
    "(presentation). The two lazy card images below the fold on a phone are requested right after the first layout and end 10–50 ms " +
    "later, so they fall on either side of it from run to run: 1095–1105 ms when they end after, 1165–1240 ms when before (same " +
    "build). `content-visibility: auto` on the cards below the first row did not hold them back (Chrome still loads lazy images within " +
    "its distance threshold). Kept instead: a 480-pixel copy of every image, which phones' srcset now picks for cards (a card is 206 " +
    "CSS pixels at 1.75×), and the card posters' one URL (11.7 → 7.6 KB for the first card's AVIF poster): the bytes before the " +
    "first paint fell by 4.7 KB, and 5 runs gave 1083–1118 ms, the lazy images ending first or not.",
  "After the money work (2026-11-25): /products/{id} had gone to 8.6–9.1× the trivial route and /products to 90.04 KB. Paired runs " +
    "put the product page 11% above the code before it; the two tax statements in its batch cost nothing measurable (B/A 0.996 " +
    "without them). Profiled: route matching had grown with the new account routes (invoices, credit notes), and Remix's manifest " +
    "for the browser matches every ancestor path against every route. Kept: a Remix handler per first segment of the URL " +
    "(/products/{id} matches 6 routes instead of 34; B/A 0.97 on the product pages, 0.90 on /login); the included items' ticks " +
    "painted by CSS instead of an <svg> each (38 fewer elements on a product page; B/A 0.965); money's decimal conversions in a " +
    "module of their own, so the chunk every page loads carries only the formatter (/products 90.04 → 89.81 KB).",
  "Another machine (2026-11-26), after reviews, the phone product page, addresses by country and drafts: the trivial Worker route " +
    "costs 0.43–0.50 ms a request here against 1.03 ms in the runs above, /healthz 0.57–0.66 ms against 1.01 ms, while /products " +
    "costs 3.8–4.7 ms (6.0 ms above) and /products/{id} 5.1–5.9 ms (5.9 ms above). Pages are no dearer than before in milliseconds, " +
    "but the trivial route became 2.4 times cheaper, so the two targets measured against it are missed (10.8× and 12.7×) while " +
    "those against /healthz are met (8.1× and 9.5×, ≤ 15×). Not yet explained (the load generator shares the two cores; a route " +
    "that does almost nothing may gain most from a faster core); the product page's share, with its reviews, is to be profiled.",
  "Product page profiled again (2026-11-26, `bench/profile.ts /products/1 400`, 6,532 samples): React's server render about a " +
    "third (attribute writing 15.7%, segment flushing 6.8%, element rendering 6.5%, start tags 3.0%), the runtime's own work " +
    "(program, GC, native calls) about a fifth, Drizzle's class checks (`is`) 2.4% from the statements still built per request " +
    "(the reviews' page), turbo-stream 2.4%, the D1 binding's row conversion 1.3%, route matching about 2%. The page renders 320 " +
    "elements with 769 attributes (the listing 219 and 763) and 6.3 KB of loader data. Nothing single left to cut; not changed " +
    "in this pass.",
  "CPU, fifth pass (2026-11-26), each change measured with `bench/pair.ts` (two bundles in two workerd processes, requests to " +
    "both interleaved, median B/A of 7–9 rounds) and `bench/profile.ts` (now summed per module of the bundle). What the profile's " +
    "attribute writing really was: React 18's streaming render for the browser (the build Remix uses on Workers) encodes every tag, " +
    "attribute name and value to a byte array of its own, then copies each into 512-byte buffers. Patched to write strings and " +
    "encode each flush once, as React 19's edge build does (patches/react-dom+18.3.1.patch, app/platform/README.md): B/A 0.79 on " +
    "/products/{id} and /login, 0.86 on /products. The HTML rewrite of every page on the way out (held modules, preload nonces) " +
    "replaced by rendering those elements held (Remix's `<Scripts>` read as elements): B/A 0.92 on /products/{id} (0.89 with no " +
    "rewrite at all), the rewriter kept for edge-cache hits only. The product page's reviews read by statements built once (B/A " +
    "0.98) and sent in the product's own batch, one D1 call instead of two (B/A 0.94). Not kept: links as plain anchors (about " +
    "0.95 on both pages, for a home-made Link). The bench run after them: /products 6.0×, /products/{id} 6.5× the trivial route " +
    "(2.79 and 3.03 ms a request against 3.8 and 5.5 ms before).",
];

export function writeReport({
  started,
  load,
  cached,
  trips,
  js,
  images,
  lighthouse,
}: {
  started: Date;
  load: LoadResult[];
  cached: LoadResult[];
  trips: Trips[];
  js: JsReport[];
  /** Absent in results saved before the bench measured images. */
  images?: ImageReport;
  lighthouse: LighthouseReport[];
}) {
  const cpu = cpus();
  const healthz = load[0]!.healthz;
  const trivial = load[0]!.trivial;
  const cpuOf = (label: string) => load.find((r) => r.label === label);
  const productsCpu = cpuOf("/products");
  const productCpu = cpuOf("/products/{id}");
  const hit = cached[0]!;
  const publicTrips = trips.filter((t) => /^\/(home|products|api\/v1\/products)/.test(t.path));
  const productsJs = js.find((j) => j.page === "/products");
  const mobile = lighthouse.filter((l) => l.formFactor === "mobile");

  const targets: [string, string, string][] = [];
  const cpuTarget = (row: LoadResult | undefined, name: string) => {
    const r = row?.cpuMsPerRequest && healthz.cpuMsPerRequest ? row.cpuMsPerRequest / healthz.cpuMsPerRequest : null;
    targets.push([
      `${name} CPU per request ≤ 15× /healthz`,
      r === null ? "not readable" : `${r.toFixed(1)}×`,
      r === null ? "n/a" : verdict(r <= 15, `${(r - 15).toFixed(1)}× over`),
    ]);
  };
  const trivialTarget = (row: LoadResult | undefined, name: string) => {
    const base = row?.trivial?.cpuMsPerRequest;
    const r = row?.cpuMsPerRequest && base ? row.cpuMsPerRequest / base : null;
    targets.push([
      `${name} CPU per request ≤ 8× the trivial Worker route`,
      r === null ? "not readable" : `${r.toFixed(1)}×`,
      r === null ? "n/a" : verdict(r <= 8, `${(r - 8).toFixed(1)}× over`),
    ]);
  };
  cpuTarget(productsCpu, "/products");
  cpuTarget(productCpu, "/products/{id}");
  trivialTarget(productsCpu, "/products");
  trivialTarget(productCpu, "/products/{id}");
  const hitRatio = hit.cpuMsPerRequest && hit.healthz.cpuMsPerRequest ? hit.cpuMsPerRequest / hit.healthz.cpuMsPerRequest : null;
  targets.push([
    "Edge-cache hit CPU ≤ 3× /healthz",
    hitRatio === null ? "not readable" : `${hitRatio.toFixed(1)}×`,
    hitRatio === null ? "n/a" : verdict(hitRatio <= 3, `${(hitRatio - 3).toFixed(1)}× over`),
  ]);
  const worstPublic = Math.max(...publicTrips.map((t) => t.sequential));
  targets.push(["Public pages ≤ 1 sequential D1 round trip", `worst ${worstPublic}`, verdict(worstPublic <= 1, `${worstPublic - 1} more`)]);
  const worstOther = Math.max(...trips.filter((t) => !publicTrips.includes(t)).map((t) => t.sequential));
  targets.push(["Other pages ≤ 2 sequential D1 round trips", `worst ${worstOther}`, verdict(worstOther <= 2, `${worstOther - 2} more`)]);
  const signedIn = trips.filter((t) => /signed in/.test(t.label));
  const worstSignedIn = Math.max(...signedIn.map((t) => t.sequential));
  targets.push([
    `Signed-in pages (${signedIn.map((t) => t.label.replace(" (signed in)", "")).join(", ")}) in 1 sequential D1 round trip`,
    `worst ${worstSignedIn}`,
    verdict(worstSignedIn <= 1, `${worstSignedIn - 1} more`),
  ]);
  if (images) {
    const share = images.bytes / images.originalBytes;
    targets.push([
      "Image bytes of a phone's first visit to /products ≤ 40% of the originals",
      `${kb(images.bytes)} of ${kb(images.originalBytes)} (${Math.round(share * 100)}%)`,
      verdict(share <= 0.4, `${Math.round(share * 100 - 40)} points over`),
    ]);
  }
  if (productsJs)
    targets.push([
      "≤ 90 KB gzip JS on /products",
      kb(productsJs.gzipBytes),
      verdict(productsJs.gzipBytes <= 90 * 1024, `${kb(productsJs.gzipBytes - 90 * 1024)} over`),
    ]);
  const reference = mobile.find((l) => l.path === REFERENCE_PATH);
  for (const l of mobile.filter((m) => m.path !== REFERENCE_PATH)) {
    if (reference)
      targets.push([
        `Lighthouse mobile within 1 point of the static reference (${reference.score}) on ${l.path}`,
        String(l.score),
        verdict(l.score >= reference.score - 1, `${reference.score - 1 - l.score} short`),
      ]);
    targets.push([`Mobile TBT ≤ 100 ms on ${l.path}`, `${Math.round(l.tbtMs)} ms`, verdict(l.tbtMs <= 100, `${Math.round(l.tbtMs - 100)} ms over`)]);
    targets.push([
      `Lighthouse mobile ≥ 98, CLS ≤ 0.02 on ${l.path}`,
      `${l.score}, CLS ${l.cls.toFixed(3)}`,
      verdict(l.score >= 98 && l.cls <= 0.02, `score ${l.score} (${98 - l.score} short), CLS ${l.cls.toFixed(3)}`),
    ]);
    targets.push([`Lighthouse mobile 100 on ${l.path}`, String(l.score), verdict(l.score >= 100, `${100 - l.score} short`)]);
    targets.push([`Mobile LCP ≤ 1.2 s on ${l.path}`, `${Math.round(l.lcpMs)} ms`, verdict(l.lcpMs <= 1200, `${Math.round(l.lcpMs - 1200)} ms over`)]);
  }

  // Why each missed target was missed, from the measurements themselves.
  const why: string[] = [];
  if (productsJs && productsJs.gzipBytes > 90 * 1024) {
    const [vendorName, vendorBytes] = productsJs.breakdown[0] ?? ["?", 0];
    const own = productsJs.gzipBytes - vendorBytes;
    why.push(
      `JS on /products: the shared chunk (${vendorName}: React 18, the Remix / React Router runtime, the root route) is ${kb(vendorBytes)} on its own, ` +
        `${Math.round((vendorBytes / (90 * 1024)) * 100)}% of the 90 KB budget; the shop's own code is ${kb(own)} in ${productsJs.files - 1} files ` +
        "(the shop's layout chunk, the listing, pagination). Under the budget needs a smaller framework, which the fixed stack rules out, or under " +
        `${kb(90 * 1024 - vendorBytes)} of app code on the page.`,
    );
  }
  for (const l of mobile.filter((m) => m.path !== REFERENCE_PATH && (m.score < 100 || m.cls > 0.02 || m.lcpMs > 1200))) {
    why.push(
      `Lighthouse mobile on ${l.path}: LCP ${Math.round(l.lcpMs)} ms on \`${l.lcpElement.replace(/`/g, "'").slice(0, 80)}…\` under Lighthouse's simulated slow 4G and 4× CPU; ` +
        `its remaining opportunities: ${l.opportunities.join(", ") || "none"}. ` +
        (/^<(img|video|picture)/.test(l.lcpElement)
          ? "The element's image is preloaded with high priority; it shares the simulated connection with the stylesheet and the other pictures above the fold (the modules start after the first paint)."
          : "The element is text: it paints once the stylesheet has arrived; the pictures above the fold share the simulated connection with it (the modules start after the first paint)."),
    );
  }
  if (worstSignedIn > 1) {
    why.push(
      "D1 on signed-in pages: the session is read first (who is asking decides what the page may show), and the page's own queries, keyed on that " +
        "person, follow in a second round trip. One round trip needs the page's queries written against the session token itself " +
        "(a subquery on the sessions table) and sent in the same batch as the session read.",
    );
  }
  for (const t of trips.filter((t) => (publicTrips.includes(t) ? t.sequential > 1 : t.sequential > 2))) {
    why.push(`D1 on ${t.path}: ${t.sequential} sequential round trips (${t.statements} statements).`);
  }

  const lines = [
    "# Performance benchmark",
    "",
    "Written by `npm run bench` (bench/run.ts); do not edit by hand. Re-run it to refresh.",
    "",
    `- Date: ${started.toISOString()}`,
    `- Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`,
    `- Runtime: workerd through Miniflare ${version("miniflare")} (no \`wrangler dev\` proxy), production build, EDGE_CACHE off except where stated`,
    "- Data: the seed grown by bench/data.ts to 500 products, 20 tags and 2,000 orders (600 of them the demo customer's)",
    "- Load: autocannon, 50 connections, 6 s per run, runs interleaved with the trivial Worker route and /healthz, median of 3 rounds; the load generator shares the machine",
    "- CPU: user + system time of the workerd process (/proc/{pid}/stat, 10 ms ticks) divided by the requests served in the run",
    "",
    "## Targets",
    "",
    "| Target | Measured | Verdict |",
    "| --- | --- | --- |",
    ...targets.map(([t, m, v]) => `| ${t} | ${m} | ${v} |`),
    "",
    ...(why.length ? ["Why the missed targets are missed:", "", ...why.map((w) => `- ${w}`), ""] : []),
    "Tried and measured:",
    "",
    ...TRIED.map((t) => `- ${t}`),
    "",
    "## Throughput, latency and CPU (relative to /healthz and to the trivial Worker route in the same rounds)",
    "",
    "| Route | Requests/s | p50 latency | CPU per request | Req/s vs /healthz | p50 vs /healthz | CPU vs /healthz | CPU vs trivial | Errors |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...(trivial
      ? [
          `| trivial Worker route | ${trivial.requestsPerSecond.toFixed(0)} | ${trivial.p50Ms} ms | ${trivial.cpuMsPerRequest?.toFixed(3) ?? "n/a"} ms | ${(trivial.requestsPerSecond / healthz.requestsPerSecond).toFixed(2)}× | ${ratio(trivial.p50Ms, healthz.p50Ms)} | ${ratio(trivial.cpuMsPerRequest, healthz.cpuMsPerRequest)} | 1.0× | ${0} |`,
        ]
      : []),
    `| /healthz | ${healthz.requestsPerSecond.toFixed(0)} | ${healthz.p50Ms} ms | ${healthz.cpuMsPerRequest?.toFixed(3) ?? "n/a"} ms | 1.0× | 1.0× | 1.0× | ${ratio(healthz.cpuMsPerRequest, trivial?.cpuMsPerRequest ?? null)} | ${0} |`,
    ...[...load, ...cached].map(
      (r) =>
        `| ${r.label} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50Ms} ms | ${r.cpuMsPerRequest?.toFixed(3) ?? "n/a"} ms | ${(r.requestsPerSecond / r.healthz.requestsPerSecond).toFixed(2)}× | ${ratio(r.p50Ms, r.healthz.p50Ms)} | ${ratio(r.cpuMsPerRequest, r.healthz.cpuMsPerRequest)} | ${ratio(r.cpuMsPerRequest, r.trivial?.cpuMsPerRequest ?? null)} | ${r.errors} |`,
    ),
    "",
    "The trivial Worker route is answered by the bench's wrapper (bench/worker.ts) before the request reaches the shop: the floor of what any route can cost.",
    "The edge-cache row comes from a second worker with EDGE_CACHE on, compared with its own /healthz and trivial-route rounds.",
    "",
    "## D1 round trips per request",
    "",
    "Counted by the instrumented build (bench/worker.ts): each query or batch is a round trip; one started while another is in flight is parallel, not sequential.",
    "",
    "| Route | Status | Round trips | Sequential | Statements |",
    "| --- | --- | --- | --- | --- |",
    ...trips.map((t) => `| ${t.label} (\`${t.path}\`) | ${t.status} | ${t.roundTrips} | ${t.sequential} | ${t.statements} |`),
    "",
    ...(images
      ? [
          "## Image bytes on a phone's first visit",
          "",
          "| Page | Device | Images | Loaded | Same images as originals | Share |",
          "| --- | --- | --- | --- | --- | --- |",
          `| ${images.page} | ${images.device} | ${images.images} | ${kb(images.bytes)} | ${kb(images.originalBytes)} | ${Math.round((images.bytes / images.originalBytes) * 100)}% |`,
          "",
          "Every image response until the network was idle; a variant (`….jpg.w640.avif`) is compared with its stored original (`….jpg`), what the page loaded before it served variants.",
          "",
        ]
      : []),
    "## Client JavaScript on a first visit (gzip level 9 of each file, summed)",
    "",
    "| Page | Files | gzip | raw | Stripe code | Admin code |",
    "| --- | --- | --- | --- | --- | --- |",
    ...js.map((j) => `| ${j.page} | ${j.files} | ${kb(j.gzipBytes)} | ${kb(j.rawBytes)} | ${j.stripe ? "yes" : "no"} | ${j.admin ? "yes" : "no"} |`),
    "",
    "Files per page (gzip):",
    "",
    ...js.map((j) => `- ${j.page}: ${j.breakdown.map(([name, bytes]) => `${name} ${kb(bytes)}`).join(", ")}`),
    "",
    "## Lighthouse (performance category, behind a gzip proxy, median of the runs)",
    "",
    `Each run visits, in turn, the static reference (\`${REFERENCE_PATH}\`: the product page as served, with every script and module preload taken out) and each page: one series on the same machine, so the reference shows what the pages would score if their JavaScript cost nothing.`,
    "",
    "| Page | Form factor | Runs | Score | LCP | TBT | CLS |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...lighthouse.map(
      (l) => `| ${l.path} | ${l.formFactor} | ${l.runs} | ${l.score} | ${Math.round(l.lcpMs)} ms | ${Math.round(l.tbtMs)} ms | ${l.cls.toFixed(3)} |`,
    ),
    "",
    "LCP element and remaining opportunities (last run of each):",
    "",
    ...lighthouse.map(
      (l) => `- ${l.path} ${l.formFactor}: \`${l.lcpElement.replace(/`/g, "'").slice(0, 160)}\`; ${l.opportunities.join(", ") || "no opportunities"}`,
    ),
    "",
  ];
  // The uploads bench (`npm run bench:uploads`) writes its own section; it is kept as it was.
  writeFileSync("docs/perf.md", [...lines, keptSection("page-js"), keptSection("uploads"), keptSection("scale")].join("\n"));
  console.log("\nWrote docs/perf.md");
}

/** A section another bench wrote between `<!-- name:start -->` and `<!-- name:end -->`, or nothing. */
export function keptSection(name: string): string {
  let text = "";
  try {
    text = readFileSync("docs/perf.md", "utf8");
  } catch {
    return "";
  }
  const start = text.indexOf(`<!-- ${name}:start -->`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  return start >= 0 && end > start ? text.slice(start, end + `<!-- ${name}:end -->`.length) + "\n" : "";
}

/** Writes (or replaces) a bench's own section of docs/perf.md, between its markers, at the end. */
export function writeSection(name: string, body: string[]) {
  let text = "";
  try {
    text = readFileSync("docs/perf.md", "utf8");
  } catch {
    text = "# Performance\n";
  }
  const block = [`<!-- ${name}:start -->`, ...body, `<!-- ${name}:end -->`].join("\n");
  const start = text.indexOf(`<!-- ${name}:start -->`);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  const next = start >= 0 && end > start ? text.slice(0, start) + block + text.slice(end + `<!-- ${name}:end -->`.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync("docs/perf.md", next);
}
