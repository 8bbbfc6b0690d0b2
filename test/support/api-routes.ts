import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * Every API route file under app/api, read from the files themselves so that a new route
 * cannot be missed by the tests that walk them (the fuzz tests): its URL path, the methods
 * its `endpoint({...})` implements, and the zod schemas its handlers parse the body and the
 * query with (`parseJsonBody(request, X)`, `parseQuery(request, X)`), with the module each
 * schema is imported from.
 */

const ROOT = join(import.meta.dirname, "..", "..");
const API = join(ROOT, "app", "api");

/** A schema a handler parses input with, and where it is imported from (`@/lib/api/routes`). */
export interface SchemaRef {
  readonly name: string;
  readonly module: string;
}

/** One route file. */
export interface ApiRouteFile {
  /** Relative to the repository: `app/api/v1/routes/[id]/route.ts`. */
  readonly file: string;
  /** The URL path, dynamic segments kept as written: `/api/v1/routes/[id]`. */
  readonly path: string;
  /** Whether a segment is dynamic (`[id]`) or a catch-all (`[[...path]]`). */
  readonly dynamic: boolean;
  readonly catchAll: boolean;
  /** The methods its endpoint implements (GET, POST, PUT, PATCH, DELETE); empty for the catch-all. */
  readonly methods: readonly string[];
  readonly bodySchemas: readonly SchemaRef[];
  readonly querySchemas: readonly SchemaRef[];
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith("_") ? [] : routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

function schemaRefs(source: string, call: "parseJsonBody" | "parseQuery"): SchemaRef[] {
  const names = [...source.matchAll(new RegExp(`${call}\\(request, (\\w+)\\)`, "g"))].map((m) => m[1]!);
  return [...new Set(names)].map((name) => {
    const imported = [...source.matchAll(/import \{([^}]*)\} from "([^"]+)";/g)].find((m) => m[1]!.split(",").some((n) => n.trim().replace(/^type /, "") === name));
    if (!imported) throw new Error(`cannot find where ${name} is imported from`);
    return { name, module: imported[2]! };
  });
}

/** Every route file under app/api, sorted by path. */
export function apiRouteFiles(): ApiRouteFile[] {
  return routeFiles(API)
    .map((full): ApiRouteFile => {
      const source = readFileSync(full, "utf8");
      const dir = relative(API, join(full, "..")).split(sep).filter((s) => s !== "");
      const body = /endpoint\(\{([\s\S]*)\}\);/.exec(source)?.[1] ?? "";
      return {
        file: relative(ROOT, full).split(sep).join("/"),
        path: `/api${dir.length > 0 ? `/${dir.join("/")}` : ""}`,
        dynamic: dir.some((s) => /^\[[^.[\]]+\]$/.test(s)),
        catchAll: dir.some((s) => s.startsWith("[[...") || s.startsWith("[...")),
        methods: [...body.matchAll(/^ {2}(GET|POST|PUT|PATCH|DELETE):/gm)].map((m) => m[1]!),
        bodySchemas: schemaRefs(source, "parseJsonBody"),
        querySchemas: schemaRefs(source, "parseQuery"),
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
