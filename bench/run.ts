/**
 * `npm run bench`: every benchmark, printed as figures and ratios against a real peer
 * measured in the same run. BENCH_SERVICES (default 2000) and BENCH_ROUNDS (default 5).
 * `npm run bench -- cache` runs only the benchmarks whose name contains "cache".
 */
import { ensureJavaPeersBuilt } from "../test/support/java-build";
import { killAllPeers } from "../test/support/child-process";
import { benchRegistryCache } from "./registry-cache";
import { benchRegistrySync } from "./registry-sync";

async function main(): Promise<void> {
  await ensureJavaPeersBuilt();
  const services = Number(process.env.BENCH_SERVICES ?? 2000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const benches: [string, () => Promise<string[]>][] = [
    ["registry-sync", () => benchRegistrySync(services, rounds)],
    ["registry-cache", () => benchRegistryCache(services, rounds)],
  ];
  const only = process.argv[2];
  for (const [name, run] of benches) {
    if (only && !name.includes(only)) continue;
    for (const line of await run()) process.stdout.write(`${line}\n`);
  }
}

main()
  .then(() => process.exit(0))
  .catch((e: unknown) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    killAllPeers();
    process.exit(1);
  });
