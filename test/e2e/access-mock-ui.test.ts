import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { accessRulesResponseSchema } from "@/lib/api/access";
import { mocksResponseSchema } from "@/lib/api/mocks";
import { launchBrowser, openThemedPage, expectNoSidewaysScroll } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 17 parts 3 and 4 in Chromium, against the rig's real ZooKeeper and its two real
 * consumers of GreetingService: from the Access tab, a block of one registered consumer
 * application whose live preview names it blocked and the other keeping its providers, saved
 * as condition routes (the registry node and the config-center rule), then deleted; an
 * allow-only rule that would block everyone asks first and writes nothing when cancelled;
 * from the Mocks tab, a String mock built in the typed form (its JSON in sync), saved,
 * announced by the banner above the tabs, then deleted. At 420 and 1400 px in both themes.
 * Every node written is removed again, whatever happens, so other files see the service as it was.
 */
const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const ACCESS_TAB = `/services/detail?key=${GREETING}&tab=access`;
const MOCKS_TAB = `/services/detail?key=${GREETING}&tab=mocks`;
/** The service's config-center copies (`{interface}:{version}:{group}`, empty parts kept). */
const ROUTE_RULE_NODE = `/dubbo/config/dubbo/${GREETING}::.condition-router`;
const CONFIG_NODE = `/dubbo/config/dubbo/${GREETING}::.configurators`;
const ROUTERS_DIR = `/dubbo/${encodeURIComponent(GREETING)}/routers`;
const CONFIGURATORS_DIR = `/dubbo/${encodeURIComponent(GREETING)}/configurators`;
const SCREENSHOTS = process.env.ACCESS_MOCK_UI_SCREENSHOTS ?? "/tmp";
const LOOKS = [
  { width: 1400, theme: "light" },
  { width: 420, theme: "dark" },
  { width: 1400, theme: "dark" },
  { width: 420, theme: "light" },
] as const;

let server: ConsoleHandle;
let browser: Browser;
let zk: TestZk;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser, zk] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress, CONSOLE_WRITE_RATE: "100000/100000" }), launchBrowser(), connectTestZk(rig.zkConnectString)]);
  await waitForRegistrySync(server.url);
  await cleanUp();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
  await cleanUp();
});

afterAll(async () => {
  if (zk) await cleanUp();
  zk?.close();
  await browser?.close();
  await server?.stop();
});

/** Removes every access route and mock override of GreetingService (what this file writes), whoever wrote them. */
async function cleanUp(): Promise<void> {
  for (const node of await zk.children(ROUTERS_DIR).catch(() => [] as string[])) if (decodeURIComponent(node).includes("access-")) await zk.remove(`${ROUTERS_DIR}/${node}`);
  if ((await zk.getData(ROUTE_RULE_NODE))?.includes("=> false")) await zk.remove(ROUTE_RULE_NODE);
  for (const node of await zk.children(CONFIGURATORS_DIR).catch(() => [] as string[])) if (decodeURIComponent(node).includes(".mock=")) await zk.remove(`${CONFIGURATORS_DIR}/${node}`);
  if ((await zk.getData(CONFIG_NODE))?.includes(".mock")) await zk.remove(CONFIG_NODE);
}

function open(path: string, look: { width: number; theme: "light" | "dark" }): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width: look.width, height: 900, theme: look.theme });
}

async function accessRules() {
  const res = await fetch(`${server.url}/api/v1/access?service=${GREETING}&group=&version=`);
  expect(res.status).toBe(200);
  return accessRulesResponseSchema.parse(await res.json()).rules;
}

async function mocks() {
  const res = await fetch(`${server.url}/api/v1/mocks?service=${GREETING}&group=&version=`);
  expect(res.status).toBe(200);
  return mocksResponseSchema.parse(await res.json()).mocks;
}

/** Fails the test when the page scrolls sideways. */

/** Confirms the dialog `testId` and waits for it to close; fails with the error it shows if the server refused. */
async function confirm(page: Page, testId: string): Promise<void> {
  const dialog = page.getByTestId(testId);
  await dialog.getByTestId(`${testId}-confirm`).click();
  const outcome = await waitFor(`${testId} to close`, async () => ((await dialog.count()) === 0 ? "closed" : ((await dialog.locator("p.text-red-700").first().textContent({ timeout: 100 }).catch(() => null)) ?? false)), 15_000);
  expect(outcome, `${testId}: the server's answer`).toBe("closed");
}

/** Waits for the preview of the draft as it stands, and answers each consumer's verdict by application. */
async function previewVerdicts(page: Page): Promise<Map<string, { blocked: string | null; by: string | null }>> {
  const preview = page.locator('[data-testid="access-preview"][data-state="current"]');
  await preview.locator("[data-access-consumer]").first().waitFor();
  const rows = await preview.locator("[data-access-consumer]").evaluateAll((els) => els.map((e) => [e.getAttribute("data-access-consumer"), e.getAttribute("data-blocked"), e.querySelector("[data-by]")?.getAttribute("data-by") ?? null] as const));
  return new Map(rows.map(([app, blocked, by]) => [app ?? "", { blocked, by }]));
}

describe.each(LOOKS)("the Access tab at $width px, $theme", (look) => {
  it("blocks one registered consumer application after a preview that names it blocked and the other keeping providers, saves it as condition routes, moves it to the other application by an edit, and deletes it", async () => {
    const [victim, other] = rig.consumers;
    const page = await open(ACCESS_TAB, look);
    await page.getByTestId("access-empty").waitFor();
    await page.getByTestId("new-access").click();
    const editor = page.getByTestId("access-editor");
    await editor.getByTestId("access-preview-empty").waitFor();
    // The service's registered consumer applications are offered.
    await editor.locator(`[data-testid="access-applications"] [data-option="${victim!.app}"]`).click();
    const verdicts = await previewVerdicts(page);
    expect(verdicts.get(victim!.app)).toEqual({ blocked: "true", by: "draft" });
    expect(verdicts.get(other!.app)).toEqual({ blocked: "false", by: "" });
    const preview = page.getByTestId("access-preview");
    expect([await preview.getAttribute("data-blocked"), await preview.getAttribute("data-kept"), await preview.getAttribute("data-blocks-everyone")]).toEqual([
      String([...verdicts.values()].filter((v) => v.blocked === "true").length),
      String([...verdicts.values()].filter((v) => v.blocked === "false").length),
      "false",
    ]);
    expect(await preview.locator(`[data-access-consumer="${victim!.app}"] [data-testid="access-consumer-verdict"]`).first().textContent()).toContain("blocked");
    expect(await preview.locator(`[data-access-consumer="${other!.app}"] [data-testid="access-consumer-verdict"]`).first().textContent()).toContain("keeps providers");
    await expectNoSidewaysScroll(page, `access editor ${look.width} ${look.theme}`);
    await page.screenshot({ path: `${SCREENSHOTS}/am-access-editor-${look.width}-${look.theme}.png`, fullPage: true });

    await editor.getByTestId("save-access").click();
    // Blocking one of two asks nothing; were a confirm shown, the test would wait here in vain.
    await editor.waitFor({ state: "detached" });
    const row = page.locator("[data-access-rule]");
    await row.waitFor();
    expect(await row.getByTestId("access-rule-lists").textContent()).toBe(`application ${victim!.app}`);
    expect([await row.getAttribute("data-mode"), await row.getAttribute("data-enabled")]).toEqual(["block", "true"]);
    const rules = await accessRules();
    expect(rules.map((r) => [r.mode, r.applications, r.hosts, r.enabled, r.route.name, r.route.rule, r.route.targets])).toEqual([
      ["block", [victim!.app], [], true, "access-block-applications", `application = ${victim!.app} => false`, ["registry", "config-center"]],
    ]);
    // Its two copies: the registry's routers node and a condition of the config-center rule.
    expect(await zk.getData(rules[0]!.route.node)).not.toBeNull();
    expect(await zk.getData(ROUTE_RULE_NODE)).toContain(`application = ${victim!.app} => false`);
    await expectNoSidewaysScroll(page, `access list ${look.width} ${look.theme}`);
    await page.screenshot({ path: `${SCREENSHOTS}/am-access-list-${look.width}-${look.theme}.png`, fullPage: true });

    // Delete names the revision the row shows: once the registry brings both copies back it moves, so wait until the row shows that one.
    const settled = await waitFor("the rule read back with both copies", async () => (await accessRules()).find((r) => r.route.configCenter === "present"), 15_000);
    await page.locator(`[data-access-rule][data-revision="${settled.revision}"]`).waitFor();

    // Edit: the block moves from one application to the other; the preview judges the draft in place of the rule it edits.
    await row.getByTestId("edit-access").click();
    const edit = page.locator(`[data-testid="access-editor"][data-editing="${settled.id}"]`);
    await edit.waitFor();
    expect(await edit.getByTestId("access-mode").getAttribute("data-value")).toBe("block");
    await edit.getByRole("button", { name: `Remove ${victim!.app}` }).click();
    await edit.locator(`[data-testid="access-applications"] [data-option="${other!.app}"]`).click();
    const edited = await waitFor("the edit's preview", async () => {
      const v = await previewVerdicts(page);
      return v.get(other!.app)?.blocked === "true" ? v : undefined;
    });
    expect(edited.get(other!.app)).toEqual({ blocked: "true", by: "draft" });
    expect(edited.get(victim!.app)).toEqual({ blocked: "false", by: "" });
    await edit.getByTestId("save-access").click();
    await edit.waitFor({ state: "detached" });
    const moved = await waitFor("the edited rule read back with both copies", async () => (await accessRules()).find((r) => r.applications.join() === other!.app && r.route.configCenter === "present"), 15_000);
    expect([moved.id, moved.mode, moved.route.rule]).toEqual([settled.id, "block", `application = ${other!.app} => false`]);
    expect(await zk.getData(ROUTE_RULE_NODE)).toContain(`application = ${other!.app} => false`);
    await page.locator(`[data-access-rule][data-revision="${moved.revision}"]`).waitFor();
    await row.getByTestId("delete-access").click();
    await confirm(page, "delete-access-dialog");
    await page.getByTestId("access-empty").waitFor();
    expect(await accessRules()).toEqual([]);
    await waitFor("the routers node removed", async () => (await zk.getData(rules[0]!.route.node)) === null, 10_000);
  });
});

describe("the Access tab's confirm", () => {
  it("asks before an allow-only rule that blocks every consumer, names them, and writes nothing when cancelled", async () => {
    const page = await open(ACCESS_TAB, { width: 420, theme: "dark" });
    await page.getByTestId("new-access").click();
    const editor = page.getByTestId("access-editor");
    await editor.getByTestId("access-mode").locator('[data-choice="allow"]').click();
    await editor.getByLabel("Add to Consumer applications").fill("e2e-nobody");
    await editor.getByLabel("Add to Consumer applications").press("Enter");
    const verdicts = await previewVerdicts(page);
    for (const c of rig.consumers) expect(verdicts.get(c.app)?.blocked, c.app).toBe("true");
    expect(await page.getByTestId("access-preview").getAttribute("data-blocks-everyone")).toBe("true");
    await editor.getByTestId("save-access").click();
    const dialog = page.getByTestId("access-stranding-dialog");
    await dialog.waitFor();
    const named = await dialog.locator("[data-stranded-consumer]").evaluateAll((els) => els.map((e) => e.getAttribute("data-stranded-consumer")));
    expect(named.sort()).toEqual(rig.consumers.map((c) => c.app).sort());
    await expectNoSidewaysScroll(page, "access confirm 420 dark");
    await page.screenshot({ path: `${SCREENSHOTS}/am-access-confirm-420-dark.png`, fullPage: true });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await accessRules()).toEqual([]);
    // A host that is no IPv4 address: the server's issue shows beside the hosts field, and nothing is previewed.
    await editor.getByTestId("access-dimension").locator('[data-choice="hosts"]').click();
    await editor.getByLabel("Add to Consumer hosts").fill("10.0.0.999");
    await editor.getByLabel("Add to Consumer hosts").press("Enter");
    const issue = editor.locator('[data-testid="access-field-issue"][data-field="hosts"]');
    await issue.first().waitFor();
    expect(await issue.first().textContent()).toContain("IPv4");
    expect(await editor.getByTestId("access-preview-error").textContent()).toContain("No preview until the list is valid");
    expect(await zk.getData(ROUTE_RULE_NODE).then((t) => t?.includes("e2e-nobody") ?? false)).toBe(false);
  });
});

describe.each(LOOKS)("the Mocks tab at $width px, $theme", (look) => {
  it("sets a String mock of greet from the typed form with its JSON in sync, shows the banner while it is on, edits its value, and deletes it", async () => {
    const page = await open(MOCKS_TAB, look);
    await page.getByTestId("mocks-empty").waitFor();
    expect(await page.getByTestId("mock-banner").count()).toBe(0);
    await page.getByTestId("new-mock").click();
    const editor = page.getByTestId("mock-editor");
    const select = editor.getByTestId("method-select");
    const greet = await select.locator("option").evaluateAll((els) => els.map((e) => e.textContent ?? "").find((t) => t.startsWith("greet(")));
    expect(greet).toBe("greet(String) → String");
    await select.selectOption({ label: greet! });
    const field = editor.locator('[data-testid="mock-returns"] [data-field-path="args.0"][data-field-kind="string"] input');
    // The JSON view's edit shows in the typed field, and the field's in the JSON view.
    await editor.getByTestId("args-json").click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.insertText('"via json"');
    await waitFor("the typed field in step with the JSON view", async () => (await field.inputValue()) === "via json", 5_000);
    await field.fill("mocked!");
    await waitFor("the JSON view in step with the form", async () => (await editor.getByTestId("args-json").textContent()) === '"mocked!"', 5_000);
    // Before Save: who would receive it (no application named: every registered consumer, each by its application).
    const receivers = editor.getByTestId("mock-receivers");
    expect(await receivers.getAttribute("data-count")).toBe(String(rig.consumers.length));
    for (const c of rig.consumers) expect(await receivers.textContent()).toContain(`${c.app} (`);
    await expectNoSidewaysScroll(page, `mock editor ${look.width} ${look.theme}`);
    await page.screenshot({ path: `${SCREENSHOTS}/am-mocks-editor-${look.width}-${look.theme}.png`, fullPage: true });
    await editor.getByTestId("save-mock").click();
    await editor.waitFor({ state: "detached" });

    const row = page.locator('[data-mock][data-method="greet"]');
    await row.waitFor();
    expect(await row.getByTestId("mock-answer-text").textContent()).toBe('returns "mocked!"');
    const saved = await mocks();
    expect(saved.map((m) => [m.method, m.mode, m.returns, m.throws, m.applications, m.enabled])).toEqual([["greet", "force", "mocked!", undefined, [], true]]);
    // Every registered consumer of the service receives it (no applications named), as the server lists them.
    expect(saved[0]!.consumers.map((c) => c.application).sort()).toEqual(rig.consumers.map((c) => c.app).sort());
    // Its config-center copy: the override's one parameter, as MockClusterInvoker reads it.
    expect(await zk.getData(CONFIG_NODE)).toMatch(/greet\.mock"?: "?force:return \\?"mocked!\\?"/);
    const banner = page.getByTestId("mock-banner");
    await banner.waitFor();
    expect(await banner.getByTestId("mock-banner-text").textContent()).toBe("1 method answers mocked values for every consumer of the service");
    await expectNoSidewaysScroll(page, `mocks list ${look.width} ${look.theme}`);
    await page.screenshot({ path: `${SCREENSHOTS}/am-mocks-list-${look.width}-${look.theme}.png`, fullPage: true });

    // Delete names the revision the row shows: it moves once the registry copy is read back, so wait until the row shows that one.
    const both = await waitFor("the mock read back with both copies", async () => (await mocks()).find((m) => m.config.targets.includes("registry") && m.config.targets.includes("center")), 15_000);
    await page.locator(`[data-mock][data-revision="${both.revision}"]`).waitFor();

    // Edit: the form opens with the value saved; the new one replaces it.
    await row.getByTestId("edit-mock").click();
    const edit = page.locator(`[data-testid="mock-editor"][data-editing="${both.id}"]`);
    await edit.waitFor();
    const editField = edit.locator('[data-testid="mock-returns"] [data-field-path="args.0"][data-field-kind="string"] input');
    expect(await editField.inputValue()).toBe("mocked!");
    await editField.fill("edited!");
    await edit.getByTestId("save-mock").click();
    await edit.waitFor({ state: "detached" });
    await waitFor("the row showing the edited value", async () => (await row.getByTestId("mock-answer-text").textContent()) === 'returns "edited!"', 10_000);
    const changed = await waitFor("the edited mock read back with both copies", async () => (await mocks()).find((m) => m.returns === "edited!" && m.config.targets.includes("registry") && m.config.targets.includes("center")), 15_000);
    expect([changed.method, changed.mode, changed.enabled]).toEqual(["greet", "force", true]);
    await page.locator(`[data-mock][data-revision="${changed.revision}"]`).waitFor();
    await row.getByTestId("delete-mock").click();
    await confirm(page, "delete-mock-dialog");
    await page.getByTestId("mocks-empty").waitFor();
    await banner.waitFor({ state: "detached" });
    expect(await mocks()).toEqual([]);
  });
});
