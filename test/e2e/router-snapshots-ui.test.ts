import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSidewaysScroll, FOUR_LOOKS, launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { type ConsumerHandle, DEMO, type ProviderHandle, startConsumer, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";

/**
 * Issue 18 part 2 in Chromium: the Consumers tab's "What the consumers route" asks a real
 * 3.3.6 consumer (QoS at its own loopback host) for its router snapshot and shows it beside
 * the preview (agrees, both providers listed); a 2.7.23 consumer shows it has none. Nothing is
 * asked before the operator starts it. At 420 and 1400 px in both themes.
 */
const rig = inject("rig");
const VERSION = "18.5.0";
const KEY = `${DEMO.greeting.interface}:${VERSION}`;
const CONSUMER_HOST = "127.0.0.166";
const SCREENSHOTS = process.env.QOS_UI_SCREENSHOTS ?? "/tmp";

let server: ConsoleHandle;
let browser: Browser;
let providers: ProviderHandle[] = [];
let consumers: ConsumerHandle[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser()]);
  providers = await Promise.all(["127.0.0.161", "127.0.0.162"].map((host) => startProvider({ line: "3.3", registry: rig.zkAddress, host, app: "snap-ui-provider", services: ["greeting"], greetingVersion: VERSION })));
  consumers = await Promise.all([
    startConsumer({ line: "3.3", registry: rig.zkAddress, app: "snap-ui-consumer-33", version: VERSION, intervalMs: 200, qosPort: 22222, host: CONSUMER_HOST }),
    startConsumer({ line: "2.7", registry: rig.zkAddress, app: "snap-ui-consumer-27", version: VERSION, intervalMs: 1000 }),
  ]);
  await waitForRegistrySync(server.url);
  await waitFor("two providers and two consumers listed", async () => {
    const res = await fetch(`${server.url}/api/v1/service?key=${encodeURIComponent(KEY)}`);
    const body = res.status === 200 ? ((await res.json()) as { providers: unknown[]; consumers: unknown[] }) : null;
    return body !== null && body.providers.length === 2 && body.consumers.length === 2;
  }, 30_000);
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([...providers.map((p) => p.stop()), ...consumers.map((c) => c.stop())]);
});

function open(look: { width: number; theme: "light" | "dark" }): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}/services/detail?key=${encodeURIComponent(KEY)}&tab=consumers`, { width: look.width, height: 900, theme: look.theme });
}

describe("router snapshots on the Consumers tab", () => {
  it("asks only when started, and shows the 3.3 consumer's routing agreeing with the preview and the 2.7 one having none", async () => {
    for (const look of FOUR_LOOKS) {
      const page = await open(look);
      const panel = page.getByTestId("router-snapshots");
      await panel.waitFor();
      expect(await panel.locator("[data-snapshot-consumer]").count()).toBe(0);
      await panel.getByTestId("router-snapshots-toggle").click();
      const row = panel.locator(`[data-snapshot-consumer="${CONSUMER_HOST}"][data-state="agrees"]`);
      await row.waitFor({ timeout: 20_000 });
      const routed = (await row.getByTestId("snapshot-routed").textContent()) ?? "";
      for (const p of providers) expect(routed).toContain(p.address);
      expect(routed).toMatch(/^routed 2: /);
      expect(await row.getByTestId("snapshot-predicted").textContent()).toMatch(/^preview 2: /);
      expect(await panel.locator('[data-state="unsupported"]').count()).toBe(1);
      await expectNoSidewaysScroll(page, `router snapshots ${look.width} ${look.theme}`);
      await page.screenshot({ path: `${SCREENSHOTS}/router-snapshots-${look.width}-${look.theme}.png`, fullPage: true });
    }
  });
});
