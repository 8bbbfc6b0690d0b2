/**
 * The Services page's first render in Chromium at the size of a large company's registry
 * (issue 6: 10,000 services x 20 providers + 5 consumers, under 1 s, virtualised).
 *
 * A real ZooKeeper is filled with N services; the built console (`npm run build` first)
 * reads it whole; then, `rounds` times in a fresh browser context, /services is opened and
 * the page's own clock (milliseconds from the start of the navigation) is read at:
 * - html: the last byte of the server-rendered page (its first rows included);
 * - first render: the first contentful paint, which already holds the first service rows;
 * - virtual: the virtual table has taken over after hydration (the `services-virtual` mark).
 * Then the whole list is scrolled through, a screen a frame, to see that it stays
 * virtual (rows in the page) and smooth (the longest frame). Wall time as a person would
 * feel it, on a shared machine: the load average is printed beside the figures.
 */
import { availableParallelism, loadavg } from "node:os";
import { launchBrowser } from "../test/support/browser";
import { startConsole, waitForRegistrySync } from "../test/support/console-server";
import { startZooKeeper, type ZooKeeperHandle } from "../test/support/zookeeper";
import { populateRegistry } from "./populate";

const PROVIDERS = 20;
const CONSUMERS = 5;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

interface Visit {
  htmlMs: number;
  firstRenderMs: number;
  virtualMs: number;
  htmlBytes: number;
}

interface Scroll {
  maxRows: number;
  frames: number;
  p95FrameMs: number;
  longestFrameMs: number;
  lastKey: string | null;
}

/**
 * `npm run bench -- services-page`: figures for `services` services, the median of `rounds`
 * visits. `zookeeper` starts the server to fill: at 250,000 URLs it needs more heap than the
 * rig's default gives it (bench/registry-bench.ts starts one with its own JVM flags).
 */
export async function benchServicesPage(services: number, rounds: number, zookeeper: () => Promise<ZooKeeperHandle> = startZooKeeper): Promise<string[]> {
  const zk = await zookeeper();
  try {
    const urls = await populateRegistry(zk.connectString, { services, providersPerService: PROVIDERS, consumersPerService: CONSUMERS });
    const console_ = await startConsole({ DUBBO_REGISTRY: zk.dubboAddress });
    const browser = await launchBrowser();
    try {
      await waitForRegistrySync(console_.url);
      const visits: Visit[] = [];
      let scroll: Scroll | undefined;
      for (let i = 0; i <= rounds; i++) {
        const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        await page.goto(`${console_.url}/services`);
        await page.locator('[data-testid="services-table"][data-virtual]').waitFor({ timeout: 60_000 });
        const visit = await page.evaluate(() => {
          const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
          const fcp = performance.getEntriesByName("first-contentful-paint")[0];
          const virtual = performance.getEntriesByName("services-virtual")[0];
          return { htmlMs: nav.responseEnd, firstRenderMs: fcp?.startTime ?? Number.NaN, virtualMs: virtual?.startTime ?? Number.NaN, htmlBytes: nav.transferSize };
        });
        // The first visit warms the server's code paths and the browser's cache of scripts; it is not counted.
        if (i > 0) visits.push(visit);
        if (i === rounds) scroll = await scrollThrough(page);
        await context.close();
      }
      const [one, five, fifteen] = loadavg();
      return [
        `services-page: ${services.toLocaleString("en-US")} services (${urls.toLocaleString("en-US")} URLs), Chromium at 1400x900, median of ${rounds} visits`,
        `  html ${median(visits.map((v) => v.htmlMs)).toFixed(0)} ms (${(median(visits.map((v) => v.htmlBytes)) / 1024).toFixed(0)} KB), first render ${median(visits.map((v) => v.firstRenderMs)).toFixed(0)} ms (goal < 1000 ms), virtual table ready ${median(visits.map((v) => v.virtualMs)).toFixed(0)} ms`,
        `  scrolled through all (${scroll?.frames} frames, a screen each): at most ${scroll?.maxRows} rows in the page, frame p95 ${scroll?.p95FrameMs.toFixed(0)} ms, longest ${scroll?.longestFrameMs.toFixed(0)} ms, last row ${scroll?.lastKey}`,
        `  load average ${one!.toFixed(2)} ${five!.toFixed(2)} ${fifteen!.toFixed(2)} on ${availableParallelism()} cores`,
      ];
    } finally {
      await browser.close();
      await console_.stop();
    }
  } finally {
    await zk.stop();
  }
}

/** Scrolls to the end a screen per frame, loading pages on the way, and reports what the page held and how long its frames took. */
async function scrollThrough(page: import("playwright-core").Page): Promise<Scroll> {
  return page.evaluate(async () => {
    let maxRows = 0;
    const frames: number[] = [];
    let last = performance.now();
    const deadline = last + 120_000;
    for (;;) {
      window.scrollBy(0, window.innerHeight);
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, document.querySelectorAll("[data-service-key]").length);
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if ((atEnd && document.querySelectorAll("[data-pending-row]").length === 0) || now > deadline) break;
    }
    const rows = document.querySelectorAll("[data-service-key]");
    const sorted = [...frames].sort((a, b) => a - b);
    return {
      maxRows,
      frames: frames.length,
      p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      longestFrameMs: sorted.at(-1) ?? 0,
      lastKey: rows[rows.length - 1]?.getAttribute("data-service-key") ?? null,
    };
  });
}
