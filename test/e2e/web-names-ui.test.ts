import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 15 items 6e and 6f in Chromium at 420 and 1400 px, light and dark: a registry name
 * with a right-to-left override and control characters shows them escaped (`\u202E`), never
 * raw, in the Services list and on the detail page; a 3,000-character interface neither
 * widens the page nor fills the screen in the list (it wraps and stops after four lines, the
 * whole name in its title), and its detail page opens. The providers are written straight
 * into the rig's ZooKeeper, as a misbehaving provider would register them.
 */

const rig = inject("rig");
const SCREENSHOTS = process.env.WEB_NAMES_SCREENSHOTS ?? "/tmp";
/** Written into the URL as a provider does (the whole URL encoded once, as Dubbo's URL.encode of toFullString), so the console reads them raw. */
const RTL = "io.webnames.test.RtlService";
const RTL_GROUP = "\u202Epuorg";
const RTL_VERSION = "1.0\u0007";
const RTL_APP = "web-names-\u202Eppa";
const LONG = `io.webnames.test.Long${"x".repeat(2_980)}`;
const VIEWS = [
  { width: 420, height: 900, theme: "light" },
  { width: 420, height: 900, theme: "dark" },
  { width: 1400, height: 900, theme: "light" },
  { width: 1400, height: 900, theme: "dark" },
] as const;

let server: ConsoleHandle;
let browser: Browser;
/** The two services' keys as the console lists them. */
let rtlKey: string;
let longKey: string;
let zk: TestZk;
const contexts: BrowserContext[] = [];

const providerNode = (iface: string, app: string, extra = "") =>
  `/dubbo/${encodeURIComponent(iface)}/providers/${encodeURIComponent(`dubbo://127.0.0.9:20880/${iface}?application=${app}&interface=${iface}&methods=a&side=provider&dubbo=2.0.2&release=3.3.6${extra}`)}`;
const RTL_NODE = providerNode(RTL, RTL_APP, `&group=${RTL_GROUP}&version=${RTL_VERSION}`);

/** What a page shows that could be wrong: raw invisible characters in its text, and sideways overflow. */
async function pageFacts(page: Page) {
  return page.evaluate(() => ({
    rawInvisible: /[\u202A-\u202E\u2066-\u2069\u0007]/.test(document.body.innerText),
    overflow: document.documentElement.scrollWidth - window.innerWidth,
  }));
}

beforeAll(async () => {
  zk = await connectTestZk(rig.zkConnectString);
  for (const iface of [RTL, LONG]) await zk.removeTree(`/dubbo/${encodeURIComponent(iface)}`);
  await zk.mkdirp(RTL_NODE.replace(/\/[^/]*$/, ""));
  await zk.create(RTL_NODE);
  await zk.mkdirp(providerNode(LONG, "web-names-long").replace(/\/[^/]*$/, ""));
  await zk.create(providerNode(LONG, "web-names-long"));
  [server, browser] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser()]);
  await waitForRegistrySync(server.url);
  const keys = await waitFor("both services to be listed", async () => {
    const body = (await (await fetch(`${server.url}/api/v1/services?q=webnames`)).json()) as { services: { key: string }[] };
    return body.services.length === 2 && body.services.map((x) => x.key);
  });
  rtlKey = keys.find((k) => k.includes("RtlService"))!;
  longKey = keys.find((k) => k.includes("Longxxx"))!;
  expect([rtlKey, longKey]).toEqual([`${RTL_GROUP}/${RTL}:${RTL_VERSION}`, LONG]);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const iface of [RTL, LONG]) await zk?.removeTree(`/dubbo/${encodeURIComponent(iface)}`);
  zk?.close();
});

describe.each(VIEWS)("at $width px, $theme", (view) => {
  it("lists the names escaped, and the long one clamped to four lines without widening the page", async () => {
    const page = await openThemedPage(browser, contexts, `${server.url}/services?q=webnames`, view);
    // The virtual list replaces the server-rendered rows once hydrated: measure its rows, not ones about to go.
    await page.waitForFunction(() => performance.getEntriesByName("services-virtual").length > 0);
    const items = page.locator("[data-service-key], [data-service-card]");
    const rtlItem = items.filter({ hasText: "RtlService" }).first();
    const longItem = items.filter({ hasText: "Longxxx" }).first();
    await rtlItem.waitFor();
    await longItem.waitFor();
    const rtlText = (await rtlItem.textContent()) ?? "";
    expect(rtlText).toContain("web-names-\\u202Eppa");
    expect(rtlText).toContain("\\u202Epuorg");
    expect(rtlText).toContain("1.0\\u0007");
    const link = longItem.locator("[data-service-link]");
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    const lineHeight = await link.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box.height).toBeLessThanOrEqual(4 * lineHeight + 1);
    expect(await link.locator("[data-java-name]").getAttribute("title")).toBe(LONG);
    expect(await pageFacts(page)).toEqual({ rawInvisible: false, overflow: 0 });
    await page.screenshot({ path: `${SCREENSHOTS}/web-names-list-${view.width}-${view.theme}.png`, fullPage: false });
  });

  it("opens the long name's page, wrapped within the width", async () => {
    const page = await openThemedPage(browser, contexts, `${server.url}/services/detail?key=${encodeURIComponent(longKey)}`, view);
    const heading = page.locator("h1");
    await heading.waitFor();
    expect(((await heading.textContent()) ?? "").replace(/\s/g, "")).toBe(LONG);
    expect(await pageFacts(page)).toEqual({ rawInvisible: false, overflow: 0 });
    await page.screenshot({ path: `${SCREENSHOTS}/web-names-long-${view.width}-${view.theme}.png` });
  });

  it("shows the right-to-left override escaped on the detail page, name, application and parameters", async () => {
    const page = await openThemedPage(browser, contexts, `${server.url}/services/detail?key=${encodeURIComponent(rtlKey)}`, view);
    await page.locator("h1").waitFor();
    expect(await page.locator('[data-fact="Group"]').textContent()).toBe("Group\\u202Epuorg");
    expect(await page.locator('[data-fact="Version"]').textContent()).toBe("Version1.0\\u0007");
    await page.getByText("web-names-\\u202Eppa").first().waitFor();
    expect(await pageFacts(page)).toEqual({ rawInvisible: false, overflow: 0 });
    await page.screenshot({ path: `${SCREENSHOTS}/web-names-rtl-${view.width}-${view.theme}.png` });
  });
});
