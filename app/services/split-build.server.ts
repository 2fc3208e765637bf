import type { ServerBuild } from "@remix-run/cloudflare";

/**
 * Remix matches each request against every route it knows, and does so several times per request
 * (the server's match, the data router's, the render's, the manifest for the browser), each time
 * flattening and ranking the whole tree and compiling each route's pattern: a fifth of the CPU a
 * page cost (docs/perf.md). The JSON API's routes are two fifths of the tree, and a page can never
 * match one, nor an API call a page. So the Worker hands each kind of request to a Remix handler
 * that knows only the routes it can match (server.ts).
 */

type Routes = ServerBuild["routes"];

/** A route's whole URL pattern, its parents' paths included: `/api/v1/products/:id`. */
function fullPath(routes: Routes, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`;
}

/**
 * The build with only the routes whose URL pattern `keep` accepts, with the routes they hang from
 * (the root, pathless layouts). The browser's manifest (`assets.routes`) is cut the same way, as it
 * is matched too.
 */
export function buildWithRoutes(build: ServerBuild, keep: (pattern: string) => boolean): ServerBuild {
  const ids = new Set<string>();
  for (const id of Object.keys(build.routes)) {
    if (!keep(fullPath(build.routes, id))) continue;
    for (let at: string | undefined = id; at && !ids.has(at); at = build.routes[at]?.parentId) ids.add(at);
  }
  const only = <T>(manifest: Record<string, T>) => Object.fromEntries(Object.entries(manifest).filter(([id]) => ids.has(id)));
  return { ...build, routes: only(build.routes), assets: { ...build.assets, routes: only(build.assets.routes) } };
}
