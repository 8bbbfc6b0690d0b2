/**
 * The benchmarks that measure the console from outside run the built console (`next
 * start`), so they need a build of the sources they measure. This makes one when there is
 * none or when a source is newer than it, so `npm run bench` stays one command.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { startPeer } from "../test/support/child-process";

const ROOT = join(import.meta.dirname, "..");
const BUILD_ID = join(ROOT, ".next", "BUILD_ID");

/** What `next build` reads: the app's folders, and the files that configure it. */
const SOURCE_DIRS = ["app", "components", "lib", "server", "public"];
const SOURCE_FILES = ["instrumentation.ts", "proxy.ts", "next.config.ts", "postcss.config.mjs", "tsconfig.json", "package.json", "package-lock.json"];
/** The start-time checks `npm run build` compiles after `next build` (they import from the folders above too), and where. */
const START_CHECKS_SOURCES = ["scripts/start-checks.ts", "scripts/start-options.ts", "scripts/build-start-checks.mjs"];
const START_CHECKS = join(ROOT, ".next", "console-start", "start-checks.mjs");

/** `npm run build` failed; the message carries its last lines. */
export class ConsoleBuildError extends Error {
  override readonly name = "ConsoleBuildError";
  readonly code = "console_build_failed";
}

/** The most recently modified file of `names` (folders walked), with its modification time in ms. */
function newestSource(names: readonly string[] = [...SOURCE_DIRS, ...SOURCE_FILES]): { path: string; mtimeMs: number } {
  let newest = { path: "", mtimeMs: 0 };
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else if (stat.mtimeMs > newest.mtimeMs) newest = { path, mtimeMs: stat.mtimeMs };
  };
  for (const name of names) visit(join(ROOT, name));
  return newest;
}

/** Why the build must be made again, or null when `.next` is newer than every source. */
export function staleBuildReason(): string | null {
  if (!existsSync(BUILD_ID)) return "there is no build (.next/BUILD_ID is missing)";
  const newest = newestSource();
  if (newest.mtimeMs <= statSync(BUILD_ID).mtimeMs) return null;
  return `${relative(ROOT, newest.path)} is newer than the build (.next/BUILD_ID)`;
}

/** Why the compiled start-time checks must be made again (by scripts/build-start-checks.mjs alone), or null. */
function staleStartChecksReason(): string | null {
  if (!existsSync(START_CHECKS)) return `${relative(ROOT, START_CHECKS)} is missing`;
  const newest = newestSource(START_CHECKS_SOURCES);
  return newest.mtimeMs <= statSync(START_CHECKS).mtimeMs ? null : `${relative(ROOT, newest.path)} is newer than ${relative(ROOT, START_CHECKS)}`;
}

/**
 * Runs `npm run build` when {@link staleBuildReason} gives a reason, saying so in one line
 * through `log` first (it takes about 2 minutes); its own output is kept, and shown only
 * if it fails (as a {@link ConsoleBuildError}). When only the start-time checks' own
 * files are newer than their compiled module, it compiles just those (a second).
 */
export async function ensureConsoleBuilt(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<void> {
  const reason = staleBuildReason();
  if (reason === null) {
    const checks = staleStartChecksReason();
    if (checks === null) return;
    log(`console: ${checks}; compiling the start-time checks (scripts/build-start-checks.mjs)`);
    const compile = startPeer("start checks", process.execPath, [join(ROOT, "scripts", "build-start-checks.mjs")], { cwd: ROOT });
    const code = await compile.exited;
    if (code !== 0) throw new ConsoleBuildError(`scripts/build-start-checks.mjs exited with ${code}:\n${compile.lines.slice(-30).join("\n")}`);
    return;
  }
  log(`console: ${reason}; running npm run build first (a minute or two)`);
  const started = Date.now();
  const build = startPeer("next build", "npm", ["run", "build"], { cwd: ROOT });
  const code = await build.exited;
  if (code !== 0) throw new ConsoleBuildError(`npm run build exited with ${code}:\n${build.lines.slice(-30).join("\n")}`);
  log(`console: built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
