/**
 * `npm run bench:js` (also part of `npm run bench`): the JavaScript every screen loads on a first
 * visit, gzip-compressed (level 9, as the browser bench measures it), read from the production
 * build's own route manifest: the client entry and each route module of the screen's match (root,
 * layouts, the screen) with the chunks it imports. (The browser's route manifest is in the page's
 * HTML, cut to its area's routes, and found later through `/__manifest`: not a script file here.) Lazy chunks (Stripe's card form) are
 * not part of a first visit. Each screen has a budget (the framework, Zod and Conform are ~107 KB
 * before a form page's own code): a listing 90 KB, a page without forms 95 KB, the admin's product
 * list 100 KB, a page with forms 125 KB. A screen over its budget fails the run; the table is
 * written to docs/perf.md.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { writeSection } from "./report";

const CLIENT = "build/client";
const KB = 1024;

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/** The budgets, most specific first: a screen takes the first whose test matches it. */
const BUDGETS: { name: string; kb: number; test: (screen: Screen) => boolean }[] = [
  { name: "the listing", kb: 90, test: (s) => s.id === "routes/_site.products._index" },
  { name: "the admin's product list", kb: 100, test: (s) => s.id === "routes/admin.products._index" },
  { name: "a page with forms", kb: 125, test: (s) => s.hasForm },
  { name: "a page without forms", kb: 95, test: () => true },
];

interface Screen {
  id: string;
  url: string;
  hasForm: boolean;
}

export interface PageJs {
  screen: string;
  url: string;
  files: number;
  gzipBytes: number;
  budget: string;
  budgetBytes: number;
}

function readManifest(): Manifest {
  const file = readdirSync(join(CLIENT, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("No build/client/assets/manifest-*.js: run `npm run build` first");
  const text = readFileSync(join(CLIENT, "assets", file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

/** The route file of a manifest id (`routes/x` → app/routes/x.tsx, or its folder's route.tsx). */
function sourceOf(id: string): string | null {
  for (const candidate of [`app/${id}.tsx`, `app/${id}/route.tsx`, `app/${id}.ts`]) if (existsSync(candidate)) return candidate;
  return null;
}

/** Screens: route modules that render a page (a default export), with a URL to name them by. */
function screensOf(manifest: Manifest): Screen[] {
  const screens: Screen[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root") continue;
    const source = sourceOf(route.id);
    if (!source) continue;
    const text = readFileSync(source, "utf8");
    if (!/export default function/.test(text)) continue;
    // A layout is measured through the screens under it.
    if (Object.values(manifest.routes).some((child) => child.parentId === route.id)) continue;
    let url = "";
    for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) if (at.path) url = `/${at.path}${url}`;
    const folder = source.endsWith("/route.tsx") ? source.slice(0, -"route.tsx".length) : null;
    const folderText = folder
      ? readdirSync(folder)
          .map((name) => readFileSync(join(folder, name), "utf8"))
          .join("\n")
      : text;
    screens.push({ id: route.id, url: url || "/", hasForm: /<Form\b|<form\b|useForm\(|<fetcher\.Form\b/.test(folderText) });
  }
  return screens.sort((a, b) => a.url.localeCompare(b.url));
}

export function measurePageJs(): PageJs[] {
  const manifest = readManifest();
  const gz = new Map<string, number>();
  const gzipOf = (path: string) => {
    let size = gz.get(path);
    if (size === undefined) gz.set(path, (size = gzipSync(readFileSync(join(CLIENT, path)), { level: 9 }).length));
    return size;
  };
  return screensOf(manifest).map((screen) => {
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    for (let at: ManifestRoute | undefined = manifest.routes[screen.id]; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
      files.add(at.module);
      for (const chunk of at.imports ?? []) files.add(chunk);
    }
    const budget = BUDGETS.find((b) => b.test(screen))!;
    return {
      screen: screen.id.replace(/^routes\//, ""),
      url: screen.url,
      files: files.size,
      gzipBytes: [...files].reduce((sum, file) => sum + gzipOf(file), 0),
      budget: budget.name,
      budgetBytes: budget.kb * KB,
    };
  });
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function pageJsSection(rows: PageJs[]): string[] {
  const over = rows.filter((r) => r.gzipBytes > r.budgetBytes);
  return [
    "## JavaScript per screen (first visit, gzip)",
    "",
    "From the production build's route manifest (`npm run bench:js`): the client entry and every route module of the",
    "screen's match with the chunks it imports; lazy chunks (Stripe's card form) are not part of a first visit.",
    `${rows.length} screens, ${over.length ? `${over.length} over budget` : "every one within its budget"}.`,
    "",
    "| Screen | URL | Files | JS (gzip) | Budget |",
    "| --- | --- | ---: | ---: | --- |",
    ...rows.map(
      (r) =>
        `| ${r.screen} | \`${r.url}\` | ${r.files} | ${kb(r.gzipBytes)} | ${r.gzipBytes > r.budgetBytes ? "**over** " : ""}${r.budget}: ${kb(r.budgetBytes)} |`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measurePageJs();
  for (const r of rows)
    console.log(`${r.gzipBytes > r.budgetBytes ? "OVER" : "ok  "} ${kb(r.gzipBytes).padStart(9)} / ${kb(r.budgetBytes).padEnd(9)} ${r.url}`);
  writeSection("page-js", pageJsSection(rows));
  const over = rows.filter((r) => r.gzipBytes > r.budgetBytes);
  if (over.length) {
    console.error(`${over.length} screen(s) over their JavaScript budget: ${over.map((r) => r.url).join(", ")}`);
    process.exitCode = 1;
  }
}
