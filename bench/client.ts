/**
 * What the browser pays: the JS each page loads on a first visit (Chromium, gzip-compressed bytes)
 * and Lighthouse scores. Both go through a gzip proxy in front of workerd, as Cloudflare's edge
 * compresses in production.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { existsSync } from "node:fs";
import { chromium, devices } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { parseVariantKey } from "../app/lib/media-variants";

/** The full browser where it is installed (as the earlier reports ran), else Debian's headless shell (scripts/chromium.mjs). */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"].find((path) => existsSync(path)) ?? "/usr/bin/chromium";
const COMPRESSIBLE = /text\/|javascript|json|svg|xml/;

/** Proxies to workerd and gzips text responses for clients that accept it. */
/** The static reference page's path on the proxy: a product page as the shop serves it, with none of its JavaScript. */
export const REFERENCE_PATH = "/__reference";

/**
 * The product page's HTML with every script and module preload taken out: the same markup, styles,
 * pictures and fonts, with nothing to run. Lighthouse's score for it is what the page would get if
 * its JavaScript cost nothing, measured in the same series as the pages on the same machine.
 */
async function referencePage(origin: string, path: string): Promise<Buffer> {
  const html = await (await fetch(`${origin}${path}`)).text();
  return Buffer.from(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, ""));
}

export async function gzipProxy(origin: string, referenceOf?: string): Promise<{ server: Server; url: string }> {
  const target = new URL(origin);
  const reference = referenceOf ? await referencePage(origin, referenceOf) : null;
  const server = createServer((req, res) => {
    if (reference && req.url === REFERENCE_PATH) {
      const out = gzipSync(reference);
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": String(out.length) });
      res.end(out);
      return;
    }
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host, "accept-encoding": "identity" },
      },
      (up) => {
        const chunks: Buffer[] = [];
        up.on("data", (c: Buffer) => chunks.push(c));
        up.on("end", () => {
          const body = Buffer.concat(chunks);
          const headers = { ...up.headers };
          const gzip = COMPRESSIBLE.test(String(headers["content-type"] ?? "")) && /gzip/.test(String(req.headers["accept-encoding"] ?? ""));
          delete headers["content-length"];
          delete headers["transfer-encoding"];
          const out = gzip ? gzipSync(body) : body;
          if (gzip) headers["content-encoding"] = "gzip";
          res.writeHead(up.statusCode ?? 502, { ...headers, "content-length": String(out.length) });
          res.end(out);
        });
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface JsReport {
  page: string;
  files: number;
  gzipBytes: number;
  rawBytes: number;
  stripe: boolean;
  admin: boolean;
  /** File name → gzip bytes, largest first. */
  breakdown: [string, number][];
}

export async function measureClientJs(origin: string, cookies: { customer: string; admin: string }): Promise<JsReport[]> {
  const proxy = await gzipProxy(origin);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const pages: { page: string; path: string; cookie?: string }[] = [
    { page: "/home", path: "/home" },
    { page: "/products", path: "/products" },
    { page: "/products/{id}", path: "/products/1" },
    { page: "checkout", path: "/products/1/checkout?package=0", cookie: cookies.customer },
    { page: "admin create product", path: "/admin/products/new", cookie: cookies.admin },
  ];
  const reports: JsReport[] = [];
  try {
    for (const entry of pages) {
      const context = await browser.newContext();
      if (entry.cookie) {
        await context.addCookies(
          entry.cookie.split("; ").map((pair) => {
            const [name, ...value] = pair.split("=");
            return { name: name!, value: value.join("="), url: proxy.url };
          }),
        );
      }
      const page = await context.newPage();
      const scripts = new Map<string, Buffer>();
      page.on("response", async (response) => {
        const url = response.url();
        if (!/\.m?js(\?|$)/.test(url) || scripts.has(url)) return;
        scripts.set(url, Buffer.alloc(0));
        scripts.set(url, await response.body().catch(() => Buffer.alloc(0)));
      });
      const response = await page.goto(`${proxy.url}${entry.path}`, { waitUntil: "networkidle" });
      if (!response?.ok()) throw new Error(`${entry.path} answered ${response?.status()}`);
      await page.waitForTimeout(500);
      const bodies = [...scripts.values()];
      const text = bodies.map((b) => b.toString("utf8")).join("\n");
      reports.push({
        page: entry.page,
        files: bodies.length,
        gzipBytes: bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
        rawBytes: bodies.reduce((sum, b) => sum + b.length, 0),
        breakdown: [...scripts]
          .map(([url, body]): [string, number] => [new URL(url).pathname.split("/").pop()!, gzipSync(body, { level: 9 }).length])
          .sort((a, b) => b[1] - a[1]),
        stripe: /js\.stripe\.com|loadStripe/.test(text),
        admin: /Create New Product|admin\/products\/create/.test(text),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    proxy.server.close();
  }
  return reports;
}

export interface ImageReport {
  page: string;
  device: string;
  images: number;
  /** What the page loaded: AVIF/WebP copies at the layout's widths where the shop offers them. */
  bytes: number;
  /** The same images as their stored originals: what the page loaded before it served variants. */
  originalBytes: number;
}

/**
 * Image bytes on a first visit to `path` on a phone (Pixel 7: 412 CSS px at 2.625 device pixels):
 * every image response the page loaded until the network was idle, against the originals of the
 * same images (a variant `…/a.jpg.w640.avif` counts as `…/a.jpg`; other images count the same on both sides).
 */
export async function measureImageBytes(origin: string, path: string): Promise<ImageReport> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({ ...devices["Pixel 7"] });
    const page = await context.newPage();
    const loaded = new Map<string, Promise<number>>();
    page.on("response", (response) => {
      if (response.request().resourceType() !== "image" || loaded.has(response.url())) return;
      loaded.set(
        response.url(),
        response.body().then(
          (b) => b.length,
          () => 0,
        ),
      );
    });
    const response = await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`);
    await page.waitForTimeout(500);
    let bytes = 0;
    let originalBytes = 0;
    for (const [url, size] of loaded) {
      const loadedBytes = await size;
      bytes += loadedBytes;
      const variant = parseVariantKey(new URL(url).pathname.replace(/^\/media\//, ""));
      if (!variant) {
        originalBytes += loadedBytes;
        continue;
      }
      const original = await fetch(`${origin}/media/${variant.sourceKey}`);
      originalBytes += (await original.arrayBuffer()).byteLength;
    }
    await context.close();
    return { page: path, device: "Pixel 7", images: loaded.size, bytes, originalBytes };
  } finally {
    await browser.close();
  }
}

export interface LighthouseReport {
  path: string;
  formFactor: "mobile" | "desktop";
  runs: number;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The LCP element of the last run, and Lighthouse's opportunities with their estimated savings. */
  lcpElement: string;
  opportunities: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runLighthouse(origin: string, paths: string[], runs: number): Promise<LighthouseReport[]> {
  // The reference is the product page (the last of the pages the bench names as /products/{id}) without its JavaScript.
  const proxy = await gzipProxy(origin, paths.find((p) => /^\/products\/\d+$/.test(p)) ?? paths[0]!);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--disable-gpu", "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const reports: LighthouseReport[] = [];
  try {
    for (const formFactor of ["mobile", "desktop"] as const) {
      // One series: each run visits the reference and every page in turn, so a busy moment of the
      // machine weighs on all of them alike rather than on whichever page it fell on.
      const series = [REFERENCE_PATH, ...paths];
      const samples = new Map(series.map((path) => [path, [] as { score: number; lcp: number; tbt: number; cls: number }[]]));
      const last = new Map<string, { lcpElement: string; opportunities: string[] }>();
      for (let i = 0; i < runs; i++) {
        for (const path of series) {
          const result = await lighthouse(
            `${proxy.url}${path}`,
            { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
            formFactor === "desktop" ? desktopConfig : undefined,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
          if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
          const sample = {
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
            tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
            cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          };
          samples.get(path)!.push(sample);
          const lcpDetails = lhr.audits["largest-contentful-paint-element"]?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
          last.set(path, {
            lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
            opportunities: Object.values(lhr.audits)
              .filter((a) => a.details?.type === "opportunity" && (a.numericValue ?? 0) > 0)
              .map((a) => `${a.id} (${Math.round(a.numericValue ?? 0)} ms)`),
          });
          console.log(`lighthouse ${formFactor} ${path}: ${sample.score}, LCP ${Math.round(sample.lcp)} ms, TBT ${Math.round(sample.tbt)} ms`);
        }
      }
      for (const path of series) {
        const taken = samples.get(path)!;
        reports.push({
          path,
          formFactor,
          runs,
          score: median(taken.map((s) => s.score)),
          lcpMs: median(taken.map((s) => s.lcp)),
          tbtMs: median(taken.map((s) => s.tbt)),
          cls: median(taken.map((s) => s.cls)),
          lcpElement: last.get(path)?.lcpElement ?? "",
          opportunities: last.get(path)?.opportunities ?? [],
        });
      }
    }
  } finally {
    await chrome.kill();
    proxy.server.close();
  }
  return reports;
}
