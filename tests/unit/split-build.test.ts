import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { isApiPath } from "~/services/api-boundary.server";
import { buildWithRoutes } from "~/services/split-build.server";

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
]);

describe("one Remix handler for pages, one for the JSON API", () => {
  it("the API's URL space is /api/v1 and below, nothing that merely starts alike", () => {
    expect(["/api/v1", "/api/v1/", "/api/v1/products/7", "/api/v1/*"].every(isApiPath)).toBe(true);
    expect(["/api/docs", "/api/v10/products", "/api", "/products", "/"].some(isApiPath)).toBe(false);
  });

  it("pages keep every route but the API's, with the root and pathless layouts", () => {
    const pages = buildWithRoutes(build, (pattern) => !isApiPath(pattern));
    const kept = ["root", "routes/_site", "routes/_site._index", "routes/_site.products.$id", "routes/_site.api.docs", "routes/media.$"];
    expect(Object.keys(pages.routes).sort()).toEqual(kept.sort());
    expect(Object.keys(pages.assets.routes).sort()).toEqual(kept.sort());
  });

  it("the API keeps its routes, nested ones included, and the root they hang from", () => {
    const api = buildWithRoutes(build, isApiPath);
    const kept = ["root", "routes/api.v1.products", "routes/api.v1.products.$id", "routes/api.v1.$"];
    expect(Object.keys(api.routes).sort()).toEqual(kept.sort());
    expect(Object.keys(api.assets.routes).sort()).toEqual(kept.sort());
    expect(api.entry).toBe(build.entry);
  });
});
