import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoSidewaysScroll, FOUR_LOOKS, launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";

/**
 * Issue 18 part 2 in Chromium: the Address page's "Dubbo QoS" section against a real 3.3.6
 * provider with QoS on Dubbo's port 22222 at its own loopback host, and one with QoS off.
 * The first answers (ready, its service registered); Offline asks first and, confirmed,
 * unregisters the service through the process's QoS: the registry loses it, and the page,
 * now "nothing is registered here", still shows the process and brings it back with Online.
 * The other says why QoS cannot be asked. At 420 and 1400 px in both themes.
 */
const rig = inject("rig");
const VERSION = "18.3.0";
const KEY = `${DEMO.greeting.interface}:${VERSION}`;
const SCREENSHOTS = process.env.QOS_UI_SCREENSHOTS ?? "/tmp";

let server: ConsoleHandle;
let browser: Browser;
let withQos: ProviderHandle;
let withoutQos: ProviderHandle;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser, withQos, withoutQos] = await Promise.all([
    startConsole({ DUBBO_REGISTRY: rig.zkAddress }),
    launchBrowser(),
    startProvider({ line: "3.3", registry: rig.zkAddress, host: "127.0.0.184", app: "qos-ui-provider", services: ["greeting"], greetingVersion: VERSION, qosPort: 22222 }),
    startProvider({ line: "3.3", registry: rig.zkAddress, host: "127.0.0.185", app: "qos-ui-off", services: ["greeting"], greetingVersion: VERSION }),
  ]);
  await waitForRegistrySync(server.url);
  await waitFor("both providers listed", async () => (await providersOf()).length === 2, 30_000);
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([withQos?.stop(), withoutQos?.stop()]);
});

function open(path: string, look: { width: number; theme: "light" | "dark" }): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width: look.width, height: 900, theme: look.theme });
}

/** The addresses the console lists as providers of the test service. */
async function providersOf(): Promise<string[]> {
  const res = await fetch(`${server.url}/api/v1/service?key=${encodeURIComponent(KEY)}`);
  if (res.status !== 200) return [];
  return ((await res.json()) as { providers: { address: string }[] }).providers.map((p) => p.address);
}

const addressPage = (address: string) => `/addresses/detail?value=${encodeURIComponent(address)}`;

describe("Dubbo QoS on the Address page", () => {
  it("shows what the process exports and that it is ready, takes the service offline after a confirm, and brings it back", async () => {
    for (const look of FOUR_LOOKS) {
      const page = await open(addressPage(withQos.address), look);
      const panel = page.locator(`[data-testid="qos-panel"][data-qos-address="${withQos.address}"]`);
      await panel.waitFor();
      expect(await panel.getAttribute("data-reachable")).toBe("true");
      expect(await panel.getByTestId("qos-ready").textContent()).toBe("ready");
      expect(await panel.locator("[data-qos-service]").evaluateAll((els) => els.map((e) => [e.getAttribute("data-qos-service"), e.getAttribute("data-published")]))).toEqual([[KEY, "true"]]);
      expect(await panel.textContent()).toContain("at 127.0.0.184:22222 (the console's QoS port)");
      await expectNoSidewaysScroll(page, `qos ${look.width} ${look.theme}`);
      await page.screenshot({ path: `${SCREENSHOTS}/qos-address-${look.width}-${look.theme}.png`, fullPage: true });
    }

    const page = await open(addressPage(withQos.address), FOUR_LOOKS[0]);
    const row = page.locator(`[data-qos-service="${KEY}"]`);
    await row.getByTestId("qos-offline").click();
    const dialog = page.getByTestId("qos-offline-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`unregisters ${KEY}`);
    // Asked, not done: still registered until the confirm.
    expect(await providersOf()).toContain(withQos.address);
    await page.screenshot({ path: `${SCREENSHOTS}/qos-offline-ask-1400-light.png` });
    await dialog.getByRole("button", { name: "Take offline", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await waitFor("the registry to lose the provider", async () => !(await providersOf()).includes(withQos.address), 15_000);
    expect(await providersOf()).toEqual([withoutQos.address]);

    // Nothing is registered at the address now; the process still answers its QoS, its service unregistered.
    await page.getByTestId("address-unregistered").waitFor();
    const gone = page.locator(`[data-qos-service="${KEY}"][data-published="false"]`);
    await gone.waitFor();
    const small = await open(addressPage(withQos.address), FOUR_LOOKS[1]);
    await small.locator(`[data-qos-service="${KEY}"][data-published="false"]`).waitFor();
    await expectNoSidewaysScroll(small, "qos offline 420 dark");
    await small.screenshot({ path: `${SCREENSHOTS}/qos-offline-420-dark.png`, fullPage: true });

    await gone.getByTestId("qos-online").click();
    await page.locator(`[data-qos-service="${KEY}"][data-published="true"]`).waitFor();
    await waitFor("the registry to list the provider again", async () => (await providersOf()).includes(withQos.address), 15_000);
    await page.getByTestId("address-detail").waitFor();
  });

  it("says why QoS cannot be asked where it is off", async () => {
    const page = await open(addressPage(withoutQos.address), FOUR_LOOKS[1]);
    const panel = page.locator(`[data-testid="qos-panel"][data-qos-address="${withoutQos.address}"]`);
    await panel.waitFor();
    expect(await panel.getAttribute("data-reachable")).toBe("false");
    expect(await panel.getByTestId("qos-reason").textContent()).toContain("connection refused");
    expect(await panel.locator("[data-testid='qos-offline']").count()).toBe(0);
    await expectNoSidewaysScroll(page, "qos off 420 dark");
    await page.screenshot({ path: `${SCREENSHOTS}/qos-off-420-dark.png`, fullPage: true });
  });
});
