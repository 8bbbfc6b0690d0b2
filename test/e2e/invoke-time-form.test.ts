import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { invokeHref } from "@/lib/format/hrefs";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";
import { waitFor } from "../support/wait-for";

/**
 * The Invoke page for java.time and Calendar parameters (issue 15, item 16): one line of
 * ISO-8601 text each, not the internal fields the metadata lists, sent to a real Dubbo 3.3
 * provider and echoed. TimeService lives in a ZooKeeper of this file's own (with its
 * metadata report), so the rig's registry, which other tests count, never holds it.
 */
const SCREENSHOTS = process.env.INVOKE_SCREENSHOTS ?? "/tmp";
const TYPES = ["java.time.ZonedDateTime", "java.time.OffsetDateTime", "java.time.OffsetTime", "java.time.Duration", "java.time.Period", "java.time.ZoneId", "java.util.Calendar"];
const DESCRIBE = invokeHref(DEMO.time, { name: "describe", parameterTypes: TYPES });

let zk: ZooKeeperHandle;
let provider: ProviderHandle;
let server: ConsoleHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  zk = await startZooKeeper();
  provider = await startProvider({ line: "3.3", registry: zk.dubboAddress, host: "127.0.0.80", services: ["time"], app: "time-form-33" });
  [server, browser] = await Promise.all([startConsole({ DUBBO_REGISTRY: zk.dubboAddress }), launchBrowser()]);
  await waitForRegistrySync(server.url);
  await waitFor("TimeService's definition in the console", async () => {
    const res = await fetch(`${server.url}/api/v1/service?key=${encodeURIComponent(DEMO.time.interface)}`);
    return res.ok && ((await res.json()) as { methodsSource?: string }).methodsSource === "definition";
  });
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.stop();
  await zk?.stop();
});

const control = (page: Page, path: string): Locator => page.locator(`[data-field-path="${path}"]`).locator("input, select").first();

const VALUES = ["2024-05-01T08:30:15.5+08:00[Asia/Shanghai]", "2024-02-29T23:59:59-05:30", "08:30+08:00", "P2DT3H4M5.5S", "P1Y2M3W4D", "Europe/Paris", "1969-07-20T20:17:40.123Z"];
const READ = "2024-05-01T08:30:15.500+08:00[Asia/Shanghai] | 2024-02-29T23:59:59-05:30 | 08:30+08:00 | PT51H4M5.5S | P1Y2M25D | Europe/Paris | 1969-07-20T20:17:40.123Z";

describe("the Invoke page with java.time and Calendar parameters", () => {
  const VIEWS = [420, 1400].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ width, theme })));

  it.each(VIEWS)("asks for each as ISO-8601 text and sends it at $width px in the $theme theme", async ({ width, theme }) => {
    const page = await openThemedPage(browser, contexts, `${server.url}${DESCRIBE}`, { width, height: 900, theme });
    await page.locator('[data-field-path="args.0"]').waitFor();
    for (let i = 0; i < TYPES.length; i++) {
      const field = page.locator(`[data-field-path="args.${i}"]`);
      expect(await field.getAttribute("data-field-kind"), TYPES[i]).toBe("temporal");
      expect(await field.locator("input").count(), `${TYPES[i]} is one line of text`).toBe(1);
      await control(page, `args.${i}`).fill(VALUES[i]!);
    }
    expect(await control(page, "args.3").getAttribute("placeholder")).toContain("PT1H30M");
    await page.getByTestId("invoke-send").click();
    const answer = page.locator('[data-testid="invoke-answer"][data-outcome="value"]');
    await answer.waitFor({ timeout: 30_000 });
    expect(JSON.parse((await answer.getByTestId("invoke-value").textContent()) ?? "")).toBe(READ);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: `${SCREENSHOTS}/invoke-time-${width}-${theme}.png`, fullPage: true });
  });
});
