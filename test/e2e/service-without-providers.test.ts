import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * A service whose only provider, a real Dubbo 3.3.6 one, is stopped (issue 15 item 11): its
 * page must still open, with its routes tab and the route on it, marked "no providers now,
 * last seen …", in Chromium at 420 and 1400 px in both themes.
 */
const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const VERSION = "11.1.0";
const KEY = `${GREETING}:${VERSION}`;
const SHOTS = process.env.SCREENSHOT_DIR ?? join("/tmp", "service-without-providers-shots");

let server: ConsoleHandle;
let browser: Browser;
let zk: TestZk;
let provider: ProviderHandle | undefined;
let routeNode: string | undefined;
const contexts: BrowserContext[] = [];

interface Listed {
  services: { key: string; providers: number; providersLastSeen: number | null }[];
}

async function listed(): Promise<Listed["services"][number] | undefined> {
  const body = (await (await fetch(`${server.url}/api/v1/services?by=service&q=${encodeURIComponent(KEY)}`)).json()) as Listed;
  return body.services.find((s) => s.key === KEY);
}

beforeAll(async () => {
  [server, browser, zk] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser(), connectTestZk(rig.zkConnectString)]);
  await waitForRegistrySync(server.url);
  provider = await startProvider({ line: "3.3", registry: rig.zkAddress, host: "127.0.0.14", app: "lonely-provider-e2e", services: ["greeting"], greetingVersion: VERSION });
  await waitFor("the service and its provider in the console", async () => (await listed())?.providers === 1, 60_000);
  const res = await fetch(`${server.url}/api/v1/routes`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ service: GREETING, version: VERSION, name: "keep-away-from-10.0.0.1", rule: "=> host != 10.0.0.1" }),
  });
  expect(res.status).toBe(201);
  routeNode = ((await res.json()) as { node: string }).node;
  await provider.stop();
  await waitFor("the provider to leave", async () => (await listed())?.providers === 0, 60_000);
  mkdirSync(SHOTS, { recursive: true });
}, 180_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await provider?.stop();
  if (routeNode) await zk?.removeTree(routeNode);
  await zk?.removeTree(`/dubbo/metadata/${GREETING}/${VERSION}`);
  zk?.close();
  await browser?.close();
  await server?.stop();
});

const VIEWS = [420, 1400].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ width, theme })));

describe.each(VIEWS)("a service whose last provider stopped, at $width px in the $theme theme", ({ width, theme }) => {
  it("still opens, with its routes tab and route, marked with no providers and when the last was seen", async () => {
    const lastSeen = (await listed())?.providersLastSeen;
    expect(lastSeen).toEqual(expect.any(Number));
    const page = await openThemedPage(browser, contexts, `${server.url}/services/detail?key=${KEY}&tab=routes`, { width, height: 860, theme });
    const marker = page.getByTestId("no-providers");
    await marker.waitFor();
    await page.waitForFunction(() => /ago/.test(document.querySelector('[data-testid="no-providers"]')?.textContent ?? ""));
    expect(await marker.textContent()).toMatch(/^No providers now, last seen \d+ (s|min) ago/);
    expect(await page.getByTestId("entity-not-found").count()).toBe(0);
    const routesTab = page.getByRole("tab", { name: /Routes/ });
    expect(await routesTab.getAttribute("aria-selected")).toBe("true");
    await page.getByText("keep-away-from-10.0.0.1").first().waitFor();
    await page.screenshot({ path: join(SHOTS, `detail-${width}-${theme}.png`), fullPage: true });

    const list = await openThemedPage(browser, contexts, `${server.url}/services?filter=no-providers`, { width, height: 860, theme });
    const row = list.locator(width >= 1024 ? `[data-service-key="${KEY}"]` : `[data-service-card="${KEY}"]`);
    await row.waitFor();
    await list.waitForFunction((key) => /ago/.test(document.querySelector(`[data-service-key="${key}"], [data-service-card="${key}"]`)?.textContent ?? ""), KEY);
    expect(await row.locator('[data-badge="no-providers"]').textContent()).toMatch(/^no providers now, last seen \d+ (s|min) ago$/);
    await list.screenshot({ path: join(SHOTS, `list-${width}-${theme}.png`) });
  });
});
