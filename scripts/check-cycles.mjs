/**
 * The lint's cycle check (`npm run lint`): fails on any import cycle among the console's
 * modules, or on an import it cannot follow, since a cycle could hide behind it.
 *
 * madge's API rather than its command line, to leave stylesheets out of the graph: the
 * command line follows app/layout.tsx into globals.css, cannot resolve its
 * `@import "tailwindcss"`, and so printed a warning on every passing run.
 */
import madge from "madge";

const ROOTS = ["app", "components", "lib", "server", "instrumentation.ts", "proxy.ts"];

const result = await madge(ROOTS, {
  fileExtensions: ["ts", "tsx"],
  tsConfig: "tsconfig.json",
  dependencyFilter: (path) => !path.endsWith(".css"),
});
const cycles = result.circular();
const { skipped } = result.warnings();
for (const cycle of cycles) process.stderr.write(`import cycle: ${[...cycle, cycle[0]].join(" -> ")}\n`);
for (const path of skipped) process.stderr.write(`cannot follow the import of ${path}\n`);
if (cycles.length > 0 || skipped.length > 0) process.exit(1);
process.stdout.write(`No import cycles among ${Object.keys(result.obj()).length} modules.\n`);
