/**
 * The page's JavaScript starts to download once the server-rendered page has painted, not before.
 *
 * On a slow phone the stylesheet, the pictures above the fold and ~100 KB of modules all compete
 * for the same bandwidth, and the page painted only once most of it had arrived. Every page works
 * before its JavaScript runs (forms are plain HTML), so nothing is lost by painting first:
 * the Worker (server.ts) turns Remix's `modulepreload` links and its inline module script inert on
 * the way out, and the small script below, rendered after them, makes them live again on the first
 * animation frame's next task, that is once the first frame has been painted (at once in a
 * background tab, where frames never come). Measured in docs/perf.md; ADR 018 explains the trade.
 *
 * Nothing is added to or removed from the document the server rendered, so React hydrates the
 * same elements: a link's `rel` is flipped back in place, and the module script runs as a copy that
 * leaves the document as soon as it has been handed to the browser (a started module script runs
 * whether or not it is still attached).
 */
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
