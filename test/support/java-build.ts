import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { startPeer } from "./child-process";
import { describeFinished, describeRunning, emptyMavenProgress, readMavenLine } from "./maven-progress";

/** The Maven project of the Java peers. */
export const PEERS_DIR = join(import.meta.dirname, "..", "peers");
const STAMP = join(PEERS_DIR, "target-stamp.txt");

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "target") return [];
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * A hash of every source and pom of the peers (the shared src/ and each module's own src/, such
 * as the route oracle's per-line DubboRouting), to skip a Maven build that would change nothing.
 */
function sourceHash(): string {
  const hash = createHash("sha256");
  for (const file of listFiles(PEERS_DIR).filter((f) => f !== STAMP).sort()) {
    hash.update(relative(PEERS_DIR, file)).update(readFileSync(file));
  }
  return hash.digest("hex");
}

/** How often a running build says what it is doing: a cold ~/.m2 takes minutes. */
const PROGRESS_EVERY_MS = 15_000;

/** Maven failed (or could not start); the message carries its error lines. */
export class MavenBuildError extends Error {
  override readonly name = "MavenBuildError";
  readonly code = "maven_build_failed";

  constructor(
    message: string,
    /** The last lines Maven printed, for a report. */
    readonly tail: readonly string[],
  ) {
    super(message);
  }
}

let building: Promise<void> | undefined;

/**
 * Builds the Java peers with Maven (dependencies from Maven Central, cached in ~/.m2 when
 * the machine keeps it) unless the last build was of the same sources. Says so in one
 * line when it builds, then every 15 s which module it is on and how much it has
 * downloaded, so a first run on a cold cache does not look hung; `log` gets those lines.
 * Calls while a build runs share it.
 */
export function ensureJavaPeersBuilt(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<void> {
  building ??= buildIfChanged(log).catch((e: unknown) => {
    building = undefined;
    throw e;
  });
  return building;
}

async function buildIfChanged(log: (line: string) => void): Promise<void> {
  const hash = sourceHash();
  const built = PEER_MODULES.every((m) => existsSync(join(PEERS_DIR, m, "target", "lib")));
  if (built && existsSync(STAMP) && readFileSync(STAMP, "utf8") === hash) return;
  log("Maven: building the Java peers (test/peers; the first time, about 100 MB of downloads into ~/.m2)");
  const started = Date.now();
  const progress = emptyMavenProgress();
  // Batch mode without -q: the per-module and per-download lines are what progress is read from.
  const maven = startPeer("maven", "mvn", ["-B", "clean", "package", "-DskipTests"], { cwd: PEERS_DIR });
  let read = 0;
  const catchUp = () => {
    for (; read < maven.lines.length; read++) readMavenLine(progress, maven.lines[read]!);
  };
  let ticks = 0;
  const ticker = setInterval(() => {
    catchUp();
    ticks++;
    log(`Maven: ${describeRunning(progress, Date.now() - started)}`);
  }, PROGRESS_EVERY_MS);
  const failedToStart = new Promise<never>((_, reject) =>
    maven.process.once("error", (e) => reject(new MavenBuildError(`could not run mvn (is Maven installed?): ${e.message}`, []))),
  );
  let code: number | null;
  try {
    code = await Promise.race([maven.exited, failedToStart]);
  } finally {
    clearInterval(ticker);
  }
  catchUp();
  if (code !== 0 || !progress.succeeded) {
    const why = progress.errors.filter((l) => l.trim() !== "").slice(0, 20);
    throw new MavenBuildError(`Maven failed (exit ${code}) building test/peers:\n${why.join("\n")}`, maven.lines.slice(-40));
  }
  // A quick build from a warm cache stays at the one line above.
  if (ticks > 0 || progress.downloads > 0) log(`Maven: ${describeFinished(progress, Date.now() - started)}`);
  writeFileSync(STAMP, hash);
}

/** The Maven modules of test/peers (test/peers/pom.xml): 2.7.7 is an older 2.7 release with a provider of its own. */
export const PEER_MODULES = ["dubbo-2.7", "dubbo-3.3", "dubbo-2.7.7", "zookeeper"] as const;

/** The classpath of one peer module: its classes and every runtime jar. */
export function classpath(module: (typeof PEER_MODULES)[number]): string {
  const dir = join(PEERS_DIR, module, "target");
  return [join(dir, "classes"), join(dir, "lib", "*")].join(":");
}

/**
 * JVM flags that keep a peer's files in `dir` (made if needed): Dubbo's registry and
 * metadata caches (user.home/.dubbo) and anything Java puts in java.io.tmpdir. Without
 * them a peer writes to the user's ~/.dubbo and /tmp, which outlive it.
 */
export function jvmStateFlags(dir: string): string[] {
  const home = join(dir, "home");
  const tmp = join(dir, "tmp");
  mkdirSync(home, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  return [`-Duser.home=${home}`, `-Djava.io.tmpdir=${tmp}`];
}

/** JVM flags that keep a peer small and quick to start on a 2-core machine. */
export const JVM_FLAGS = ["-Xms32m", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k"];
