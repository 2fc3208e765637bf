import type { ServerBuild } from "@remix-run/cloudflare";

/**
 * Remix matches each request against every route it knows, and does so several times per request
 * (the server's match, the data router's, the render's, the manifest for the browser), trying the
 * routes in rank order until one matches: a fifth of the CPU a page cost (docs/perf.md). The JSON
 * API's routes were two fifths of the tree and the admin area's are a third of the rest, and a
 * page of the shop can never match one of either; nor can /products/1 match a route under
 * /profile. So the Worker hands each request to a Remix handler that knows only the routes it can
 * match (server.ts): the API, and for pages one handler per first segment of the URL (`products`,
 * `profile`, `admin`, …), and for the browser's route discovery (`/__manifest`, which asks about
 * any link on a page) every page route.
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

/** The handler of route discovery, which knows every page route. */
const EVERY_PAGE = "/__manifest";

/** A URL pattern's first segment, lower-cased as Remix matches; null when it can be any (a parameter, a splat, an optional segment). */
export function patternSegment(pattern: string): string | null {
  const first = pattern.split("/").find(Boolean) ?? "";
  return first.startsWith(":") || first.startsWith("*") || first.endsWith("?") ? null : first.toLowerCase();
}

/** A request path's first segment as a pattern's would read it: decoded, lower-cased, `.data` (single fetch) left off. */
export function pathSegment(pathname: string): string {
  const first =
    pathname
      .replace(/\.data$/, "")
      .split("/")
      .find(Boolean) ?? "";
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}

/**
 * Which routes the handler for `key` knows: route discovery every page route; otherwise the routes
 * whose pattern starts with that segment, and those that can start with any or are the site's root
 * (`/`, the catch-all `/*`). So the admin area (`admin`) has its own, and an unknown path (key `""`)
 * still gets the site's 404 page.
 */
export function pageRoutesFor(key: string): (pattern: string) => boolean {
  if (key === EVERY_PAGE) return (pattern) => !isApiPath(pattern);
  return (pattern) => {
    if (isApiPath(pattern)) return false;
    const segment = patternSegment(pattern);
    return segment === null || segment === "" || segment === key;
  };
}

/**
 * The page handlers, one per first segment of the build's page routes (`/products/1` and
 * `/products` share one, the admin area has one), made on first use: `handlerFor(pathname)` picks
 * the one for a page request (a document, or its data: `….data`). A path whose first segment no
 * route has goes to the root's, so the handlers are as many as the segments, whatever is asked.
 */
export function pageHandlers<H>(build: ServerBuild, create: (build: ServerBuild) => H): (pathname: string) => H {
  const segments = new Set<string>();
  for (const id of Object.keys(build.routes)) {
    const pattern = fullPath(build.routes, id);
    const segment = isApiPath(pattern) ? null : patternSegment(pattern);
    if (segment) segments.add(segment);
  }
  const handlers = new Map<string, H>();
  return (pathname) => {
    const segment = pathSegment(pathname);
    const key = pathname === MANIFEST_PATH ? EVERY_PAGE : segments.has(segment) ? segment : "";
    let handler = handlers.get(key);
    if (!handler) {
      handler = create(buildWithRoutes(build, pageRoutesFor(key)));
      handlers.set(key, handler);
    }
    return handler;
  };
}
