/**
 * How fast GET /api/v1/services searches a large registry, measured from outside over HTTP
 * against `next start` (run `npm run build` first), as a page would ask.
 *
 * A real ZooKeeper server is filled with N services of 20 providers and 5 consumers each
 * (bench/populate.ts), the built console is started against it, and once it lists every
 * service, each search below is asked ROUNDS times, one request at a time. Prints the
 * median and p95 per search and over all of them.
 *
 *   npx tsx bench/catalog-search.ts            # BENCH_SERVICES=2000, BENCH_ROUNDS=200
 *   BENCH_SERVICES=10000 npx tsx bench/catalog-search.ts
 *   BENCH_ENCODING=identity npx tsx bench/catalog-search.ts   # without gzip
 */
import { killAllPeers } from "../test/support/child-process";
import { type ConsoleHandle, startConsole } from "../test/support/console-server";
import { waitFor } from "../test/support/wait-for";
import { startZooKeeper } from "../test/support/zookeeper";
import { populateRegistry } from "./populate";

const SHAPE = { providersPerService: 20, consumersPerService: 5 };

/** What a page asks: a filter as the operator types, by each mode, and a first page of everything. */
function searches(services: number): [string, string][] {
  const some = Math.floor(services / 3);
  return [
    ["service substring", `q=service${some}&by=service`],
    ["service glob", `q=com.bench.domain1*.Service1*&by=service`],
    ["application", `q=bench-app-7&by=application`],
    ["address host", `q=127.0.3.9&by=address`],
    ["any (no by)", `q=Service${some}`],
    ["first 100, no q", `limit=100`],
    ["no match", `q=nothing-like-this`],
  ];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** BENCH_ENCODING=identity asks for uncompressed answers; by default fetch asks for gzip, as a browser does. */
const HEADERS: Record<string, string> = process.env.BENCH_ENCODING ? { "accept-encoding": process.env.BENCH_ENCODING } : {};

async function timeGet(url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { headers: HEADERS });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t;
}

export async function benchCatalogSearch(services: number, rounds: number): Promise<string[]> {
  const zk = await startZooKeeper();
  let server: ConsoleHandle | undefined;
  try {
    const urls = await populateRegistry(zk.connectString, { services, ...SHAPE });
    server = await startConsole({ DUBBO_REGISTRY: zk.dubboAddress, LOG_LEVEL: "warn" });
    const base = server.url;
    await waitFor(
      "the console to list every service",
      async () => ((await (await fetch(`${base}/api/v1/services?limit=1`)).json()) as { total?: number }).total === services,
      300_000,
    );
    const encoding = HEADERS["accept-encoding"] ?? "gzip, deflate";
    const lines = [`catalog-search: ${services} services, ${urls} URLs, ${rounds} requests per search over HTTP (next start), accept-encoding ${encoding}`];
    const all: number[] = [];
    for (const [name, query] of searches(services)) {
      const url = `${base}/api/v1/services?${query}`;
      for (let i = 0; i < 10; i++) await timeGet(url); // warm-up: JIT, first compile of the route
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) times.push(await timeGet(url));
      times.sort((a, b) => a - b);
      all.push(...times);
      lines.push(`  ${name.padEnd(18)}: median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`);
    }
    all.sort((a, b) => a - b);
    lines.push(`  all searches      : median ${percentile(all, 50).toFixed(2)} ms, p95 ${percentile(all, 95).toFixed(2)} ms`);
    return lines;
  } finally {
    await server?.stop();
    await zk.stop();
  }
}

if (process.argv[1]?.endsWith("catalog-search.ts")) {
  benchCatalogSearch(Number(process.env.BENCH_SERVICES ?? 2000), Number(process.env.BENCH_ROUNDS ?? 200))
    .then((lines) => {
      for (const line of lines) process.stdout.write(`${line}\n`);
      process.exit(0);
    })
    .catch((e: unknown) => {
      process.stderr.write(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      killAllPeers();
      process.exit(1);
    });
}
