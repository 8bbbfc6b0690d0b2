/**
 * The console as it is deployed, measured from outside, for registry-bench.ts: the built
 * console (`next start`, through `npm start`'s scripts/start.mjs) on the registry the
 * bench has filled, disk cache on. One measurement at a time, in this order:
 * - ready: from launch until GET /api/v1/services lists every service (synced, catalog built);
 * - search over HTTP (catalog-search.ts), then the process tree's RSS;
 * - when asked, the Services page's first render in Chromium (services-page.ts);
 * - churn through GET /api/v1/events with the console's CPU meanwhile (churn-sse.ts).
 */
import { startConsole } from "../test/support/console-server";
import { measureSearches, type SearchFigures, waitForCatalog } from "./catalog-search";
import { measureChurnOverSse, type SseChurnResult } from "./churn-sse";
import { type PageFigures, measureServicesPage } from "./services-page";
import { treeRss } from "./process-usage";

export interface HttpFigures {
  /** From launching `next start` to a list of every service. */
  readyMs: number;
  search: SearchFigures;
  /** The console's processes after the sync and the searches, now and at their peak, in bytes. */
  rss: { rss: number; peak: number };
  page: PageFigures | null;
  churn: SseChurnResult;
}

export interface HttpOptions {
  /** Requests per search. */
  searchRounds: number;
  /** Visits of the Services page; 0 leaves it out. */
  pageVisits: number;
  /** Provider changes per second during churn. */
  churnRate: number;
}

export async function measureConsoleOverHttp(
  zk: { connectString: string; dubboAddress: string },
  shape: { services: number; providersPerService: number },
  cacheDir: string,
  options: HttpOptions,
): Promise<HttpFigures> {
  const started = performance.now();
  const server = await startConsole({ DUBBO_REGISTRY: zk.dubboAddress, LOG_LEVEL: "warn", DUBBO_CONSOLE_CACHE_DIR: cacheDir });
  try {
    const pid = server.peer.process.pid;
    await waitForCatalog(server.url, shape.services);
    const readyMs = performance.now() - started;
    const search = await measureSearches(server.url, shape.services, options.searchRounds);
    const rss = treeRss(pid);
    const page = options.pageVisits > 0 ? await measureServicesPage(server.url, options.pageVisits) : null;
    const churn = await measureChurnOverSse({ url: server.url, pid }, zk.connectString, shape, options.churnRate);
    return { readyMs, search, rss, page, churn };
  } finally {
    await server.stop();
  }
}
