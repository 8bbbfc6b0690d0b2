/**
 * `npm run bench`: every benchmark, printed as figures and ratios against a real peer
 * measured in the same run. BENCH_SERVICES (default 2000) and BENCH_ROUNDS (default 5).
 */
import { ensureJavaPeersBuilt } from "../test/support/java-build";
import { killAllPeers } from "../test/support/child-process";
import { benchRegistrySync } from "./registry-sync";

async function main(): Promise<void> {
  await ensureJavaPeersBuilt();
  const services = Number(process.env.BENCH_SERVICES ?? 2000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  for (const line of await benchRegistrySync(services, rounds)) process.stdout.write(`${line}\n`);
}

main()
  .then(() => process.exit(0))
  .catch((e: unknown) => {
    process.stderr.write(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    killAllPeers();
    process.exit(1);
  });
