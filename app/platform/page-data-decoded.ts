import { RemixBrowser } from "@remix-run/react";

/**
 * A framework workaround (listed in this folder's README), used by app/entry.client.tsx: hydration
 * starts once the page's data is decoded. Breaks on a Remix upgrade that changes how `RemixBrowser`
 * suspends on the single-fetch stream.
 *
 * With single fetch, the page's loader data arrives as a stream inside the document, and
 * `RemixBrowser` suspends its first render until that stream is decoded. A key press or click that
 * lands between `hydrateRoot` and that first render (an everyday case on a busy phone) makes React
 * hydrate synchronously, and React 18 cannot suspend there: it throws "Root did not complete" (#345)
 * and the page never hydrates. So the decoding is started first and awaited: `RemixBrowser` starts
 * it and throws its promise when it is rendered, here called once outside React to start it.
 * Until then the page is the server's HTML, whose forms work without JavaScript.
 */
export async function pageDataDecoded() {
  if (!window.__remixContext.stream) return;
  try {
    RemixBrowser({});
  } catch (thrown) {
    // Remix's promise settles either way: a failed decoding is thrown again by the render below.
    if (thrown instanceof Promise) await thrown;
  }
}
