/**
 * The page's JavaScript starts to download once the server-rendered page has painted, not before.
 *
 * On a slow phone the stylesheet, the pictures above the fold and ~100 KB of modules all compete
 * for the same bandwidth, and the page painted only once most of it had arrived. Every page works
 * before its JavaScript runs (forms are plain HTML), so nothing is lost by painting first:
 * `ScriptsAfterFirstPaint` renders Remix's `modulepreload` links (with the page's nonce, which Remix
 * leaves off them) and its inline module script inert, and the small script below, rendered after
 * them, makes them live again on the first animation frame's next task, that is once the first frame has been painted (at once in a
 * background tab, where frames never come). Measured in docs/perf.md; ADR 018 explains the trade.
 *
 * Nothing is added to or removed from the document the server rendered, so React hydrates the
 * same elements: a link's `rel` is flipped back in place, and the module script runs as a copy that
 * leaves the document as soon as it has been handed to the browser (a started module script runs
 * whether or not it is still attached).
 *
 * The server renders the inert forms itself: an HTML rewrite of every page on the way out cost
 * about a tenth of a page's CPU (ADR 030). Pages from the edge cache carry the nonce of the
 * request that rendered them; server.ts gives their elements this request's.
 */
import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "@remix-run/react";
export const INERT_MODULE_TYPE = "text/x-module-after-paint";
export const INERT_PRELOAD_REL = "x-modulepreload-after-paint";

export const START_AFTER_FIRST_PAINT = `(function(){
var nonce=document.currentScript&&document.currentScript.nonce;
function start(){
document.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]').forEach(function(link){link.rel="modulepreload"});
document.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]').forEach(function(inert){
var script=document.createElement("script");script.type="module";if(nonce)script.nonce=nonce;script.textContent=inert.textContent;
document.body.appendChild(script);script.remove();
});
}
if(document.hidden)start();else requestAnimationFrame(function(){setTimeout(start,0)});
})();`;

/** Remix's `modulepreload` links of our own chunks and its inline module script, made inert (the rest as it is). */
function hold(node: ReactNode, nonce: string | undefined): ReactNode {
  if (Array.isArray(node)) return node.map((child) => hold(child, nonce));
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ rel?: string; href?: string; nonce?: string; type?: string; src?: string; children?: ReactNode }>;
  const { rel, href, type, src, children } = element.props;
  if (element.type === "link" && rel === "modulepreload" && href?.startsWith("/assets/")) return cloneElement(element, { rel: INERT_PRELOAD_REL, nonce });
  if (element.type === "script" && type === "module" && !src) return cloneElement(element, { type: INERT_MODULE_TYPE });
  if (element.type === Fragment) {
    const held = hold(children, nonce);
    return Array.isArray(held) ? cloneElement(element, undefined, ...(held as ReactNode[])) : cloneElement(element, undefined, held);
  }
  return element;
}

/**
 * Remix's `<Scripts>`, held until the first paint. Remix's component is called as a function (its
 * hooks become this component's) so that its elements can be read before React renders them; in
 * the browser its output is left as it is, since hydration only adopts what the server sent and the
 * links are live again by then. Breaks if Remix's `<Scripts>` stops rendering its preloads and module
 * script as elements of its own output (the integration test of the CSP nonce would then fail).
 */
export function ScriptsAfterFirstPaint({ nonce }: { nonce?: string }) {
  const scripts = Scripts({ nonce });
  return <>{import.meta.env.SSR ? hold(scripts, nonce) : scripts}</>;
}
