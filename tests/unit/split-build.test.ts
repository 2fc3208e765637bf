import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { isApiPath } from "~/edge/api-boundary.server";
import { buildWithRoutes, isAdminPath, pageHandlers, pageRoutesFor, pathSegment, patternSegment } from "~/platform/split-build.server";

/** A build's route tables as Remix writes them: flat, each route naming its parent. */
function fakeBuild(routes: { id: string; parentId?: string; path?: string; index?: boolean }[]): ServerBuild {
  const manifest = Object.fromEntries(routes.map((r) => [r.id, { ...r, module: {} }]));
  const assets = Object.fromEntries(routes.map((r) => [r.id, { ...r, module: `/assets/${r.id}.js` }]));
  return { routes: manifest, assets: { routes: assets }, entry: {} } as unknown as ServerBuild;
}

const build = fakeBuild([
  { id: "root", path: "" },
  { id: "routes/_site", parentId: "root" },
  { id: "routes/_site._index", parentId: "routes/_site", index: true },
  { id: "routes/_site.products.$id", parentId: "routes/_site", path: "products/:id" },
  { id: "routes/_site.api.docs", parentId: "routes/_site", path: "api/docs" },
  { id: "routes/api.v1.products", parentId: "root", path: "api/v1/products" },
  { id: "routes/api.v1.products.$id", parentId: "routes/api.v1.products", path: ":id" },
  { id: "routes/api.v1.$", parentId: "root", path: "api/v1/*" },
  { id: "routes/media.$", parentId: "root", path: "media/*" },
  { id: "routes/_site.$", parentId: "routes/_site", path: "*" },
  { id: "routes/admin", parentId: "root", path: "admin" },
  { id: "routes/admin.orders._index", parentId: "routes/admin", path: "orders" },
  { id: "routes/admin_.login", parentId: "root", path: "admin/login" },
  { id: "routes/administrators", parentId: "routes/_site", path: "administrators" },
]);

describe("Remix handlers with only the routes a request can match", () => {
  it("the API's URL space is /api/v1 and below, nothing that merely starts alike", () => {
    expect(["/api/v1", "/api/v1/", "/api/v1/products/7", "/api/v1/*"].every(isApiPath)).toBe(true);
    expect(["/api/docs", "/api/v10/products", "/api", "/products", "/"].some(isApiPath)).toBe(false);
  });

  const ids = (kept: ServerBuild) => Object.keys(kept.routes).sort();
  /** What every page handler keeps: the root and pathless layouts, the site's index and its catch-all (the 404 page). */
  const always = ["root", "routes/_site", "routes/_site._index", "routes/_site.$"];

  it("a page handler keeps the routes of its first segment, the layouts they hang from, the site's index and its catch-all", () => {
    const products = buildWithRoutes(build, pageRoutesFor("products"));
    expect(ids(products)).toEqual([...always, "routes/_site.products.$id"].sort());
    expect(Object.keys(products.assets.routes).sort()).toEqual(ids(products));
    expect(ids(buildWithRoutes(build, pageRoutesFor("media")))).toEqual([...always, "routes/media.$"].sort());
    // "api/docs" is a page, not the JSON API
    expect(ids(buildWithRoutes(build, pageRoutesFor("api")))).toEqual([...always, "routes/_site.api.docs"].sort());
  });

  it("the admin area's handler keeps its routes, not a route that merely starts alike", () => {
    const admin = buildWithRoutes(build, pageRoutesFor("admin"));
    expect(ids(admin)).toEqual([...always, "routes/admin", "routes/admin.orders._index", "routes/admin_.login"].sort());
  });

  it("route discovery knows every page route, none of the API's", () => {
    const any = buildWithRoutes(build, pageRoutesFor("/__manifest"));
    expect(ids(any)).toEqual(
      [
        ...always,
        "routes/_site.products.$id",
        "routes/_site.api.docs",
        "routes/media.$",
        "routes/admin",
        "routes/admin.orders._index",
        "routes/admin_.login",
        "routes/administrators",
      ].sort(),
    );
  });

  it("segments are read as Remix matches: case-insensitive, decoded, parameters and splats match any", () => {
    expect(patternSegment("/products/:id")).toBe("products");
    expect(patternSegment("/Admin/login")).toBe("admin");
    expect(patternSegment("/")).toBe("");
    expect([patternSegment("/*"), patternSegment("/:lang/about"), patternSegment("/(en)?/about")]).toEqual([null, null, null]);
    expect(pathSegment("/products/1.data")).toBe("products");
    expect(pathSegment("/PRODUCTS/1")).toBe("products");
    expect(pathSegment("/%70roducts/1")).toBe("products");
    expect(pathSegment("//products")).toBe("products");
    expect(pathSegment("/%E0%A4%A/x")).toBe("%e0%a4%a");
    expect(pathSegment("/_root.data")).toBe("_root");
    expect(pathSegment("/")).toBe("");
  });

  it("a page request goes to its segment's handler, made once; unknown segments share the root's; route discovery has its own", () => {
    const made: string[][] = [];
    const handlerFor = pageHandlers(build, (kept) => {
      made.push(ids(kept));
      return made.length;
    });
    const handler = (paths: string[]) => paths.map(handlerFor);
    const products = handlerFor("/products/1");
    expect(handler(["/products/1", "/products/1.data", "/Products/2"])).toEqual([products, products, products]);
    const admin = handlerFor("/admin/orders");
    expect(handler(["/admin", "/admin/", "/admin/orders.data", "/admin.data", "/admin/login"])).toEqual(Array(5).fill(admin));
    const root = handlerFor("/");
    expect(handler(["/_root.data", "/no-such-page", "/adminx.data", "/x".repeat(50)])).toEqual(Array(4).fill(root));
    expect(made[root - 1]).toEqual([...always].sort());
    expect(handlerFor("/administrators")).not.toBe(admin);
    const discovery = handlerFor("/__manifest");
    expect(made[discovery - 1]).toContain("routes/admin");
    expect(made[discovery - 1]).toContain("routes/_site.products.$id");
    expect(made).toHaveLength(5);
    expect(["/admin", "/admin/orders/7"].every(isAdminPath)).toBe(true);
    expect(["/administrators", "/profile/admin", "/"].some(isAdminPath)).toBe(false);
  });

  it("the API keeps its routes, nested ones included, and the root they hang from", () => {
    const api = buildWithRoutes(build, isApiPath);
    const kept = ["root", "routes/api.v1.products", "routes/api.v1.products.$id", "routes/api.v1.$"];
    expect(Object.keys(api.routes).sort()).toEqual(kept.sort());
    expect(Object.keys(api.assets.routes).sort()).toEqual(kept.sort());
    expect(api.entry).toBe(build.entry);
  });
});
