import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { configRoutesResponseSchema } from "@/lib/api/routing/config-routes";
import { readConditionRouterYaml } from "@/lib/dubbo/rules/condition-router-yaml";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";
import { deleteRoutesNamed } from "../support/route-cleanup";
import { connectTestZk, type TestZk } from "../support/zk-client";

const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const ROUTES_TAB = `/services/detail?key=${GREETING}&tab=routes`;
const KEY = `${GREETING}::`;
const NODE = `/dubbo/config/dubbo/${KEY}.condition-router`;
/** Names of the registry routes this file creates: removed afterwards whatever happened. */
const PREFIX = `e2e-cc-${process.pid}`;
const SCREENSHOTS = process.env.ROUTE_EDITOR_SCREENSHOTS ?? "/tmp";

let server: ConsoleHandle;
let browser: Browser;
let zk: TestZk;
const contexts: BrowserContext[] = [];

async function createRoute(name: string, rule: string): Promise<void> {
  const res = await fetch(`${server.url}/api/v1/routes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ service: GREETING, name, rule }) });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  [server, browser, zk] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser(), connectTestZk(rig.zkConnectString)]);
  await waitForRegistrySync(server.url);
  await zk.removeTree(NODE);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  if (server) await deleteRoutesNamed(server.url, GREETING, PREFIX);
  await zk?.removeTree(NODE);
  zk?.close();
  await browser?.close();
  await server?.stop();
});

function open(path: string, { width = 1400, theme = "light" }: { width?: number; theme?: "light" | "dark" } = {}): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width, height: 900, theme });
}

/** The conditions of the rule in ZooKeeper as Dubbo 3.3 reads them; null when there is no node. */
async function zkRule() {
  const yaml = await zk.getData(NODE);
  if (yaml === null) return null;
  const { rule } = readConditionRouterYaml(yaml);
  return { yaml, rule };
}

const consumer27 = rig.consumers.find((c) => c.line === "2.7")!;
const consumer33 = rig.consumers.find((c) => c.line === "3.3")!;

describe("config-center rules in the Routes tab", () => {
  const first = "=> host = 127.0.0.3";
  const second = "host = 10.9.9.9 => host = 127.0.0.2";

  it("copies registry routes to the service's config-center rule, says who obeys it, and removes a condition, disables and deletes it", async () => {
    await createRoute(`${PREFIX}-a`, first);
    await createRoute(`${PREFIX}-b`, second);
    const page = await open(ROUTES_TAB);

    // Who obeys what: one line per registered consumer, by its release.
    const who = page.getByTestId("who-obeys");
    const line33 = who.locator(`[data-obeying-consumer="${consumer33.app}"]`);
    await line33.waitFor();
    expect(await line33.textContent()).toMatch(new RegExp(`^${consumer33.app} \\(Dubbo 3\\.3\\.\\d+\\).*config-center rules only — registry routes are ignored$`));
    expect(await line33.getAttribute("data-copies")).toBe("config-center");
    const line27 = who.locator(`[data-obeying-consumer="${consumer27.app}"]`);
    expect(await line27.textContent()).toMatch(/\(Dubbo 2\.7\.23\).*registry routes and config-center rules$/);

    // Copy the first route: the rule is created with it.
    const rowA = page.locator(`[data-route="${PREFIX}-a"]`);
    await rowA.getByRole("button", { name: "Copy to config center" }).click();
    await rowA.locator('[data-copy-outcome="created"]').waitFor();
    const rule = page.locator(`[data-config-route="${KEY}"]`);
    await rule.locator(`[data-config-condition="${first}"]`).waitFor();
    expect(await rule.getAttribute("data-config-status")).toBe("active");
    const obeying = rule.locator(`[data-config-consumer="${consumer33.app}"]`);
    expect(await obeying.getAttribute("data-obeys")).toBe("true");
    expect(await obeying.textContent()).toMatch(new RegExp(`^${consumer33.app} \\(Dubbo 3\\.3\\.\\d+\\) obeys it as its service's rule`));
    expect((await zkRule())?.rule).toMatchObject({ format: "v3.0", enabled: true, conditions: [first] });

    // Copy the second: appended to the rule; copying again adds nothing.
    const rowB = page.locator(`[data-route="${PREFIX}-b"]`);
    await rowB.getByRole("button", { name: "Copy to config center" }).click();
    await rowB.locator('[data-copy-outcome="appended"]').waitFor();
    await rule.locator(`[data-config-condition="${second}"]`).waitFor();
    expect((await zkRule())?.rule.conditions).toEqual([first, second]);
    // Once the copy is there, Copy to config center is not offered any more (issue 15 item 13).
    await rowA.locator('[data-route-copy="present"]').waitFor();
    expect(await rowA.getByRole("button", { name: "Copy to config center" }).count()).toBe(0);
    expect((await zkRule())?.rule.conditions).toEqual([first, second]);

    // Layout with the rule listed, both widths, both themes.
    for (const width of [420, 1400]) {
      for (const theme of ["light", "dark"] as const) {
        const view = await open(ROUTES_TAB, { width, theme });
        await view.locator(`[data-config-route="${KEY}"] [data-config-consumer="${consumer33.app}"]`).first().waitFor();
        await view.getByTestId("who-obeys").locator("[data-obeying-consumer]").first().waitFor();
        const { scrollWidth, innerWidth } = await view.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth, `${width} ${theme}`).toBeLessThanOrEqual(innerWidth);
        await view.screenshot({ path: `${SCREENSHOTS}/config-center-${width}-${theme}.png`, fullPage: true });
      }
    }

    // Remove the first condition.
    await rule.getByRole("button", { name: `Remove condition ${first}` }).click();
    await rule.locator(`[data-config-condition="${first}"]`).waitFor({ state: "detached" });
    expect((await zkRule())?.rule.conditions).toEqual([second]);

    // Disable: Dubbo reads enabled: false.
    await rule.getByRole("button", { name: "Disable" }).click();
    await page.locator(`[data-config-route="${KEY}"][data-config-status="disabled"]`).waitFor();
    const disabled = await zkRule();
    expect(disabled?.rule).toMatchObject({ enabled: false, conditions: [second] });
    expect(disabled?.yaml).toContain("enabled: false");

    // Listed on /routes too.
    const all = await open("/routes");
    await all.getByTestId("all-config-routes").locator(`[data-config-route="${KEY}"][data-config-status="disabled"]`).waitFor();

    // Delete after a confirmation: the node is gone.
    await rule.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Its node is removed from the config center").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await rule.waitFor({ state: "detached" });
    expect(await zk.getData(NODE)).toBeNull();
    const listed = configRoutesResponseSchema.parse(await (await fetch(`${server.url}/api/v1/config-routes?service=${GREETING}`)).json());
    expect(listed.routes.map((r) => r.key)).not.toContain(KEY);
  });

  it("says the rule changed meanwhile when someone else rewrote it between the read and the write, and the retry works", async () => {
    await createRoute(`${PREFIX}-c`, "=> host != 127.0.0.9");
    const page = await open(ROUTES_TAB);
    const rule = page.locator(`[data-config-route="${KEY}"]`);
    await page.locator(`[data-route="${PREFIX}-c"]`).getByRole("button", { name: "Copy to config center" }).click();
    await rule.locator('[data-config-condition="=> host != 127.0.0.9"]').waitFor();
    // Someone else rewrites the node just before the page's write reaches the console.
    let raced = false;
    await page.route("**/api/v1/config-routes", async (route) => {
      if (route.request().method() === "PUT" && !raced) {
        raced = true;
        await zk.setData(NODE, (await zk.getData(NODE))!);
      }
      await route.continue();
    });
    await rule.getByRole("button", { name: "Disable" }).click();
    const alert = rule.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("The config-center rule changed since this page read it; the list now shows it as it is: look again and retry.");
    expect((await zkRule())?.rule.enabled).toBe(true);
    // The list was read again: the retry is based on the new revision and succeeds.
    await page.locator(`[data-config-route="${KEY}"][data-config-revision="1"]`).waitFor();
    await rule.getByRole("button", { name: "Disable" }).click();
    await page.locator(`[data-config-route="${KEY}"][data-config-status="disabled"]`).waitFor();
    expect((await zkRule())?.rule.enabled).toBe(false);
    await zk.removeTree(NODE);
  });
});
