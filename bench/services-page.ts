/**
 * The Services page's first render in Chromium at the size of a large company's registry
 * (issue 6: 10,000 services x 20 providers + 5 consumers, under 1 s, virtualised), for
 * registry-bench.ts, which fills the registry and starts the built console on it.
 *
 * `rounds` times in a fresh browser context (after one visit not counted, which warms the
 * server's code paths and the browser's cache of scripts), /services is opened and the
 * page's own clock (milliseconds from the start of the navigation) is read at:
 * - html: the last byte of the server-rendered page (its first rows included);
 * - first render: the first contentful paint, which already holds the first service rows;
 * - virtual: the virtual table has taken over after hydration (the `services-virtual` mark).
 * Then the whole list is scrolled through, a screen a frame, to see that it stays
 * virtual (rows in the page) and smooth (the longest frame). Wall time as a person would
 * feel it, on a shared machine: registry-bench.ts prints the load average beside it.
 */
import { launchBrowser } from "../test/support/browser";
import { median } from "./bench-process";

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

/** Medians over the visits, and the scroll through the whole list after the last. */
export interface PageFigures {
  readonly visits: number;
  readonly htmlMs: number;
  readonly htmlBytes: number;
  readonly firstRenderMs: number;
  readonly virtualMs: number;
  readonly scroll: Scroll;
}

/** Opens `/services` of the console at `base` `rounds` times (plus one not counted) and scrolls through it once. */
export async function measureServicesPage(base: string, rounds: number): Promise<PageFigures> {
  const browser = await launchBrowser();
  try {
    const visits: Visit[] = [];
    let scroll: Scroll | undefined;
    for (let i = 0; i <= rounds; i++) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${base}/services`);
      await page.locator('[data-testid="services-table"][data-virtual]').waitFor({ timeout: 60_000 });
      const visit = await page.evaluate(() => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        const virtual = performance.getEntriesByName("services-virtual")[0];
        return { htmlMs: nav.responseEnd, firstRenderMs: fcp?.startTime ?? Number.NaN, virtualMs: virtual?.startTime ?? Number.NaN, htmlBytes: nav.transferSize };
      });
      if (i > 0) visits.push(visit);
      if (i === rounds) scroll = await scrollThrough(page);
      await context.close();
    }
    const of = (pick: (v: Visit) => number) => median(visits.map(pick));
    return {
      visits: visits.length,
      htmlMs: of((v) => v.htmlMs),
      htmlBytes: of((v) => v.htmlBytes),
      firstRenderMs: of((v) => v.firstRenderMs),
      virtualMs: of((v) => v.virtualMs),
      scroll: scroll!,
    };
  } finally {
    await browser.close();
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
