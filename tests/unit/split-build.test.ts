import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { isApiPath } from "~/edge/api-boundary.server";
import { buildWithRoutes, isAdminPath, PAGE_AREAS, pageAreaOf } from "~/platform/split-build.server";

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

describe("one Remix handler for pages, one for the JSON API", () => {
  it("the API's URL space is /api/v1 and below, nothing that merely starts alike", () => {
    expect(["/api/v1", "/api/v1/", "/api/v1/products/7", "/api/v1/*"].every(isApiPath)).toBe(true);
    expect(["/api/docs", "/api/v10/products", "/api", "/products", "/"].some(isApiPath)).toBe(false);
  });

  const shopRoutes = [
    "root",
    "routes/_site",
    "routes/_site._index",
    "routes/_site.products.$id",
    "routes/_site.api.docs",
    "routes/media.$",
    "routes/_site.$",
    "routes/administrators",
  ];
  const adminRoutes = ["root", "routes/admin", "routes/admin.orders._index", "routes/admin_.login"];

  it("the shop's pages keep every route but the API's and the admin area's, with the root and pathless layouts", () => {
    const shop = buildWithRoutes(build, PAGE_AREAS.shop);
    expect(Object.keys(shop.routes).sort()).toEqual([...shopRoutes].sort());
    expect(Object.keys(shop.assets.routes).sort()).toEqual([...shopRoutes].sort());
  });

  it("the admin area keeps its routes and the site's catch-all (its 404 page), with the layouts it hangs from", () => {
    const admin = buildWithRoutes(build, PAGE_AREAS.admin);
    const kept = [...adminRoutes, "routes/_site", "routes/_site.$"];
    expect(Object.keys(admin.routes).sort()).toEqual(kept.sort());
    expect(Object.keys(admin.assets.routes).sort()).toEqual(kept.sort());
  });

  it("route discovery knows every page route, none of the API's", () => {
    const any = buildWithRoutes(build, PAGE_AREAS.any);
    expect(Object.keys(any.routes).sort()).toEqual([...new Set([...shopRoutes, ...adminRoutes])].sort());
  });

  it("a page request goes to its area's handler: documents, their data and route discovery", () => {
    const areas = (paths: string[]) => paths.map(pageAreaOf);
    expect(areas(["/admin", "/admin/", "/admin/orders", "/admin/orders.data", "/admin.data", "/admin/login"])).toEqual(Array(6).fill("admin"));
    expect(areas(["/", "/_root.data", "/products/1", "/products/1.data", "/administrators", "/adminx.data", "/api/docs"])).toEqual(Array(7).fill("shop"));
    expect(pageAreaOf("/__manifest")).toBe("any");
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
