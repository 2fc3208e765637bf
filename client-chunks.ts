/**
 * How the browser's code is cut into files (ADR 020). Rollup's default gives each set of modules that
 * the same pages share a file of its own: a first visit to /products loaded 19 files, half of them
 * under 500 bytes, and gzip compresses each file alone, so small files cost far more than their code
 * (the shop's own code was 17.6 KB gzipped file by file, 13.4 KB together). Here the code is grouped
 * by the layout that loads it: one chunk for what every page loads (React, Remix, the root route),
 * one per area (the shop's header, search and footer and what its catalogue pages share; the admin's
 * shell), and the rest, each page's own code, as Rollup cuts it. `assignChunks` gives the rules.
 */

/** The slice of Rollup's module info the rule reads. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null;
  getModuleIds(): IterableIterator<string>;
}

/** An area of the site: its layout, which pages belong to it, and the pages whose common code it carries. */
export interface ChunkArea {
  name: string;
  layout: string;
  /** Whether an entry (a file path relative to the project) is one of the area's pages. */
  owns: (file: string) => boolean;
  /** Pages whose common imports join the area's chunk (modules every one of them imports). */
  sharedBy?: readonly string[];
}

export interface ChunkPlan {
  /** What every page loads: the client entry and the root route. */
  framework: { name: string; entries: readonly string[] };
  areas: readonly ChunkArea[];
}

const isAdminEntry = (file: string) => file.startsWith("app/routes/admin");

export const CLIENT_CHUNKS: ChunkPlan = {
  framework: { name: "framework", entries: ["app/entry.client.tsx", "app/root.tsx"] },
  areas: [
    {
      name: "shop",
      layout: "app/routes/_site.tsx",
      owns: (file) => !isAdminEntry(file),
      sharedBy: ["app/routes/_site.products._index.tsx", "app/routes/_site.products.$id.tsx"],
    },
    { name: "admin", layout: "app/routes/admin.tsx", owns: isAdminEntry },
  ],
};

/** Entries are matched by path: Remix loads a route's browser code as `<file>?__remix-build-client-route`. */
function pathOf(id: string, root: string): string {
  const file = id.split("?")[0]!;
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/** Every module `id` imports, directly or not (static imports only: lazy ones stay separate). */
function importsOf(graph: ModuleGraph, id: string): Set<string> {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Which named chunk each module goes into; modules not in the map are left to Rollup. In order:
 * 1. what the client entry or the root route imports: the framework chunk;
 * 2. what an area's layout imports, or every one of its `sharedBy` pages, and only its own pages do:
 *    the area's chunk;
 * 3. what (2) would have put in an area's chunk but another area's pages import too: the framework
 *    chunk (small shared helpers: the logo, form helpers, prices), rather than a file of its own;
 * 4. anything else (a page's own code, a library a few pages use): where Rollup puts it.
 */
export function assignChunks(graph: ModuleGraph, root: string, plan: ChunkPlan = CLIENT_CHUNKS): Map<string, string> {
  const importers = new Map<string, Set<string>>();
  for (const id of graph.getModuleIds()) {
    if (!graph.getModuleInfo(id)?.isEntry) continue;
    const file = pathOf(id, root);
    for (const imported of importsOf(graph, id)) {
      if (!importers.has(imported)) importers.set(imported, new Set());
      importers.get(imported)!.add(file);
    }
  }
  const assigned = new Map<string, string>();
  // A page's own module is imported by that page alone, so no rule takes it; a layout's joins its chunk.
  for (const [id, files] of importers) {
    if (plan.framework.entries.some((file) => files.has(file))) {
      assigned.set(id, plan.framework.name);
      continue;
    }
    for (const area of plan.areas) {
      const carried = files.has(area.layout) || (area.sharedBy?.length && area.sharedBy.every((file) => files.has(file)));
      if (!carried) continue;
      assigned.set(id, [...files].every(area.owns) ? area.name : plan.framework.name);
      break;
    }
  }
  return assigned;
}

/** Rollup's `manualChunks`, computing the assignment once per build. */
export function clientChunks(root: string, plan: ChunkPlan = CLIENT_CHUNKS) {
  let assigned: Map<string, string> | undefined;
  return (id: string, graph: ModuleGraph): string | undefined => {
    assigned ??= assignChunks(graph, root, plan);
    return assigned.get(id);
  };
}

/** Server-only code that must never reach the browser: the API's contract (its answers, examples and metadata) and the database schema. */
export const SERVER_ONLY = ["app/http/api/", "db/schema"] as const;

/** The modules of a client build that are server-only (paths relative to the project). */
export function serverOnlyModules(ids: Iterable<string>, root: string): string[] {
  const prefix = `${root.replace(/\/$/, "")}/`;
  return [...ids].map((id) => (id.startsWith(prefix) ? id.slice(prefix.length) : id)).filter((file) => SERVER_ONLY.some((part) => file.startsWith(part)));
}
