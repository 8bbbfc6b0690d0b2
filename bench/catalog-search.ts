/**
 * How fast GET /api/v1/services searches a large registry, measured from outside over HTTP
 * against `next start`, as a page would ask: {@link measureSearches} against a running
 * console, which registry-bench.ts calls on the registry it fills (bench/registry-urls.ts).
 * Each search is asked `rounds` times, one request at a time, after 10 not counted; the
 * median and p95 per search and over all of them. Every search but the last must find
 * something, so a change of the registry's shape cannot leave them measuring nothing.
 *
 * On its own (`npm run build` first), it fills a ZooKeeper of its own and measures only this:
 *
 *   npx tsx bench/catalog-search.ts            # BENCH_SERVICES=2000, BENCH_ROUNDS=200
 *   BENCH_ENCODING=identity npx tsx bench/catalog-search.ts   # without gzip
 */
import { killAllPeers } from "../test/support/child-process";
import { type ConsoleHandle, startConsole } from "../test/support/console-server";
import { waitFor } from "../test/support/wait-for";
import { startZooKeeper } from "../test/support/zookeeper";
import { quantile } from "./bench-process";
import { populateRegistry } from "./populate";
import { providerUrl, serviceInterface } from "./registry-urls";

/** One search's figures. */
export interface SearchTimes {
  readonly name: string;
  /** How many services it finds (`total`). */
  readonly found: number;
  readonly medianMs: number;
  readonly p95Ms: number;
}

export interface SearchFigures {
  readonly rounds: number;
  readonly encoding: string;
  readonly searches: readonly SearchTimes[];
  /** Over every request of every search. */
  readonly all: { readonly medianMs: number; readonly p95Ms: number };
}

/** What a page asks: a filter as the operator types, by each mode, and a first page of everything (registry-urls.ts's names). */
function searches(services: number): [string, string][] {
  const some = serviceInterface(Math.floor(services / 3)).split(".").at(-1)!;
  const host = /\/\/([^:/]+)/.exec(providerUrl(Math.floor(services / 3), 0))![1]!;
  return [
    ["service substring", `q=${some}&by=service`],
    ["service glob", `q=com.example.domain1*.service.OrderService1*&by=service`],
    ["application", `q=order-service-7&by=application`],
    ["address host", `q=${host}&by=address`],
    ["any (no by)", `q=${some.toLowerCase()}`],
    ["first 100, no q", `limit=100`],
    ["no match", `q=nothing-like-this`],
  ];
}

/** BENCH_ENCODING=identity asks for uncompressed answers; by default fetch asks for gzip, as a browser does. */
const HEADERS: Record<string, string> = process.env.BENCH_ENCODING ? { "accept-encoding": process.env.BENCH_ENCODING } : {};

async function timeGet(url: string): Promise<{ ms: number; found: number }> {
  const t = performance.now();
  const res = await fetch(url, { headers: HEADERS });
  const body = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
  return { ms, found: (JSON.parse(body) as { total: number }).total };
}

/** Times each search against the console at `base`, which lists `services` services. */
export async function measureSearches(base: string, services: number, rounds: number): Promise<SearchFigures> {
  const all: number[] = [];
  const times: SearchTimes[] = [];
  for (const [name, query] of searches(services)) {
    const url = `${base}/api/v1/services?${query}`;
    let found = 0;
    for (let i = 0; i < 10; i++) found = (await timeGet(url)).found; // warm-up: JIT, first compile of the route
    if ((found === 0) !== (name === "no match")) throw new Error(`search "${name}" (${query}) found ${found} services`);
    const ms: number[] = [];
    for (let i = 0; i < rounds; i++) ms.push((await timeGet(url)).ms);
    all.push(...ms);
    times.push({ name, found, medianMs: quantile(ms, 0.5), p95Ms: quantile(ms, 0.95) });
  }
  return { rounds, encoding: HEADERS["accept-encoding"] ?? "gzip, deflate", searches: times, all: { medianMs: quantile(all, 0.5), p95Ms: quantile(all, 0.95) } };
}

/** Waits until the console at `base` lists `services` services (its catalog built). */
export async function waitForCatalog(base: string, services: number): Promise<void> {
  await waitFor(
    `the console to list ${services} services`,
    async () => ((await (await fetch(`${base}/api/v1/services?limit=1`)).json()) as { total?: number }).total === services,
    300_000,
  );
}

async function standalone(services: number, rounds: number): Promise<string[]> {
  const zk = await startZooKeeper();
  let server: ConsoleHandle | undefined;
  try {
    const urls = await populateRegistry(zk.connectString, { services, providersPerService: 20, consumersPerService: 5 });
    server = await startConsole({ DUBBO_REGISTRY: zk.dubboAddress, LOG_LEVEL: "warn" });
    await waitForCatalog(server.url, services);
    const f = await measureSearches(server.url, services, rounds);
    return [
      `catalog-search: ${services} services, ${urls} URLs, ${rounds} requests per search over HTTP (next start), accept-encoding ${f.encoding}`,
      ...f.searches.map((s) => `  ${s.name.padEnd(18)}: median ${s.medianMs.toFixed(2)} ms, p95 ${s.p95Ms.toFixed(2)} ms (${s.found} found)`),
      `  all searches      : median ${f.all.medianMs.toFixed(2)} ms, p95 ${f.all.p95Ms.toFixed(2)} ms`,
    ];
  } finally {
    await server?.stop();
    await zk.stop();
  }
}

if (process.argv[1]?.endsWith("catalog-search.ts")) {
  standalone(Number(process.env.BENCH_SERVICES ?? 2000), Number(process.env.BENCH_ROUNDS ?? 200))
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
