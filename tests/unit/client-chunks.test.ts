import { describe, expect, it } from "vitest";
import { assignChunks, clientChunks, serverOnlyModules, type ModuleGraph } from "../../client-chunks";

const ROOT = "/repo";
const Q = "?__remix-build-client-route";

/** A module graph as Rollup reports it: absolute ids, route entries with Remix's query. */
function graph(modules: Record<string, string[]>, entries: string[]): ModuleGraph {
  const abs = (id: string) => (id.startsWith("\0") ? id : `${ROOT}/${id}`);
  const infos = new Map(Object.entries(modules).map(([id, imports]) => [abs(id), { importedIds: imports.map(abs), isEntry: entries.includes(id) }]));
  return { getModuleInfo: (id) => infos.get(id) ?? null, getModuleIds: () => infos.keys() };
}

const ENTRY = "app/entry.client.tsx";
const modules: Record<string, string[]> = {
  [ENTRY]: ["node_modules/react-dom/client.js", "node_modules/@remix-run/react/dist/esm/browser.js"],
  "node_modules/react-dom/client.js": ["\0commonjsHelpers.js"],
  "\0commonjsHelpers.js": [],
  "node_modules/@remix-run/react/dist/esm/browser.js": [],
  [`app/root.tsx${Q}`]: ["app/components/error-boundary.tsx"],
  "app/components/error-boundary.tsx": [],
  [`app/routes/_site.tsx${Q}`]: ["app/components/header.tsx", "app/components/footer.tsx"],
  "app/components/header.tsx": ["app/components/logo.tsx"],
  "app/components/footer.tsx": ["app/components/logo.tsx", "app/components/use-hydrated.ts"],
  "app/components/logo.tsx": [],
  "app/components/use-hydrated.ts": [],
  [`app/routes/admin.tsx${Q}`]: ["app/components/logo.tsx", "app/components/toaster.tsx"],
  "app/components/toaster.tsx": [],
  [`app/routes/_site.products._index.tsx${Q}`]: ["app/components/product-card.tsx", "app/components/ui/rating.tsx", "app/components/ui/pagination.tsx"],
  "app/components/product-card.tsx": ["app/lib/money.ts", "app/components/ui/picture.tsx"],
  [`app/routes/_site.products.$id.tsx${Q}`]: ["app/components/product-view.tsx", "app/components/ui/rating.tsx", "app/components/ui/picture.tsx"],
  "app/components/product-view.tsx": ["app/lib/money.ts"],
  "app/components/ui/rating.tsx": [],
  "app/lib/money.ts": [],
  "app/components/ui/picture.tsx": [],
  "app/components/ui/pagination.tsx": [],
  [`app/routes/home.tsx${Q}`]: ["app/components/footer.tsx", "app/components/ui/rating.tsx"],
  [`app/routes/admin.orders._index.tsx${Q}`]: ["app/lib/money.ts", "app/components/ui/pagination.tsx", "app/components/use-hydrated.ts"],
};
const entries = Object.keys(modules).filter((id) => id === ENTRY || id.endsWith(Q));

describe("the browser's code grouped by the layout that loads it", () => {
  const chunks = assignChunks(graph(modules, entries), ROOT);
  const chunkOf = (id: string) => chunks.get(id.startsWith("\0") ? id : `${ROOT}/${id}`);

  it("puts what every page loads (entry, root route, their imports) in the framework chunk", () => {
    expect(chunkOf(ENTRY)).toBe("framework");
    expect(chunkOf("node_modules/react-dom/client.js")).toBe("framework");
    expect(chunkOf("\0commonjsHelpers.js")).toBe("framework");
    expect(chunkOf(`app/root.tsx${Q}`)).toBe("framework");
    expect(chunkOf("app/components/error-boundary.tsx")).toBe("framework");
  });

  it("puts the shop layout's code, and what both catalogue pages import, in the shop chunk", () => {
    expect(chunkOf(`app/routes/_site.tsx${Q}`)).toBe("shop");
    expect(chunkOf("app/components/header.tsx")).toBe("shop");
    expect(chunkOf("app/components/footer.tsx")).toBe("shop"); // /home imports it too: a shop page
    expect(chunkOf("app/components/ui/rating.tsx")).toBe("shop");
  });

  it("keeps the shop's code out of the admin's pages: what both areas import goes to the framework chunk", () => {
    expect(chunkOf(`app/routes/admin.tsx${Q}`)).toBe("admin");
    expect(chunkOf("app/components/toaster.tsx")).toBe("admin");
    expect(chunkOf("app/components/logo.tsx")).toBe("framework"); // both layouts
    expect(chunkOf("app/components/use-hydrated.ts")).toBe("framework"); // shop layout and an admin page
    expect(chunkOf("app/lib/money.ts")).toBe("framework"); // both catalogue pages and an admin page
    expect(chunkOf("app/components/ui/picture.tsx")).toBe("shop"); // both catalogue pages only
  });

  it("leaves pages and what only some pages import to Rollup", () => {
    expect(chunkOf(`app/routes/_site.products._index.tsx${Q}`)).toBeUndefined();
    expect(chunkOf(`app/routes/home.tsx${Q}`)).toBeUndefined();
    expect(chunkOf("app/components/product-card.tsx")).toBeUndefined();
    expect(chunkOf("app/components/product-view.tsx")).toBeUndefined();
    expect(chunkOf("app/components/ui/pagination.tsx")).toBeUndefined();
  });

  it("answers Rollup's manualChunks calls from one assignment per build", () => {
    let reads = 0;
    const base = graph(modules, entries);
    const counting: ModuleGraph = { ...base, getModuleIds: () => (reads++, base.getModuleIds()) };
    const manualChunks = clientChunks(ROOT);
    expect(manualChunks(`${ROOT}/app/components/header.tsx`, counting)).toBe("shop");
    expect(manualChunks(`${ROOT}/app/components/product-card.tsx`, counting)).toBeUndefined();
    expect(reads).toBe(1);
  });
});

describe("server-only modules never reach the browser", () => {
  it("names the API contract's files and the database schema among a client build's modules, nothing else", () => {
    const ids = [
      `${ROOT}/app/routes/admin.products._index.tsx${Q}`,
      `${ROOT}/app/lib/api-answers.ts`,
      `${ROOT}/app/http/api/contract/orders.ts`,
      `${ROOT}/db/schema.ts`,
      `${ROOT}/node_modules/zod/lib/index.mjs`,
      "\0commonjsHelpers.js",
    ];
    expect(serverOnlyModules(ids, ROOT)).toEqual(["app/http/api/contract/orders.ts", "db/schema.ts"]);
    expect(
      serverOnlyModules(
        ids.filter((id) => !id.includes("/api/") && !id.includes("schema")),
        ROOT,
      ),
    ).toEqual([]);
  });
});
