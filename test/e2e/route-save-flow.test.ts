import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { type Route, routeSchema, routesResponseSchema } from "@/lib/api/routing/routes";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";
import { deleteRoutesNamed } from "../support/route-cleanup";
import { waitFor } from "../support/wait-for";

/**
 * The route editor's save flow and what it tells the operator (issue 15 items 7, 8, 9, 13),
 * in Chromium against `next start` and the rig's real Dubbo 2.7.23 and 3.3.6 consumers of
 * GreetingService: where a new route goes by default, how a registered consumer is
 * previewed, the questions before a damaging save, Disable or Cancel, rollback only where
 * it can succeed, and the Audit page's restore of a deletion. At 1400 px light and 420 px
 * dark (screenshots in ROUTE_EDITOR_SCREENSHOTS, /tmp by default).
 */

const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const ROUTES_TAB = `/services/detail?key=${GREETING}&tab=routes`;
const PREFIX = `e2e-save-flow-${process.pid}`;
const SCREENSHOTS = process.env.ROUTE_EDITOR_SCREENSHOTS ?? "/tmp";
const [APP27, APP33] = [rig.consumers.find((c) => c.line === "2.7")!.app, rig.consumers.find((c) => c.line === "3.3")!.app];
const LOOKS = [
  { width: 1400, theme: "light" },
  { width: 420, theme: "dark" },
] as const;

let server: ConsoleHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser()]);
  await waitForRegistrySync(server.url);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await deleteRoutesNamed(server.url, GREETING, PREFIX);
});

afterAll(async () => {
  if (server) await deleteRoutesNamed(server.url, GREETING, PREFIX);
  await browser?.close();
  await server?.stop();
});

function open(path: string, look: { width: number; theme: "light" | "dark" }): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width: look.width, height: 900, theme: look.theme });
}

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${server.url}${path}`, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}
const listed = async () => routesResponseSchema.parse((await api("GET", `/api/v1/routes?service=${GREETING}`)).json).routes.filter((r) => r.name.startsWith(PREFIX));
const create = async (body: Record<string, unknown>) => {
  const answer = await api("POST", "/api/v1/routes", { service: GREETING, ...body });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return routeSchema.parse(answer.json);
};

async function typeRule(page: Page, rule: string): Promise<void> {
  await page.getByRole("radio", { name: "Text" }).click();
  await page.getByTestId("rule-text").click();
  await page.keyboard.type(rule);
}

/** The registered consumer options of the preview, by application, and the one selected. */
async function consumerOptions(page: Page) {
  const select = page.getByLabel("Registered consumer", { exact: true });
  await select.locator("option").nth(1).waitFor({ state: "attached" });
  const options = await select.locator("option").evaluateAll((os) => os.map((o) => ({ value: o.getAttribute("value")!, text: o.textContent ?? "" })));
  return { select, options, selected: await select.inputValue(), of: (app: string) => options.find((o) => o.text.startsWith(`${app} on`))!.value };
}

const noHorizontalScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));

describe.each(LOOKS)("the route editor at $width px, $theme", (look) => {
  it("defaults a new route to both copies, says who obeys which beside Save, and previews each registered consumer as its own release", async () => {
    const page = await open(`${ROUTES_TAB}&new=1`, look);
    const box = page.getByTestId("target-config-center");
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    const words = page.getByTestId("save-targets");
    expect(await words.textContent()).toMatch(new RegExp(`registry, obeyed by ${APP27} \\(Dubbo 2\\.7\\.23\\).*config center, obeyed by ${APP33} \\(Dubbo 3\\.3\\.6\\)`));
    await box.uncheck();
    expect(await words.textContent()).toContain(`${APP33} (Dubbo 3.3.6) will not obey it`);
    await box.check();

    await page.getByLabel("Name", { exact: true }).fill(`${PREFIX}-targets`);
    await typeRule(page, `application = ${APP33} => host = 127.0.0.2`);
    const c = await consumerOptions(page);
    await c.select.selectOption(c.of(APP33));
    expect(await page.getByTestId("preview-semantics").getAttribute("data-semantics")).toBe("3.x");
    expect(await page.getByLabel("Semantics").count()).toBe(0);
    const preview = page.locator('[data-testid="route-preview"][data-state="current"]');
    const row33 = preview.locator(`[data-impact-basis="config-center"]`);
    await row33.waitFor();
    expect(await row33.textContent()).toContain("→ 1");
    expect(await preview.locator("[data-impact-changed]").getAttribute("data-impact-changed")).toBe("1");
    await c.select.selectOption(c.of(APP27));
    expect(await page.getByTestId("preview-semantics").getAttribute("data-semantics")).toBe("2.7");
    // A consumer described by hand gets the switch back.
    await page.getByRole("radio", { name: "A consumer described here" }).check();
    await page.getByLabel("Semantics").waitFor();
    await noHorizontalScroll(page);
    await page.screenshot({ path: `${SCREENSHOTS}/route-save-flow-targets-${look.width}-${look.theme}.png`, fullPage: true });
  });

  it("asks before a save that leaves a consumer with no provider, naming it; Enter in Name saves nothing", async () => {
    const page = await open(`${ROUTES_TAB}&new=1`, look);
    const name = `${PREFIX}-strand-${look.width}`;
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && r.url().endsWith("/api/v1/routes") && posts.push(r.url()));
    await typeRule(page, `application = ${APP27} => host = 10.9.9.9`);
    await page.getByText("Force", { exact: true }).click();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Name", { exact: true }).press("Enter");
    await page.locator('[data-testid="route-preview"][data-state="current"]').waitFor();
    expect(posts).toEqual([]);

    await page.getByTestId("save-route").click();
    const dialog = page.getByTestId("stranding-dialog");
    await dialog.waitFor();
    expect(await dialog.locator(`[data-stranded-consumer="${APP27}"]`).textContent()).toMatch(new RegExp(`^${APP27} \\(.+, Dubbo 2\\.7\\.23\\) will have no provider \\(it has \\d+ now\\)$`));
    await dialog.screenshot({ path: `${SCREENSHOTS}/route-save-flow-stranding-${look.width}-${look.theme}.png` });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await listed()).map((r) => r.name)).not.toContain(name);

    await page.getByTestId("save-route").click();
    await page.getByTestId("stranding-dialog-confirm").click();
    await page.getByTestId("route-saved").waitFor();
    // The save message shows the route URL with its rule readable, not the node name's double encoding.
    const url = await page.getByTestId("saved-url").textContent();
    expect(url).toContain(`rule=application = ${APP27} => host = 10.9.9.9`);
    expect(url).not.toMatch(/%25|%3D/);
    expect((await listed()).find((r) => r.name === name)).toMatchObject({ force: true, enabled: true });
  });

  it("asks before Disable and before Cancel drops edits", async () => {
    const route = await create({ name: `${PREFIX}-toggle-${look.width}`, rule: "host = 10.9.9.7 => host = 127.0.0.2" });
    const page = await open(ROUTES_TAB, look);
    const row = page.locator(`[data-route="${route.name}"]`);
    await row.getByTestId("toggle-route").click();
    const dialog = page.getByTestId("toggle-route-dialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await listed()).find((r) => r.name === route.name)?.enabled).toBe(true);
    await row.getByTestId("toggle-route").click();
    await page.getByTestId("toggle-route-dialog-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await row.locator("[data-route-loaded=disabled]").waitFor();
    expect((await listed()).find((r) => r.name === route.name)?.enabled).toBe(false);

    await row.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("form", { name: `Edit route ${route.name}` }).waitFor();
    await page.getByTestId("preview-disabled").waitFor();
    await page.getByLabel("Priority").fill("7");
    await page.getByTestId("cancel-route").click();
    const discard = page.getByTestId("discard-dialog");
    await discard.waitFor();
    await discard.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByLabel("Priority").inputValue()).toBe("7");
    await page.getByTestId("cancel-route").click();
    await page.getByTestId("discard-dialog-confirm").click();
    await page.getByRole("form", { name: `Edit route ${route.name}` }).waitFor({ state: "detached" });
  });
});

describe("the route editor's rule", () => {
  it("counts a value typed but not committed, so the first Save click saves the rule shown", async () => {
    const page = await open(`${ROUTES_TAB}&new=1`, LOOKS[0]);
    const name = `${PREFIX}-chip`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    const fieldset = page.locator('[data-builder-side="then"]');
    await fieldset.getByRole("button", { name: "Add provider condition" }).click();
    const row = fieldset.locator('[data-condition-row="then"]').last();
    await row.getByLabel("Provider key").fill("host");
    await row.getByLabel("Values of host").fill("127.0.0.2");
    await page.getByTestId("generated-rule").filter({ hasText: "=> host = 127.0.0.2" }).waitFor();
    await page.getByTestId("save-route").click();
    await page.getByTestId("route-saved").waitFor();
    expect((await listed()).find((r) => r.name === name)?.rule).toBe("=> host = 127.0.0.2");
  });

  it("says a blank rule is refused, never that it is valid", async () => {
    const page = await open(`${ROUTES_TAB}&new=1`, LOOKS[1]);
    const problem = page.locator("#rule-problem");
    await problem.waitFor({ state: "attached" });
    expect(await problem.textContent()).toBe("Add a condition, or write the rule as text: Dubbo refuses an empty rule.");
    expect(await page.getByTestId("save-route").isDisabled()).toBe(true);
  });

  it("previews a saved route for the first registered consumer its rule applies to", async () => {
    const first = await (async () => {
      const page = await open(`${ROUTES_TAB}&new=1`, LOOKS[0]);
      return (await consumerOptions(page)).options[0]!.text;
    })();
    const other = first.startsWith(`${APP27} on`) ? APP33 : APP27;
    const route = await create({ name: `${PREFIX}-applies`, rule: `application = ${other} => host = 127.0.0.2`, targets: ["registry", "config-center"] });
    const page = await open(`${ROUTES_TAB}&route=${encodeURIComponent(route.id)}`, LOOKS[0]);
    await page.getByRole("form", { name: `Edit route ${route.name}` }).waitFor();
    const c = await consumerOptions(page);
    expect(c.selected).toBe(c.of(other));
  });
});

describe.each(LOOKS)("history and restore at $width px, $theme", (look) => {
  it("offers rollback only on the newest change, and says to roll back the later ones first on the older", async () => {
    let route: Route = await create({ name: `${PREFIX}-history-${look.width}`, rule: "host = 10.9.9.6 => host = 127.0.0.2" });
    for (const priority of [3, 4]) route = routeSchema.parse((await api("PUT", `/api/v1/routes/${route.id}`, { revision: route.revision, priority })).json);
    const page = await open(`${ROUTES_TAB}&route=${encodeURIComponent(route.id)}`, look);
    const history = page.getByTestId("route-history");
    await history.locator("[data-history-entry]").nth(2).waitFor();
    const entries = history.locator("[data-history-entry]");
    expect(await entries.nth(0).getByRole("button", { name: "Roll back to before this change" }).count()).toBe(1);
    for (const n of [1, 2]) {
      expect(await entries.nth(n).getByRole("button", { name: "Roll back to before this change" }).count()).toBe(0);
      expect(await entries.nth(n).getByTestId("rollback-later-first").textContent()).toContain("first roll back the");
    }
    await history.screenshot({ path: `${SCREENSHOTS}/route-save-flow-history-${look.width}-${look.theme}.png` });
  });

  it("restores a deleted route from its deletion entry on the Audit page", async () => {
    const route = await create({ name: `${PREFIX}-restore-${look.width}`, rule: "host = 10.9.9.5 => host = 127.0.0.2" });
    expect((await api("DELETE", `/api/v1/routes/${route.id}?revision=${route.revision}`)).status).toBe(200);
    const page = await open("/audit", look);
    const entry = page.locator('[data-audit-kind="route.delete"]').filter({ hasText: route.name }).first();
    await entry.getByRole("button", { name: "Restore" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`Restore route “${route.name}”?`).waitFor();
    await dialog.getByRole("button", { name: "Restore" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await listed()).find((r) => r.name === route.name)).toMatchObject({ rule: route.rule, node: route.node });
    await noHorizontalScroll(page);
  });
});

describe("an address nothing is registered at", () => {
  it("says so in words that read", async () => {
    for (const look of LOOKS) {
      const page = await open("/addresses/detail?value=10.9.9.9:1", look);
      const notice = page.getByTestId("entity-not-found");
      await notice.waitFor();
      expect(await notice.textContent()).toContain("Nothing is registered at this address");
      expect(await notice.textContent()).not.toContain("is not registered");
    }
  });
});

describe("the service page at 420 px", () => {
  it("scrolls the selected tab into view and shows that the strip scrolls", async () => {
    for (const theme of ["light", "dark"] as const) {
      const page = await open(ROUTES_TAB, { width: 420, theme });
      const tab = page.getByRole("tab", { selected: true });
      await tab.waitFor();
      // The strip scrolls the tab into view once it has laid out: wait for that, then check it.
      const box = await waitFor("the selected tab scrolled into view", async () => {
        const b = await tab.boundingBox();
        return b && b.x >= 0 && b.x + b.width <= 420 ? b : undefined;
      }, 10_000).catch(async () => (await tab.boundingBox())!);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(420);
      const hint = await page.locator("[data-tabs-more]").first().getAttribute("data-tabs-more");
      expect(hint).not.toBe("");
      await page.screenshot({ path: `${SCREENSHOTS}/route-save-flow-tabs-420-${theme}.png` });
    }
  });
});
