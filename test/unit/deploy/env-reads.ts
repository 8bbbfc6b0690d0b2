import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The folders and files whose code runs in the console's process (and its start script). */
const CODE = ["server", "lib", "app", "scripts", "instrumentation.ts", "next.config.ts"];

/**
 * The environment variables the console's code reads, found in its source: `env.NAME`,
 * `env?.NAME`, `env["NAME"]`, and `env[CONST]` where the file says `const CONST = "NAME"`.
 * A static scan, so a test can hold deploy/ and the docs to what the code reads.
 */
export function envNamesRead(root: string): Set<string> {
  const names = new Set<string>();
  for (const file of codeFiles(root)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
    for (const m of text.matchAll(/\benv\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\]/g)) names.add(m[1]!);
    const constants = new Map([...text.matchAll(/\bconst\s+([A-Z][A-Z0-9_]*)\s*=\s*["']([A-Z][A-Z0-9_]*)["']/g)].map((m) => [m[1]!, m[2]!]));
    for (const m of text.matchAll(/\benv\[\s*([A-Z][A-Z0-9_]*)\s*\]/g)) {
      const name = constants.get(m[1]!);
      if (name) names.add(name);
    }
  }
  return names;
}

function codeFiles(root: string): string[] {
  return CODE.flatMap((entry) => {
    const path = join(root, entry);
    if (/\.[cm]?[jt]sx?$/.test(entry)) return [path];
    return readdirSync(path, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.includes("node_modules"))
      .map((f) => join(path, f));
  });
}
