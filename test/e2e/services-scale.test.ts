import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { populateRegistry } from "../../bench/populate";
import { launchBrowser, gotoSettled } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/** Enough services for several pages of the list, few enough to fill a ZooKeeper in seconds. */
const SERVICES = 3_000;

/**
 * A ZooKeeper of its own with thousands of services: the list must stay virtual (a few
 * dozen rows in the page, however long the list) and still reach its last service.
 */
describe("the Services page over thousands of services", () => {
  let zk: ZooKeeperHandle;
  let server: ConsoleHandle;
  let browser: Browser;

  beforeAll(async () => {
    [zk, browser] = await Promise.all([startZooKeeper(), launchBrowser()]);
    await populateRegistry(zk.connectString, { services: SERVICES, providersPerService: 1, consumersPerService: 0 });
    server = await startConsole({ DUBBO_REGISTRY: zk.dubboAddress });
    await waitForRegistrySync(server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await zk?.stop();
  });

  /**
   * Scrolls to the bottom until the page rests there with no row waiting for its page, and
   * returns the most rows the page held on the way and the last row's key.
   */
  async function scrollToEnd(page: Page, rowSelector: string, keyAttribute: string): Promise<{ most: number; last: string | null }> {
    let most = 0;
    for (let i = 0; i < 200; i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      const state = await page.evaluate(
        ([selector, attr]) => {
          const rows = document.querySelectorAll(selector!);
          const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
          return { rows: rows.length, last: rows[rows.length - 1]?.getAttribute(attr!) ?? null, settled: atEnd && rows.length > 0 && document.querySelectorAll("[data-pending-row]").length === 0 };
        },
        [rowSelector, keyAttribute],
      );
      most = Math.max(most, state.rows);
      if (state.settled) return { most, last: state.last };
    }
    throw new Error("the list never settled at its end");
  }

  /** The last service of the whole list, as the API orders it. */
  async function lastKey(): Promise<string> {
    const body = (await (await fetch(`${server.url}/api/v1/services?limit=${SERVICES}`)).json()) as { services: { key: string }[]; total: number };
    expect(body.total).toBe(SERVICES);
    return body.services.at(-1)!.key;
  }

  it.each([
    { layout: "table", width: 1400, row: "[data-service-key]", key: "data-service-key" },
    { layout: "cards", width: 420, row: "[data-service-card]", key: "data-service-card" },
  ])("keeps only the rows in view in the page as a $layout ($width px), down to the last service", async ({ width, row, key }) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await gotoSettled(page, `${server.url}/services`);
    await page.getByTestId("services-count").filter({ hasText: /^3,000 services$/ }).waitFor();
    // The virtual list, not the first rows the server rendered before the browser took over.
    await page.locator("[data-virtual]").waitFor();
    await page.locator(`${row}`).first().waitFor();
    const { most, last } = await scrollToEnd(page, row, key);
    expect(most).toBeGreaterThan(5);
    expect(most).toBeLessThan(80);
    expect(last).toBe(await lastKey());
    await page.close();
  });
});
