import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPeer } from "./child-process";
import type { ConfigCase, ConfigOracle, ConfigOracleLine } from "./config-oracle";
import { dubboFlags } from "./dubbo-peers";
import { classpath, ensureJavaPeersBuilt, jvmStateFlags } from "./java-build";
import { orphanReaper } from "./orphan-reaper";

/**
 * The override preview's oracle: a consumer's view of its providers under the configurators,
 * computed by the real Java classes (test/peers DubboConsumerView: ZookeeperRegistry's
 * UrlUtils.isMatch and RegistryDirectory's category filters on the registry's URLs, the
 * config-center rules, then 2.7.23's ClusterUtils.mergeUrl + overrideWithConfigurator or
 * 3.3.6's DubboServiceAddressURL with its override URL; toInvokers' disabled/enabled;
 * AbstractLoadBalance.getWeight). Asked through the configurator oracle's JVM (config-oracle.ts).
 */
export interface ViewCase extends ConfigCase {
  readonly view: true;
  /** The parameters to report per provider. */
  readonly keys: readonly string[];
}

/** One provider as the Java consumer holds it. */
export interface JavaProviderView {
  readonly values: Readonly<Record<string, string | null>>;
  readonly usable: boolean;
  /** getWeight for a call of a method without its own weight; -1 where it throws. */
  readonly weight: number;
}

export type ViewAnswer =
  | { readonly ok: true; readonly now: number; readonly localHost: string; readonly view: readonly JavaProviderView[] }
  | { readonly ok: false; readonly rule: "app" | "service"; readonly error: string };

/** Asks the oracle for the views of `cases`, in order. */
export async function askViews(oracle: ConfigOracle, cases: readonly ViewCase[]): Promise<ViewAnswer[]> {
  return (await oracle.ask(cases)) as unknown as ViewAnswer[];
}

/** One round of the Java view benchmark: every case's view, timed. */
export interface JavaViewTiming {
  readonly micros: number;
  readonly checksum: number;
}

/** Production-like flags for timing: the full JIT, room for every consumer's own 10,000 parsed providers (60 cases of them). */
const BENCH_FLAGS = ["-Xmx6g"];

/**
 * Times `rounds` rounds of the Java consumers' views of `cases` (ConfigViewBench: URLs parsed
 * once, 3 s of JIT warm-up, then each round configures every provider for every case) in a
 * JVM of its own.
 */
export async function benchJavaViews(line: ConfigOracleLine, cases: readonly ViewCase[], rounds: number): Promise<JavaViewTiming[]> {
  await ensureJavaPeersBuilt();
  const dubbo = line === "2.7" ? "2.7" : "3.3";
  const dir = mkdtempSync(join(tmpdir(), "config-view-bench-"));
  orphanReaper().removeDirOnDeath(dir);
  try {
    const file = join(dir, "cases.jsonl");
    writeFileSync(file, cases.map((c, id) => JSON.stringify({ id, ...c })).join("\n") + "\n");
    const args = [...BENCH_FLAGS, ...jvmStateFlags(dir), ...dubboFlags(dubbo), "-Dorg.slf4j.simpleLogger.defaultLogLevel=off", "-cp", classpath(dubbo === "2.7" ? "dubbo-2.7" : "dubbo-3.3"), "io.dubboconsole.demo.oracle.ConfigViewBench", file, String(rounds)];
    const peer = startPeer(`config-view-bench-${line}`, "java", args);
    const code = await peer.exited;
    if (code !== 0) throw new Error(`the ${line} config view benchmark exited with ${code}:\n${peer.lines.slice(-20).join("\n")}`);
    return peer.lines.flatMap((l) => {
      const m = /^VIEW micros=(\d+) checksum=(-?\d+)$/.exec(l);
      return m === null ? [] : [{ micros: Number(m[1]), checksum: Number(m[2]) }];
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    orphanReaper().keepDir(dir);
  }
}
