import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { populateRegistry } from "../../bench/populate";
import { consumerUrl, providerUrl, serviceInterface, urlPath } from "../../bench/registry-urls";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { connectTestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * The Services list over a registry long enough to scroll (issue 15 item 14): a header that
 * stays in view, compact rows, sorting by name and counts, and the "no providers" / "no
 * consumers" filters, all kept in the address; in Chromium at 420 and 1400 px, both themes.
 */
/** Services 0 to 400 have 1 provider each; 401 the most providers (6) and 2 consumers; 402 only consumers (3). Neither has a group or version (bench/registry-urls.ts), so the interface is the key. */
const PLAIN = 401;
const MOST = serviceInterface(PLAIN);
const CONSUMER_ONLY = serviceInterface(PLAIN + 1);
const SHOTS = process.env.SCREENSHOT_DIR ?? join("/tmp", "services-list-view-shots");

let zk: ZooKeeperHandle;
let server: ConsoleHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [zk, browser] = await Promise.all([startZooKeeper(), launchBrowser()]);
  await populateRegistry(zk.connectString, { services: PLAIN, providersPerService: 1, consumersPerService: 0 });
  const client = await connectTestZk(zk.connectString);
  for (let p = 0; p < 6; p++) await client.createWithData(urlPath(PLAIN, "providers", providerUrl(PLAIN, p)), "");
  for (let c = 0; c < 2; c++) await client.createWithData(urlPath(PLAIN, "consumers", consumerUrl(PLAIN, c)), "");
  for (let c = 0; c < 3; c++) await client.createWithData(urlPath(PLAIN + 1, "consumers", consumerUrl(PLAIN + 1, c)), "");
  client.close();
  server = await startConsole({ DUBBO_REGISTRY: zk.dubboAddress });
  await waitForRegistrySync(server.url);
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await zk?.stop();
});

const TOTAL = PLAIN + 2;
const VIEWS = [420, 1400].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ width, theme })));

/** The keys of the rows or cards in the page, in order. */
function shownKeys(page: Page, wide: boolean): Promise<string[]> {
  const attr = wide ? "data-service-key" : "data-service-card";
  return page.locator(`[${attr}]`).evaluateAll((els, a) => els.map((e) => e.getAttribute(a)!), attr);
}

/** Waits until the first row or card is service `key`'s. */
async function waitForFirst(page: Page, key: string): Promise<void> {
  const first = () =>
    page.evaluate(() => {
      const el = document.querySelector("[data-virtual] [data-service-key], [data-virtual] [data-service-card]");
      return el && (el.getAttribute("data-service-key") ?? el.getAttribute("data-service-card"));
    });
  await page
    .waitForFunction((k) => {
      const el = document.querySelector("[data-virtual] [data-service-key], [data-virtual] [data-service-card]");
      return el !== null && (el.getAttribute("data-service-key") ?? el.getAttribute("data-service-card")) === k;
    }, key)
    .catch(async (e: unknown) => {
      throw new Error(`the first service shown is ${await first()} at ${page.url()}, not ${key}`, { cause: e });
    });
}

async function openList(width: number, theme: "light" | "dark", query = ""): Promise<Page> {
  const page = await openThemedPage(browser, contexts, `${server.url}/services${query}`, { width, height: 860, theme });
  await page.locator("[data-virtual]").first().waitFor();
  return page;
}

describe.each(VIEWS)("the Services list at $width px in the $theme theme", ({ width, theme }) => {
  const wide = width >= 1024;

  it("keeps the search bar (and the table's header) in view while the list scrolls, over compact rows", async () => {
    const page = await openList(width, theme);
    await page.getByTestId("services-count").filter({ hasText: `${TOTAL} services` }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 3_000));
    await page.waitForFunction(() => window.scrollY >= 2_900);
    const layout = await page.evaluate(() => {
      const bar = document.querySelector('[data-testid="services-bar"]')!.getBoundingClientRect();
      const th = document.querySelector("thead th")?.getBoundingClientRect() ?? null;
      const heights = Array.from(document.querySelectorAll("[data-service-key]"), (r) => r.getBoundingClientRect().height);
      const font = getComputedStyle(document.querySelector("[data-service-link]")!).fontSize;
      return { barTop: bar.top, barBottom: bar.bottom, thTop: th?.top ?? null, heights, font };
    });
    // Under the console's own sticky header (56 px).
    expect(layout.barTop).toBeCloseTo(56, 0);
    if (wide) {
      expect(layout.thTop).not.toBeNull();
      expect(Math.abs(layout.thTop! - layout.barBottom)).toBeLessThanOrEqual(1);
      const sorted = [...layout.heights].sort((a, b) => a - b);
      // One-line rows: about 36 px, so about 20 in a screen where there were 14.
      expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThanOrEqual(38);
    }
    expect(Number.parseFloat(layout.font)).toBeGreaterThanOrEqual(12);
    await page.screenshot({ path: join(SHOTS, `scrolled-${width}-${theme}.png`) });
  });

  it("sorts by providers (the most first) and back, kept in the address", async () => {
    const page = await openList(width, theme);
    if (wide) await page.getByRole("button", { name: "Providers", exact: true }).click();
    else await page.getByLabel("Sort services").selectOption({ label: "Most providers" });
    await page.waitForURL(/[?&]sort=providers(&|$)/);
    await waitForFirst(page, MOST);
    expect((await shownKeys(page, wide))[0]).toBe(MOST);
    if (wide) expect(await page.locator("thead th").nth(1).getAttribute("aria-sort")).toBe("descending");
    // The address alone brings the same order back.
    const again = await openList(width, theme, "?sort=providers&order=asc");
    await waitForFirst(again, CONSUMER_ONLY);
    expect(await again.getByLabel("Sort services").inputValue()).toBe("providers:asc");
    await again.screenshot({ path: join(SHOTS, `sorted-${width}-${theme}.png`) });
  });

  it("shows only the services without providers, or without consumers", async () => {
    const page = await openList(width, theme);
    await page.getByRole("radio", { name: "No providers" }).click();
    await page.waitForURL(/[?&]filter=no-providers(&|$)/);
    await page.getByTestId("services-count").filter({ hasText: /^1 service$/ }).waitFor();
    expect(await shownKeys(page, wide)).toEqual([CONSUMER_ONLY]);
    expect(await page.locator('[data-badge="no-providers"]').first().textContent()).toBe("no providers now");
    await page.screenshot({ path: join(SHOTS, `no-providers-${width}-${theme}.png`), fullPage: true });
    await page.getByRole("radio", { name: "No consumers" }).click();
    await page.getByTestId("services-count").filter({ hasText: `${PLAIN} services` }).waitFor();
    expect(await shownKeys(page, wide)).not.toContain(MOST);
  });
});
