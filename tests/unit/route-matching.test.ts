import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type * as Router from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * The router build the Worker bundles (CommonJS, as Remix's server runtime requires it), with the
 * shop's patch: route tables ranked once per routes array, patterns compiled once (ADR 019).
 */
const require = createRequire(import.meta.url);
const routerPath = require.resolve("@remix-run/router");
const router = require(routerPath) as typeof Router;

const routes: Router.AgnosticDataRouteObject[] = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "products", path: "products" },
      { id: "product", path: "products/:id" },
      { id: "checkout", path: "products/:id/checkout" },
      { id: "receipt", path: "profile/orders/:id/receipt.pdf" },
      { id: "not-found", path: "*" },
    ],
  },
];

const idsFor = (tree: Router.AgnosticDataRouteObject[], path: string) => router.matchRoutes(tree, path)?.map((m) => m.route.id) ?? null;

describe("route matching with ranked tables kept per routes array", () => {
  it("the installed router carries the patch (npm install applies patches/)", () => {
    expect(routerPath).toMatch(/router\.cjs\.js$/);
    expect(readFileSync(routerPath, "utf8")).toContain("rankedBranchesByRoutes");
  });

  it("matches the same table the same way every time, best-ranked route first", () => {
    for (let round = 0; round < 3; round++) {
      expect(idsFor(routes, "/")).toEqual(["root", "home"]);
      expect(idsFor(routes, "/products")).toEqual(["root", "products"]);
      expect(idsFor(routes, "/products/7")).toEqual(["root", "product"]);
      expect(idsFor(routes, "/PRODUCTS/7/checkout/")).toEqual(["root", "checkout"]);
      expect(idsFor(routes, "/profile/orders/3/receipt.pdf")).toEqual(["root", "receipt"]);
      expect(idsFor(routes, "/profile/orders/3/receiptXpdf")).toEqual(["root", "not-found"]);
      expect(idsFor(routes, "/nothing/here")).toEqual(["root", "not-found"]);
    }
    expect(router.matchRoutes(routes, "/products/42")?.[1]?.params).toEqual({ id: "42" });
    expect(router.matchRoutes(routes, "/a/b")?.[1]?.params).toEqual({ "*": "a/b" });
  });

  it("a different table of the same shape is ranked on its own", () => {
    const other: Router.AgnosticDataRouteObject[] = [{ id: "only", path: "/products/:slug" }];
    expect(idsFor(routes, "/products/x")).toEqual(["root", "product"]);
    expect(idsFor(other, "/products/x")).toEqual(["only"]);
    expect(router.matchPath({ path: "/products/:id", end: false }, "/products/9/checkout")?.params).toEqual({ id: "9" });
    expect(router.matchPath({ path: "/products/:id", end: true }, "/products/9/checkout")).toBeNull();
  });

  it("routes added to a tree after it was matched (a browser discovering routes) are matched", async () => {
    const tree: Router.AgnosticRouteObject[] = [{ id: "root", path: "/", children: [{ id: "home", index: true }] }];
    const browser = router
      .createRouter({
        routes: tree,
        history: router.createMemoryHistory(),
        patchRoutesOnNavigation: ({ path, patch }) => {
          if (path === "/late") patch("root", [{ id: "late", path: "late" }]);
        },
      })
      .initialize();
    expect(browser.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
    await browser.navigate("/late");
    expect(browser.state.matches.map((m) => m.route.id)).toEqual(["root", "late"]);
    expect(router.matchRoutes(browser.routes, "/late")?.map((m) => m.route.id)).toEqual(["root", "late"]);
    browser.dispose();
  });
});
