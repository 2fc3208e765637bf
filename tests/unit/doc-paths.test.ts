import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments and docs name real files: a backticked token that begins with one of the repository's
 * folders (`app/…`, `db/…`, `docs/…`, `tests/…`, `scripts/…`, `bench/…`, `migrations/…`) or names a
 * root file must exist. (A pointer to a file that moved or never existed sends a newcomer nowhere.)
 */
const ROOT = join(import.meta.dirname, "../..");
const FOLDERS = ["app", "db", "docs", "tests", "scripts", "bench", "migrations"];
const SCANNED = ["app", "db", "docs", "tests", "scripts", "bench", ".ci"];
const ROOT_FILES = readdirSync(ROOT).filter((name) => !name.startsWith(".") && statSync(join(ROOT, name)).isFile());
const TEXT = /\.(ts|tsx|mjs|js|md|sql|toml|css)$/;
const SKIPPED = /(^|\/)(node_modules|build|\.wrangler|\.cache|media|meta)(\/|$)/;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (SKIPPED.test(path)) return [];
    if (entry.isDirectory()) return files(path);
    return TEXT.test(entry.name) ? [path] : [];
  });
}

/** The path a token names, or null when it is not a path of the repository (a URL, a route, a pattern). */
export function pathOf(token: string): string | null {
  // What follows the path: a line (`file.ts:12`), a symbol (`file.ts#name`), words after a space.
  let path = token
    .split(/\s/)[0]!
    .replace(/[:#].*$/, "")
    .replace(/[.,;)]+$/, "");
  const head = path.split("/")[0]!;
  if (path.includes("/")) {
    if (!FOLDERS.includes(head)) return null;
  } else if (!ROOT_FILES.includes(path) && !/^[A-Z][A-Z0-9_-]*\.md$/.test(path)) {
    // A bare name is a root file's (README.md, wrangler.toml): an upper-case document name claims to be one.
    return null;
  }
  // A pattern or a placeholder names many files: its fixed part must exist.
  const wild = path.search(/[*{}<>…$[]|\.\.\./);
  if (wild >= 0) path = path.slice(0, path.lastIndexOf("/", wild) + 1);
  return path.replace(/\/$/, "") || null;
}

describe("paths named in comments and docs", () => {
  const sources = [...SCANNED.flatMap((dir) => (existsSync(join(ROOT, dir)) ? files(dir) : [])), ...ROOT_FILES.filter((f) => TEXT.test(f))];

  it("every backticked repository path exists", () => {
    const missing: string[] = [];
    for (const file of sources) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const match of text.matchAll(/`([^`\n]{2,200})`/g)) {
        const path = pathOf(match[1]!);
        if (path && !existsSync(join(ROOT, path))) missing.push(`${relative(ROOT, join(ROOT, file))}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("reads a token as the path it names", () => {
    expect(pathOf("app/http/api/contract.ts")).toBe("app/http/api/contract.ts");
    expect(pathOf("app/domain/orders/fulfilment.server.ts:120")).toBe("app/domain/orders/fulfilment.server.ts");
    expect(pathOf("migrations/0034_*.sql")).toBe("migrations");
    expect(pathOf("tests/e2e/{name}.spec.ts")).toBe("tests/e2e");
    expect(pathOf("server.ts")).toBe("server.ts");
    expect(pathOf("DESIGN.md")).toBe("DESIGN.md");
    expect(pathOf("fulfilment.server.ts")).toBeNull();
    expect(pathOf("/api/v1/orders")).toBeNull();
    expect(pathOf("orders/{id}/refund")).toBeNull();
  });
});
