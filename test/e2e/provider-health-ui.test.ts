import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { providersHealthResponseSchema } from "@/lib/api/provider-health";
import { expectNoSidewaysScroll, FOUR_LOOKS, launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";

/**
 * Issue 18, provider health in Chromium against the rig's real providers of GreetingService:
 * the Providers tab's Health column shows each provider's state as the console's connection
 * knows it (no connection opened to draw the page: every dubbo provider starts as "no
 * connection"); Probe on one connects and gets a heartbeat answered, and its badge turns
 * reachable with the round trip; the Address page shows the same. At 420 and 1400 px in both themes.
 */
const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const SCREENSHOTS = process.env.HEALTH_UI_SCREENSHOTS ?? "/tmp";

let server: ConsoleHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser()]);
  await waitForRegistrySync(server.url);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function open(path: string, look: { width: number; theme: "light" | "dark" }): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width: look.width, height: 900, theme: look.theme });
}

async function healthOf(address: string) {
  const res = await fetch(`${server.url}/api/v1/health/providers?address=${encodeURIComponent(address)}`);
  expect(res.status).toBe(200);
  return providersHealthResponseSchema.parse(await res.json()).providers.find((p) => p.protocol === "dubbo")!;
}

describe("provider health on the service and address pages", () => {
  it("shows every dubbo provider's health without connecting, and a probe turns one reachable", async () => {
    const target = rig.providers.find((p) => p.line === "3.3")!.address;
    // Nothing has called the provider in this console: it holds no connection, and drawing the page opens none.
    expect((await healthOf(target)).state).toBe("no-connection");
    for (const [i, look] of FOUR_LOOKS.entries()) {
      const page = await open(`/services/detail?key=${GREETING}`, look);
      const cell = page.locator(`[data-provider="${target}"] [data-testid="provider-health"]`).first();
      await cell.waitFor();
      if (i === 0) {
        expect(await cell.getAttribute("data-state")).toBe("no-connection");
        expect((await healthOf(target)).state).toBe("no-connection");
        await cell.getByTestId("probe-provider").click();
        await cell.getByTestId("probe-result").waitFor();
        expect(await cell.getByTestId("probe-result").textContent()).toMatch(/^answered in [\d.]+ ms$/);
        await page.locator(`[data-provider="${target}"] [data-testid="provider-health"][data-state="reachable"]`).first().waitFor();
      } else {
        await page.locator(`[data-provider="${target}"] [data-testid="provider-health"][data-state="reachable"]`).first().waitFor();
      }
      expect(await page.locator(`[data-provider="${target}"] [data-testid="provider-health"]`).first().textContent()).toMatch(/reachable[\d.]+ ms/);
      await expectNoSidewaysScroll(page, `providers tab ${look.width} ${look.theme}`);
      await page.screenshot({ path: `${SCREENSHOTS}/health-providers-${look.width}-${look.theme}.png`, fullPage: true });
    }
    expect((await healthOf(target)).state).toBe("reachable");

    const address = await open(`/addresses/detail?value=${encodeURIComponent(target)}`, FOUR_LOOKS[1]);
    await address.locator(`[data-health-address="${target}"] [data-testid="provider-health"][data-state="reachable"]`).waitFor();
    await expectNoSidewaysScroll(address, "address page 420 dark");
    await address.screenshot({ path: `${SCREENSHOTS}/health-address-420-dark.png`, fullPage: true });
  });
});
