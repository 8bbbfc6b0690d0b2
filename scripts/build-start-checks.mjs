/**
 * The second half of `npm run build` (after `next build`): compiles scripts/start-checks.ts
 * and the sources it imports into one ES module, `.next/console-start/start-checks.mjs`,
 * which scripts/start.mjs imports. Packages stay imports of node_modules (`zod` and the
 * like, resolved at run time as the server resolves them); the `@/` paths of tsconfig.json
 * are followed. It runs after `next build`, which empties `.next` first.
 */
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: ["scripts/start-checks.ts"],
  outfile: ".next/console-start/start-checks.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: "linked",
  logLevel: "warning",
});
