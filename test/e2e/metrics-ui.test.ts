import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSidewaysScroll, FOUR_LOOKS, launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { type ConsumerHandle, DEMO, type ProviderHandle, startConsumer, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { addressHref, applicationHref } from "@/lib/format/hrefs";

/**
 * Issue 18 item 3 in Chromium: the service page's Metrics tab charts the calls/s of two real
 * 3.3.6 providers under a real 3.3.6 consumer's load, scraped by the console from their QoS
 * (Dubbo's own metrics); after a condition route excluding one is saved, its rate reads 0 on
 * the page and the route is marked on the time axis. At 420 and 1400 px in both themes.
 */
const rig = inject("rig");
const VERSION = "18.6.0";
const KEY = `${DEMO.greeting.interface}:${VERSION}`;
const HOSTS = ["127.0.0.151", "127.0.0.152"];
const SCREENSHOTS = process.env.METRICS_UI_SCREENSHOTS ?? "/tmp";

let server: ConsoleHandle;
let browser: Browser;
let providers: ProviderHandle[] = [];
let consumer: ConsumerHandle;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser, providers, consumer] = await Promise.all([
    startConsole({ DUBBO_REGISTRY: rig.zkAddress, CONSOLE_METRICS_SCRAPE_MS: "1000" }),
    launchBrowser(),
    Promise.all(HOSTS.map((host) => startProvider({ line: "3.3", registry: rig.zkAddress, host, app: "metrics-ui-provider", services: ["greeting"], greetingVersion: VERSION, qosPort: 22222, metrics: true }))),
    startConsumer({ line: "3.3", registry: rig.zkAddress, app: "metrics-ui-consumer", version: VERSION, intervalMs: 100 }),
  ]);
  await waitForRegistrySync(server.url);
  await waitFor("two providers and the consumer listed", async () => {
    const res = await fetch(`${server.url}/api/v1/service?key=${encodeURIComponent(KEY)}`);
    const body = res.status === 200 ? ((await res.json()) as { providers: unknown[]; consumers: unknown[] }) : null;
    return body !== null && body.providers.length === 2 && body.consumers.length === 1;
  }, 30_000);
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([...providers.map((p) => p.stop()), consumer?.stop()]);
});

function open(look: { width: number; theme: "light" | "dark" }): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}/services/detail?key=${encodeURIComponent(KEY)}&tab=metrics`, { width: look.width, height: 900, theme: look.theme });
}

/** The calls/s the page's latest-value table shows for `provider` (NaN while it shows none). */
async function shownRate(page: Page, provider: string): Promise<number> {
  const value = await page.getByTestId("metrics-latest").locator(`[data-provider="${provider}"]`).getAttribute("data-calls-per-second", { timeout: 1_000 }).catch(() => null);
  return value === null ? Number.NaN : Number(value);
}

describe("the Metrics tab", () => {
  it("charts both providers' calls/s, scraped from their QoS", async () => {
    for (const look of FOUR_LOOKS) {
      const page = await open(look);
      const panel = page.getByTestId("metrics-panel");
      await panel.waitFor();
      await waitFor(`${look.width} ${look.theme}: both providers above 1 call/s on the page`, async () => (await shownRate(page, providers[0]!.address)) > 1 && (await shownRate(page, providers[1]!.address)) > 1, 30_000);
      expect(await panel.getAttribute("data-metrics-source")).toBe("scrape");
      await page.getByTestId("metrics-chart").locator("svg path.recharts-line-curve").first().waitFor();
      expect(await page.getByTestId("metrics-chart").locator("path.recharts-line-curve").count()).toBe(2);
      await expectNoSidewaysScroll(page, `metrics ${look.width} ${look.theme}`);
      await page.screenshot({ path: `${SCREENSHOTS}/metrics-${look.width}-${look.theme}.png`, fullPage: true });
    }
  });

  it("shows an excluded provider's rate at 0 within 30 s of the route, the route marked on the chart", async () => {
    const page = await open({ width: 1400, theme: "light" });
    await page.getByTestId("metrics-panel").waitFor();
    const [excluded, kept] = providers;
    await waitFor("the excluded provider above 1 call/s before", async () => (await shownRate(page, excluded!.address)) > 1, 30_000);
    const saved = await fetch(`${server.url}/api/v1/routes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ service: DEMO.greeting.interface, version: VERSION, name: "metrics-not-151", rule: `=> host != ${HOSTS[0]}`, targets: ["registry", "config-center"] }) });
    expect(saved.status).toBe(201);
    const savedAt = Date.now();
    const route = (await saved.json()) as { id: string; revision: string };
    try {
      await waitFor("the excluded provider at 0 calls/s on the page", async () => (await shownRate(page, excluded!.address)) === 0, 30_000);
      const tookMs = Date.now() - savedAt;
      console.info(`the page showed ${excluded!.address} at 0 calls/s ${tookMs} ms after the route was saved`);
      expect(tookMs).toBeLessThanOrEqual(30_000);
      expect(await shownRate(page, kept!.address)).toBeGreaterThan(1);
      const mark = page.getByTestId("metrics-marks").locator('[data-mark-kind="rule"]');
      await mark.first().waitFor({ timeout: 10_000 });
      expect(Number(await mark.first().getAttribute("data-mark-t"))).toBeGreaterThanOrEqual(savedAt - 5_000);
      expect(await page.getByTestId("metrics-marks").textContent()).toContain("metrics-not-151");
      await page.screenshot({ path: `${SCREENSHOTS}/metrics-excluded-1400-light.png`, fullPage: true });
    } finally {
      await fetch(`${server.url}/api/v1/routes/${encodeURIComponent(route.id)}?revision=${encodeURIComponent(route.revision)}`, { method: "DELETE" });
    }
  });

  it("charts the application's own providers on its page, and one provider on the address page", async () => {
    for (const look of [FOUR_LOOKS[0], FOUR_LOOKS[1]]) {
      const app = await openThemedPage(browser, contexts, `${server.url}${applicationHref("metrics-ui-provider")}`, { width: look.width, height: 900, theme: look.theme });
      await app.getByTestId("application-metrics").getByTestId("metrics-panel").waitFor();
      await waitFor(`${look.width} ${look.theme}: the application page shows both providers' rates`, async () => (await shownRate(app, providers[0]!.address)) >= 0 && (await shownRate(app, providers[1]!.address)) >= 0, 30_000);
      expect(await app.getByTestId("metrics-latest").locator("[data-provider]").count()).toBe(2);
      await expectNoSidewaysScroll(app, `application metrics ${look.width} ${look.theme}`);
      await app.screenshot({ path: `${SCREENSHOTS}/metrics-application-${look.width}-${look.theme}.png`, fullPage: true });
      const address = await openThemedPage(browser, contexts, `${server.url}${addressHref(providers[1]!.address)}`, { width: look.width, height: 900, theme: look.theme });
      await address.getByTestId("address-metrics").getByTestId("metrics-panel").waitFor();
      await waitFor(`${look.width} ${look.theme}: the address page shows its provider above 1 call/s`, async () => (await shownRate(address, providers[1]!.address)) > 1, 30_000);
      expect(await address.getByTestId("metrics-latest").locator("[data-provider]").count()).toBe(1);
      await expectNoSidewaysScroll(address, `address metrics ${look.width} ${look.theme}`);
      await address.screenshot({ path: `${SCREENSHOTS}/metrics-address-${look.width}-${look.theme}.png`, fullPage: true });
    }
  });
});
