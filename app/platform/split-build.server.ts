import type { ServerBuild } from "@remix-run/cloudflare";

/**
 * Remix matches each request against every route it knows, and does so several times per request
 * (the server's match, the data router's, the render's, the manifest for the browser), trying the
 * routes in rank order until one matches: a fifth of the CPU a page cost (docs/perf.md). The JSON
 * API's routes were two fifths of the tree and the admin area's are a third of the rest, and a
 * page of the shop can never match one of either. So the Worker hands each kind of request to a
 * Remix handler that knows only the routes it can match (server.ts): the API, the shop's pages,
 * the admin area's, and for the browser's route discovery (`/__manifest`, which asks about any
 * link on a page) every page route.
 */
import { isApiPath } from "../edge/api-boundary.server";

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

/** The admin area's URL space: /admin and everything below it. */
export function isAdminPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
}

/** Where Remix's route discovery asks which routes a link's path has (`v3_lazyRouteDiscovery`). */
const MANIFEST_PATH = "/__manifest";

/**
 * The page handlers and the route patterns each knows. The admin area keeps the site's catch-all
 * (`/*`), which answers an unknown path under /admin with the site's 404 page, as it always has.
 */
export const PAGE_AREAS = {
  shop: (pattern: string) => !isApiPath(pattern) && !isAdminPath(pattern),
  admin: (pattern: string) => isAdminPath(pattern) || pattern === "/*",
  any: (pattern: string) => !isApiPath(pattern),
} satisfies Record<string, (pattern: string) => boolean>;

export type PageArea = keyof typeof PAGE_AREAS;

/** Which page handler answers a page request for `pathname` (a document, or its data: `….data`). */
export function pageAreaOf(pathname: string): PageArea {
  if (pathname === MANIFEST_PATH) return "any";
  return isAdminPath(pathname.replace(/\.data$/, "")) ? "admin" : "shop";
}
