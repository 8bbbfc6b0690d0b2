import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { routesResponseSchema } from "@/lib/api/routing/routes";
import { parseConditionRouterYaml } from "@/lib/dubbo/rules/condition-router-yaml";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { parseConditionRule } from "@/lib/routing/parse/condition-rule";
import { RuleSyntaxError } from "@/lib/routing/parse/rule-syntax-error";
import { launchBrowser, openThemedPage, gotoSettled } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";
import { deleteRoutesNamed } from "../support/route-cleanup";
import { connectTestZk, type TestZk } from "../support/zk-client";

const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const ROUTES_TAB = `/services/detail?key=${GREETING}&tab=routes`;
/** Names of the routes this file creates: removed afterwards whatever happened. */
const PREFIX = `e2e-editor-${process.pid}`;
const SCREENSHOTS = process.env.ROUTE_EDITOR_SCREENSHOTS ?? "/tmp";

let server: ConsoleHandle;
let browser: Browser;
let zk: TestZk;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser, zk] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser(), connectTestZk(rig.zkConnectString)]);
  await waitForRegistrySync(server.url);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  if (server) await deleteRoutesNamed(server.url, GREETING, PREFIX);
  zk?.close();
  await browser?.close();
  await server?.stop();
});

function open(path: string, { width = 1400, theme = "light" }: { width?: number; theme?: "light" | "dark" } = {}): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width, height: 900, theme });
}

/** Adds a condition on `side` of the builder: key, then each value followed by Enter. */
async function addCondition(page: Page, side: "when" | "then", key: string, values: string[]): Promise<void> {
  const fieldset = page.locator(`[data-builder-side="${side}"]`);
  await fieldset.getByRole("button", { name: side === "when" ? "Add consumer condition" : "Add provider condition" }).click();
  const row = fieldset.locator(`[data-condition-row="${side}"]`).last();
  await row.getByLabel(side === "when" ? "Consumer key" : "Provider key").fill(key);
  for (const v of values) {
    await row.getByLabel(`Values of ${key}`).fill(v);
    await row.getByLabel(`Values of ${key}`).press("Enter");
  }
}

/** Waits for the preview of the draft as it now stands. */
async function currentPreview(page: Page) {
  const panel = page.locator('[data-testid="route-preview"][data-state="current"]');
  await panel.locator('[data-testid="preview-summary"]').waitFor();
  return panel;
}

const consumer27 = rig.consumers.find((c) => c.line === "2.7")!;
/** GreetingService's config-center rule, where a route saved with the config center ticked puts its condition. */
const RULE_NODE = `/dubbo/config/dubbo/${GREETING}::.condition-router`;
/** The conditions of a config-center rule's YAML as Dubbo 3.3 reads it; none when there is no rule. */
const conditionsAt = (yaml: string | null): readonly string[] => {
  const read = yaml === null ? null : parseConditionRouterYaml(yaml);
  return read?.type === "rule" && read.rule.format === "v3.0" ? read.rule.conditions : [];
};
const provider = (host: string) => rig.providers.find((p) => p.address.startsWith(`${host}:`))!;

describe("the route editor", () => {
  it("builds a rule visually, previews it with reasons, chain and impact, saves it, and lists it from ZooKeeper", async () => {
    const page = await open(ROUTES_TAB);
    await page.getByRole("button", { name: "New route" }).click();
    const name = `${PREFIX}-visual`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await addCondition(page, "when", "application", [consumer27.app]);
    await addCondition(page, "then", "host", ["127.0.0.2"]);
    const rule = `application = ${consumer27.app} => host = 127.0.0.2`;
    await page.getByTestId("generated-rule").filter({ hasText: rule }).waitFor();

    // Preview for the 2.7 consumer: the when side matches it, only 127.0.0.2 is kept, each provider says why.
    const select = page.getByLabel("Registered consumer", { exact: true });
    const option = await select.locator("option").evaluateAll((os, app) => os.find((o) => o.textContent?.startsWith(`${app} on`))?.getAttribute("value"), consumer27.app);
    await select.selectOption(option!);
    const preview = await currentPreview(page);
    await preview.getByTestId("preview-summary").filter({ hasText: /^\d+ of \d+ providers match the then side\.$/ }).waitFor();
    const decisions = await preview.locator("[data-preview-provider]").evaluateAll((lis) =>
      lis.map((li) => [new URL(li.getAttribute("data-preview-provider")!.replace(/^\w+:/, "http:")).host, li.getAttribute("data-kept"), li.querySelector("[data-reason]")!.textContent]),
    );
    const kept = provider("127.0.0.2").address;
    expect(decisions).toContainEqual([kept, "true", 'host 127.0.0.2 matches "127.0.0.2"']);
    expect(decisions.filter((d) => d[1] === "true").map((d) => d[0])).toEqual([kept]);
    expect(decisions).toContainEqual([provider("127.0.0.3").address, "false", "host 127.0.0.3 is not in 127.0.0.2"]);
    expect(await preview.locator('[data-chain-step="draft"]').count()).toBe(1);
    // Of the two registered consumers, only the 2.7 one matches the when side; the 3.3 one is judged by the config-center copy, which a new route gets by default.
    expect(await preview.locator("[data-impact-changed]").getAttribute("data-impact-changed")).toBe("1");
    expect(await preview.locator("[data-impact-basis]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-impact-basis")).sort())).toEqual(["config-center", "release"]);

    await page.getByTestId("save-route").click();
    const saved = page.getByTestId("route-saved");
    await saved.waitFor();
    const node = (await saved.getAttribute("data-saved-node"))!;
    expect(node.startsWith(`/dubbo/${GREETING}/routers/`)).toBe(true);
    const row = page.locator(`[data-route="${name}"]`);
    await row.waitFor();
    expect(await row.locator("[data-route-rule]").textContent()).toBe(rule);
    // The node is in ZooKeeper, its name the route URL with the rule inside, encoded twice.
    const children = await zk.children(`/dubbo/${GREETING}/routers`);
    const child = node.slice(node.lastIndexOf("/") + 1);
    expect(children).toContain(child);
    expect(child).toContain(javaUrlEncode(javaUrlEncode(rule)));

    // Listed across all services too, with a link back to its editor.
    await gotoSettled(page, `${server.url}/routes`);
    const listed = page.locator(`[data-route="${name}"]`);
    await listed.waitFor();
    await listed.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL((url) => url.pathname === "/services/detail" && url.searchParams.get("route") !== null);
    await page.getByRole("form", { name: `Edit route ${name}` }).waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
  });

  it("marks a syntax error inline at Dubbo's offset, and Save is refused by the page and by the server", async () => {
    const page = await open(`${ROUTES_TAB}&new=1`);
    await page.getByLabel("Name", { exact: true }).fill(`${PREFIX}-broken`);
    await page.getByRole("radio", { name: "Text" }).click();
    const bad = "host = 10.0.0.1 => host = 127.0.0.2 &, 127.0.0.3";
    const expected = syntaxOffset(bad);
    const text = page.getByTestId("rule-text");
    await text.click();
    await page.keyboard.type(bad);
    const marker = page.locator("[data-rule-error-offset]");
    await marker.waitFor();
    expect(Number(await marker.getAttribute("data-rule-error-offset"))).toBe(expected);
    expect(await marker.textContent()).toBe(bad.slice(expected).match(/^[&!=,]+/)![0]);
    expect(await page.locator("[data-rule-problem-offset]").getAttribute("data-rule-problem-offset")).toBe(String(expected));
    // The mark sits on the then side, after the arrow.
    const arrow = await page.locator('[data-rule-token="arrow"]').boundingBox();
    const mark = await marker.boundingBox();
    expect(mark!.x).toBeGreaterThan(arrow!.x);
    await page.screenshot({ path: `${SCREENSHOTS}/route-editor-text-error-1400.png` });

    const save = page.getByTestId("save-route");
    expect(await save.isDisabled()).toBe(true);
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && r.url().endsWith("/api/v1/routes") && posts.push(r.url()));
    await page.getByRole("form", { name: "New route" }).evaluate((f: HTMLFormElement) => f.requestSubmit());
    await page.getByTestId("save-route").waitFor();
    expect(posts).toEqual([]);
    // The server refuses it too, at the same offset.
    const answer = await fetch(`${server.url}/api/v1/routes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ service: GREETING, name: `${PREFIX}-broken`, rule: bad }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { code: string; offset: number } }).error).toMatchObject({ code: "invalid_rule", offset: expected });

    // Fixed, the mark goes and Save is allowed again.
    await page.keyboard.press("End");
    for (let i = 0; i < ", 127.0.0.3".length + 1; i++) await page.keyboard.press("Backspace");
    await marker.waitFor({ state: "detached" });
    expect(await save.isDisabled()).toBe(false);
  });

  it("keeps a rule the builder cannot hold as text, and says why", async () => {
    const page = await open(`${ROUTES_TAB}&new=1`);
    await page.getByRole("radio", { name: "Text" }).click();
    await page.getByTestId("rule-text").click();
    await page.keyboard.type("=> zone = $zone");
    await page.getByRole("radio", { name: "Visual" }).click();
    const notice = page.getByTestId("builder-text-only");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("refers to the consumer's parameters ($name)");
    await notice.getByRole("button", { name: "Edit as text" }).click();
    expect(await page.getByTestId("rule-text").textContent()).toBe("=> zone = $zone");
  });

  it("saves a route to the config center too when asked, lists both targets, and takes the copy out when the box is unticked", async () => {
    const page = await open(`${ROUTES_TAB}&new=1`);
    const name = `${PREFIX}-copy`;
    // A when side no registered consumer matches: the copy changes nobody's providers.
    const rule = "host = 10.9.9.8 => host = 127.0.0.2";
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("radio", { name: "Text" }).click();
    await page.getByTestId("rule-text").click();
    await page.keyboard.type(rule);
    const box = page.getByTestId("target-config-center");
    // GreetingService has a Dubbo 3.3.6 consumer, which obeys only the config-center copy: a new route goes there by default.
    expect(await box.isChecked()).toBe(true);
    await page.getByTestId("save-route").click();
    const saved = page.getByTestId("route-saved");
    await saved.waitFor();
    expect(await saved.getAttribute("data-saved-targets")).toBe("registry config-center");
    const row = page.locator(`[data-route="${name}"]`);
    await row.locator('[data-route-targets="registry config-center"][data-route-copy="present"]').waitFor();
    expect(await row.locator("[data-route-targets]").textContent()).toBe("registryconfig center");
    // In ZooKeeper: the route node, and its rule as a condition of GreetingService's config-center rule.
    expect(conditionsAt(await zk.getData(RULE_NODE))).toContain(rule);
    expect((await zk.children(`/dubbo/${GREETING}/routers`)).filter((c) => c.includes(`name%3D${name}%26`))).toHaveLength(1);

    // Opened again, the box is ticked; unticked and saved, the copy goes and the route stays.
    await row.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("form", { name: `Edit route ${name}` }).waitFor();
    expect(await box.isChecked()).toBe(true);
    await page.setViewportSize({ width: 420, height: 900 });
    const fieldset = await page.getByTestId("route-targets").boundingBox();
    expect(fieldset!.x + fieldset!.width).toBeLessThanOrEqual(420);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
    await page.getByTestId("route-targets").screenshot({ path: `${SCREENSHOTS}/route-editor-targets-420.png` });
    await box.uncheck();
    await page.getByTestId("save-route").click();
    await row.locator('[data-route-targets="registry"][data-route-copy="none"]').waitFor();
    expect(conditionsAt(await zk.getData(RULE_NODE))).not.toContain(rule);
  });

  it("deletes a route after a confirmation", async () => {
    const created = await fetch(`${server.url}/api/v1/routes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ service: GREETING, name: `${PREFIX}-doomed`, rule: "=> host != 127.0.0.9" }),
    });
    expect(created.status).toBe(201);
    const page = await open(ROUTES_TAB);
    const row = page.locator(`[data-route="${PREFIX}-doomed"]`);
    await row.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Its node is removed from the registry").waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await row.waitFor({ state: "detached" });
    const { routes } = routesResponseSchema.parse(await (await fetch(`${server.url}/api/v1/routes?service=${GREETING}`)).json());
    expect(routes.map((r) => r.name)).not.toContain(`${PREFIX}-doomed`);
  });
});

describe("POST /api/v1/routes/preview over HTTP", () => {
  const preview = (body: unknown) =>
    fetch(`${server.url}/api/v1/routes/preview`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const consumer = `consumer://10.9.9.9/${GREETING}?application=${consumer27.app}&interface=${GREETING}&side=consumer`;

  it("previews against the registry's providers of the service when none are listed", async () => {
    const res = await preview({ service: GREETING, rule: "=> host = 127.0.0.3", consumer, include: [] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { whenMatched: boolean; result: string[]; providersFrom: string; providers: { url: string; kept: boolean; reason: string }[] };
    expect(body.providersFrom).toBe("registry");
    expect(body.whenMatched).toBe(true);
    expect(body.result.map((u) => new URL(u.replace(/^\w+:/, "http:")).host)).toEqual([provider("127.0.0.3").address]);
    expect(body.providers).toHaveLength(rig.providers.length);
  });

  it("answers 400 invalid_rule with the offset for a rule Dubbo rejects, and 404 for an unknown service with no providers", async () => {
    const bad = await preview({ service: GREETING, rule: "host = 1 => , x", consumer });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: { code: "invalid_rule", message: expect.stringContaining("follows no"), offset: 12 } });
    const unknown = await preview({ service: "com.nope.Service", rule: "=> host = 1", consumer: "consumer://1.1.1.1/com.nope.Service" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("not_found");
    const invalid = await preview({ service: GREETING, rule: "=> host = 1", consumer, semantics: "2.6" });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { message: string } }).error.message).toContain('semantics must be "2.7"');
  });
});

describe("routes kept by others", () => {
  async function create(name: string, rule: string) {
    const res = await fetch(`${server.url}/api/v1/routes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ service: GREETING, name, rule }) });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; revision: string };
  }

  it("shows a route saved elsewhere without a reload, and refuses an edit based on a version someone else changed, offering to reload it", async () => {
    const page = await open(ROUTES_TAB);
    await page.getByTestId("service-routes").waitFor();
    await page.locator('[data-testid="registry-indicator"][data-live="open"]').waitFor();
    const name = `${PREFIX}-shared`;
    const first = await create(name, "=> host != 127.0.0.8");
    const row = page.locator(`[data-route="${name}"]`);
    await row.waitFor();
    await row.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("form", { name: `Edit route ${name}` }).waitFor();

    // Someone else changes it meanwhile.
    const put = await fetch(`${server.url}/api/v1/routes/${encodeURIComponent(first.id)}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ revision: first.revision, rule: "=> host != 127.0.0.7" }),
    });
    expect(put.status).toBe(200);
    // Its id stays (a named route's id is stable): the editor tells by the revision that it changed.
    expect(((await put.json()) as { id: string }).id).toBe(first.id);
    await page.getByTestId("changed-elsewhere").waitFor();
    await page.getByLabel("Priority", { exact: true }).fill("7");
    await page.getByTestId("save-route").click();
    const conflict = page.getByTestId("save-conflict");
    await conflict.waitFor();
    await conflict.getByRole("button", { name: "Reload the route" }).click();
    await page.getByRole("form", { name: `Edit route ${name}` }).waitFor();
    await page.getByTestId("generated-rule").filter({ hasText: "=> host != 127.0.0.7" }).waitFor();
    expect(await page.getByLabel("Priority", { exact: true }).inputValue()).toBe("0");
    expect(await page.getByTestId("changed-elsewhere").count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("route")).toBe(first.id);
  });

  it("disables and enables a route from the list", async () => {
    const name = `${PREFIX}-toggled`;
    await create(name, "=> host != 127.0.0.8");
    const page = await open(ROUTES_TAB);
    const row = page.locator(`[data-route="${name}"]`);
    await row.getByRole("button", { name: "Disable" }).click();
    // Disabling asks first (issue 15 item 8); enabling asks only when it would strand a consumer.
    await page.getByTestId("toggle-route-dialog-confirm").click();
    await row.getByText("disabled", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Enable" }).click();
    await row.getByText("enabled", { exact: true }).waitFor();
  });

  it("starts a new route from the Routes page by choosing its service", async () => {
    const page = await open("/routes");
    await page.getByTestId("routes-count").waitFor();
    await page.getByRole("button", { name: "New route" }).click();
    await page.getByLabel("Search services").fill("GreetingService");
    await page.locator(`[data-pick-service="${GREETING}"] a`).click();
    await page.waitForURL((url) => url.pathname === "/services/detail" && url.searchParams.get("new") === "1");
    await page.getByRole("form", { name: "New route" }).waitFor();
  });
});

describe("the route editor's layout", () => {
  const VIEWS = [420, 1400].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ width, theme })));

  it.each(VIEWS)("fits a $width px window in the $theme theme, preview included", async ({ width, theme }) => {
    const page = await open(`${ROUTES_TAB}&new=1`, { width, theme });
    await page.getByLabel("Name", { exact: true }).fill(`${PREFIX}-layout`);
    await addCondition(page, "when", "application", [consumer27.app]);
    await addCondition(page, "then", "host", ["127.0.0.2", "127.0.0.3"]);
    await (await currentPreview(page)).locator('[data-testid="preview-impact"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: `${SCREENSHOTS}/route-editor-${width}-${theme}.png`, fullPage: true });
    await page.getByRole("radio", { name: "Text" }).click();
    await page.locator('[data-rule-token="arrow"]').waitFor();
    const after = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(after).toBeLessThanOrEqual(width);
    if (width === 420) await page.screenshot({ path: `${SCREENSHOTS}/route-editor-${width}-${theme}-text.png` });
  });
});

/** Where the engine (and so Dubbo) rejects `rule`. */
function syntaxOffset(rule: string): number {
  try {
    parseConditionRule(rule, "2.7");
  } catch (e) {
    if (e instanceof RuleSyntaxError) return e.offset;
    throw e;
  }
  throw new Error(`${rule} parses`);
}
