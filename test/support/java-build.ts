import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

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

/** A hash of every source and pom of the peers, to skip a Maven build that would change nothing. */
function sourceHash(): string {
  const hash = createHash("sha256");
  for (const file of listFiles(PEERS_DIR).filter((f) => f !== STAMP).sort()) {
    hash.update(relative(PEERS_DIR, file)).update(readFileSync(file));
  }
  return hash.digest("hex");
}

/**
 * Builds the Java peers with Maven (dependencies from Maven Central, cached in ~/.m2 when
 * the machine keeps it) unless the last build was of the same sources.
 */
export function ensureJavaPeersBuilt(): void {
  const hash = sourceHash();
  const built = ["dubbo-2.7", "dubbo-3.3", "zookeeper"].every((m) => existsSync(join(PEERS_DIR, m, "target", "lib")));
  if (built && existsSync(STAMP) && readFileSync(STAMP, "utf8") === hash) return;
  execFileSync("mvn", ["-B", "-q", "clean", "package", "-DskipTests"], { cwd: PEERS_DIR, stdio: "inherit" });
  writeFileSync(STAMP, hash);
}

/** The classpath of one peer module: its classes and every runtime jar. */
export function classpath(module: "dubbo-2.7" | "dubbo-3.3" | "zookeeper"): string {
  const dir = join(PEERS_DIR, module, "target");
  return [join(dir, "classes"), join(dir, "lib", "*")].join(":");
}

/** JVM flags that keep a peer small and quick to start on a 2-core machine. */
export const JVM_FLAGS = ["-Xms32m", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k"];
