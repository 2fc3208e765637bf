/**
 * React's streaming server render as the Worker runs it: the production browser build, patched
 * (patches/react-dom+18.3.1.patch, app/platform/README.md) to write strings and encode each flush
 * once. The HTML it streams must be the HTML React renders unpatched: escaping, attributes,
 * characters outside ASCII, and a Suspense boundary whose content arrives after the shell.
 */
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createElement as h, Suspense, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const fizzPath = join(dirname(require.resolve("react-dom/package.json")), "cjs/react-dom-server.browser.production.min.js");
const fizz = require(fizzPath) as { renderToReadableStream: (node: ReactNode) => Promise<ReadableStream<Uint8Array>> };

async function chunksOf(node: ReactNode) {
  const stream = await fizz.renderToReadableStream(node);
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return chunks;
}

const page = (children: ReactNode) =>
  h(
    "main",
    { className: 'card "quoted" <b>', "data-id": 7, "aria-hidden": true, hidden: false, style: { marginTop: 4 } },
    h("h1", null, "Café · 3D & video — 5 € «€»"),
    h("a", { href: "/products?tag=a&b=<c>" }, "Émoji 🎬 and text"),
    h("input", { type: "checkbox", defaultChecked: true, readOnly: true, name: "x" }),
    children,
  );

describe("the streaming render (patched to write strings)", () => {
  it("is the patched build", () => {
    const source = readFileSync(fizzPath, "utf8");
    expect(source).toContain("function p(a,b){n+=b}");
    expect(source).not.toContain("new Uint8Array(512)");
  });

  it("streams the same HTML as React's string render, as UTF-8 bytes", async () => {
    const chunks = await chunksOf(page(h("p", null, "fin")));
    expect(chunks.every((chunk) => chunk instanceof Uint8Array)).toBe(true);
    const html = new TextDecoder().decode(Buffer.concat(chunks));
    expect(html).toBe(renderToString(page(h("p", null, "fin"))));
    expect(html).toContain("Café · 3D &amp; video — 5 € «€»");
    expect(html).toContain('class="card &quot;quoted&quot; &lt;b&gt;"');
  });

  it("streams a suspended boundary after the shell, in a flush of its own", async () => {
    let resolve!: () => void;
    const ready = new Promise<void>((r) => (resolve = r));
    let done = false;
    function Later() {
      if (!done)
        throw ready.then(() => {
          done = true;
        });
      return h("p", null, "arrivé ✓");
    }
    const stream = await fizz.renderToReadableStream(page(h(Suspense, { fallback: h("span", null, "loading…") }, h(Later))));
    const reader = stream.getReader();
    const shell = new TextDecoder().decode((await reader.read()).value);
    expect(shell).toContain("loading…");
    expect(shell).not.toContain("arrivé");
    resolve();
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += new TextDecoder().decode(part.value);
    expect(rest).toContain("arrivé ✓");
    expect(rest).toContain("$RC(");
  });
});
