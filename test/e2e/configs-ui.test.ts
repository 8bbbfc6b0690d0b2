import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { configsResponseSchema } from "@/lib/api/overrides/configs";
import { invokeResponseSchema } from "@/lib/api/invoke";
import { launchBrowser, openThemedPage, expectNoSidewaysScroll } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 16 part 5 in Chromium, against the rig's real ZooKeeper, its real 2.7.23 and 3.3.6
 * providers of GreetingService and its two real consumers: a provider taken offline from the
 * Providers tab (the confirm shows the server's preview: each consumer's sentence) stops serving the console's own calls
 * through the cluster and serves them again once brought back; a timeout override built in
 * the form shows as YAML, a YAML edit shows in the form, and bad YAML is marked where it is
 * wrong with nothing written; at 420 and 1400 px in both themes.
 */
const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const PROVIDERS_TAB = `/services/detail?key=${GREETING}`;
const CONFIG_TAB = `/services/detail?key=${GREETING}&tab=configuration`;
/** The service's config-center rule (`{interface}:{version}:{group}`, empty parts kept). */
const CENTER_NODE = `/dubbo/config/dubbo/${GREETING}::.configurators`;
const REGISTRY_DIR = `/dubbo/${encodeURIComponent(GREETING)}/configurators`;
const SCREENSHOTS = process.env.CONFIGS_UI_SCREENSHOTS ?? "/tmp";
/** The interface-level 2.7.23 provider: the one taken offline. */
const OFF = rig.providers.find((p) => p.line === "2.7")!.address;

let server: ConsoleHandle;
let browser: Browser;
let zk: TestZk;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // The checks below call the service 30 times per poll until the provider is back: at the default invoke
  // budget (20/s) a wait longer than a poll or two starves on 429, so this file's console gets a larger one.
  [server, browser, zk] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress, CONSOLE_INVOKE_RATE: "1000/2000" }), launchBrowser(), connectTestZk(rig.zkConnectString)]);
  await waitForRegistrySync(server.url);
  await clearConfigs();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  if (server) await clearConfigs();
  zk?.close();
  await browser?.close();
  await server?.stop();
});

/** Removes every override of GreetingService, whoever wrote it, so each test starts from none. */
async function clearConfigs(): Promise<void> {
  await zk.removeTree(CENTER_NODE);
  const children = await zk.children(REGISTRY_DIR).catch(() => [] as string[]);
  for (const child of children) await zk.removeTree(`${REGISTRY_DIR}/${child}`);
}

function open(path: string, { width = 1400, theme = "light" }: { width?: number; theme?: "light" | "dark" } = {}): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width, height: 900, theme });
}

async function listed() {
  const res = await fetch(`${server.url}/api/v1/configs?service=${GREETING}&group=&version=`);
  expect(res.status).toBe(200);
  return configsResponseSchema.parse(await res.json()).configs;
}

/** The providers that served `n` consecutive calls of whoAmI through the cluster (no pinned provider). */
async function served(n: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${server.url}/api/v1/invoke`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ service: GREETING, method: "whoAmI", parameterTypes: [], args: [], retries: 0 }) });
    expect(res.status).toBe(200);
    seen.push(invokeResponseSchema.parse(await res.json()).provider);
  }
  return seen;
}

/** Fails the test when the page scrolls sideways. */

async function replaceYaml(page: Page, text: string): Promise<void> {
  await page.getByTestId("config-yaml").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

describe("the Providers tab's actions", () => {
  it("takes a provider offline after a confirm that names who loses it, the console's calls stop reaching it, and Online brings it back", async () => {
    expect(new Set(await served(30)).has(OFF)).toBe(true);
    const page = await open(PROVIDERS_TAB);
    const row = page.locator(`[data-testid="providers-table"] [data-provider="${OFF}"]`);
    await row.getByTestId("provider-offline").click();
    const dialog = page.getByTestId("provider-action-dialog");
    await dialog.waitFor();
    // Who loses it, as the server's preview judges each registered consumer by its release: a sentence per consumer, none stranded.
    const summaries = await serverSummaries(dialog);
    for (const c of rig.consumers) expect(summaries.some((l) => l.startsWith(`${c.app}: `)), c.app).toBe(true);
    expect(summaries.some((l) => l.includes(`${OFF} leaves its providers`)), summaries.join(" | ")).toBe(true);
    expect(await dialog.getByTestId("config-preview").getAttribute("data-stranded")).toBe("0");
    expect(await dialog.locator('[data-stranded="true"]').count()).toBe(0);
    const shares = await dialog.locator(`[data-preview-share="${OFF}"] td:last-child`).allTextContents();
    expect(shares.length).toBeGreaterThan(0);
    for (const cell of shares) expect(cell).toMatch(/→ (0%|no calls)$/);
    expect(await dialog.getByTestId("honouring-releases").textContent()).toContain("obeyed by Dubbo 2.6 and 2.7");
    for (const width of [420, 1400]) {
      for (const theme of ["light", "dark"] as const) {
        const view = width === 1400 && theme === "light" ? page : await open(PROVIDERS_TAB, { width, theme });
        if (view !== page) {
          await view.locator(`[data-provider="${OFF}"]`).getByTestId("provider-offline").click();
          await serverSummaries(view.getByTestId("provider-action-dialog"));
        }
        await expectNoSidewaysScroll(view, `offline confirm ${width} ${theme}`);
        await view.screenshot({ path: `${SCREENSHOTS}/configs-offline-${width}-${theme}.png`, fullPage: true });
      }
    }
    await dialog.getByTestId("provider-action-dialog-confirm").click();
    await dialog.waitFor({ state: "detached" });
    // The list shows it disabled once the registry brings the override back.
    await row.locator(`[data-status="disabled"]`).waitFor();
    expect(await row.getByTestId("provider-online").count()).toBe(1);
    expect(await row.locator('[data-label="Status"]').textContent()).toContain("by config");
    for (const [width, theme] of [[1400, "light"], [420, "dark"]] as const) {
      const view = await open(PROVIDERS_TAB, { width, theme });
      await view.locator(`[data-provider="${OFF}"] [data-status="disabled"]`).waitFor();
      await expectNoSidewaysScroll(view, `offline provider listed ${width} ${theme}`);
      await view.screenshot({ path: `${SCREENSHOTS}/configs-offline-listed-${width}-${theme}.png`, fullPage: true });
    }
    const offline = (await listed()).filter((c) => c.parameters.disabled === "true");
    expect(offline.map((c) => c.providerAddresses)).toEqual(offline.map(() => [OFF]));
    // The console's own calls through the cluster: none reaches it once the override is read.
    await waitFor("30 consecutive calls served without the offline provider", async () => !(await served(30)).includes(OFF), 20_000);

    await row.getByTestId("provider-online").click();
    // Online previews the removal of the offline config: the provider rejoins.
    const back = await serverSummaries(page.getByTestId("provider-action-dialog"));
    expect(back.some((l) => l.includes(`${OFF} rejoins its providers`)), back.join(" | ")).toBe(true);
    await page.getByTestId("provider-action-dialog-confirm").click();
    await row.getByTestId("provider-offline").waitFor();
    await waitFor("the provider serving the console's calls again", async () => (await served(30)).includes(OFF), 20_000);
    expect((await listed()).filter((c) => c.parameters.disabled === "true")).toEqual([]);
  });
});

describe("the Providers tab's weight", () => {
  it("doubles, halves and sets a provider's weight after a confirm with the shares before and after, lists it by config, and the config's delete restores it", async () => {
    const page = await open(PROVIDERS_TAB);
    const row = page.locator(`[data-testid="providers-table"] [data-provider="${OFF}"]`);
    await row.getByTestId("provider-weight").click();
    const dialog = page.getByTestId("provider-action-dialog");
    await dialog.waitFor();
    const input = dialog.getByTestId("weight-input");
    expect(await input.inputValue()).toBe("100");
    await dialog.getByTestId("weight-double").click();
    expect(await input.inputValue()).toBe("200");
    await dialog.getByTestId("weight-halve").click();
    await dialog.getByTestId("weight-halve").click();
    expect(await input.inputValue()).toBe("50");
    await input.fill("900");
    // The server's preview of weight 900: the provider's weight moves to 900, and where the consumer weighs, its share grows.
    const toNine = (l: string) => l.includes(`${OFF}: weight`) && l.includes("→ 900");
    await waitFor("the server's preview of weight 900", async () => (await serverSummaries(dialog)).some(toNine), 15_000);
    // A 3.3.6 consumer weighs the whole weight (it strips the providers' timestamp). A 2.7.23 one scales it by
    // (uptime / 10 min)², at least 1: in a provider's first seconds 100 and 900 both weigh 1, so its share may hold.
    const grown = await dialog.locator("[data-preview-consumer]").evaluateAll((items, off) => items.flatMap((li) => {
      const cell = li.querySelector(`[data-preview-share="${off}"] td:last-child`);
      return cell ? [{ dubbo3: (li.textContent ?? "").includes("3.x rules"), cell: cell.textContent ?? "" }] : [];
    }), OFF);
    expect(grown.filter((g) => g.dubbo3).length).toBeGreaterThan(0);
    for (const { dubbo3, cell } of grown) {
      const [before, after] = cell.split("→").map((t) => Number.parseInt(t, 10));
      expect(Number.isNaN(before!) || Number.isNaN(after!), cell).toBe(false);
      if (dubbo3) expect(after!, cell).toBeGreaterThan(before!);
      else expect(after!, cell).toBeGreaterThanOrEqual(before!);
    }
    await view420(dialog);
    await dialog.getByTestId("provider-action-dialog-confirm").click();
    await dialog.waitFor({ state: "detached" });
    await row.locator('[data-weight="900"]').waitFor();
    expect(await row.locator('[data-label="Weight"]').textContent()).toContain("by config");
    const weighted = (await listed()).filter((c) => c.parameters.weight === "900");
    expect(weighted.map((c) => [c.side, c.providerAddresses])).toEqual([["consumer", [OFF]]]);

    // Its config is listed on the Configuration tab; deleting it (confirmed) gives the provider its URL's weight back.
    const tab = await open(CONFIG_TAB);
    const config = tab.locator(`[data-config="${weighted[0]!.id}"]`);
    expect(await config.getByTestId("config-parameters").textContent()).toBe("weight=900");
    expect(await config.locator("[data-origin]").getAttribute("data-origin")).toBe("console");
    await config.getByTestId("delete-config").click();
    await tab.getByTestId("delete-config-dialog-confirm").click();
    await tab.getByTestId("configs-empty").waitFor();
    await row.locator('[data-weight="100"]').waitFor();
  });
});

/** Waits for the confirm to show the server's preview of the draft as it stands (not the page's estimate), and answers each consumer's sentence. */
async function serverSummaries(dialog: ReturnType<Page["getByTestId"]>): Promise<string[]> {
  await dialog.locator('[data-testid="provider-outcome"][data-source="server"][data-state="current"]').waitFor();
  return dialog.getByTestId("preview-summary").allTextContents();
}

/** A screenshot of the weight confirm at 420 px in the dark theme (the 1400 px light one is `dialog`'s own page). */
async function view420(dialog: ReturnType<Page["getByTestId"]>): Promise<void> {
  await dialog.page().screenshot({ path: `${SCREENSHOTS}/configs-weight-1400-light.png` });
  const view = await open(PROVIDERS_TAB, { width: 420, theme: "dark" });
  await view.locator(`[data-provider="${OFF}"]`).getByTestId("provider-weight").click();
  await view.getByTestId("weight-input").fill("900");
  await serverSummaries(view.getByTestId("provider-action-dialog"));
  await expectNoSidewaysScroll(view, "weight confirm 420 dark");
  await view.screenshot({ path: `${SCREENSHOTS}/configs-weight-420-dark.png`, fullPage: true });
}

describe("the Configuration tab's editor", () => {
  it("builds a timeout override in the form, shows it as YAML, reads a YAML edit back into the form, marks bad YAML and writes nothing until it is fixed", async () => {
    const page = await open(CONFIG_TAB);
    await page.getByTestId("new-config").click();
    const editor = page.getByTestId("config-editor");
    await editor.waitFor();
    // The form: one timeout row, with its meaning and Dubbo's default.
    await editor.getByTestId("parameter-key").first().fill("timeout");
    await editor.getByTestId("parameter-value").first().fill("3000");
    expect(await editor.getByTestId("parameter-meaning").first().textContent()).toContain("Dubbo's default: 1000");
    // The YAML it writes.
    await editor.getByTestId("config-mode-yaml").click();
    const yaml = editor.getByTestId("config-yaml");
    await yaml.waitFor();
    expect(await yaml.textContent()).toContain('"timeout": "3000"');
    // Edit the YAML: the form shows the edit.
    const text = (await page.evaluate(() => document.querySelector('[data-testid="config-yaml"]')?.textContent ?? "")) as string;
    expect(text).toContain("configVersion: v3.0");
    const edited = ["configVersion: v3.0", "scope: service", `key: "${GREETING}"`, "enabled: true", "configs:", "  - side: consumer", "    parameters:", '      "timeout": "4500"', '      "retries": "0"', "    enabled: true", ""].join("\n");
    await replaceYaml(page, edited);
    await editor.getByTestId("config-mode-form").click();
    expect(await editor.getByTestId("parameter-value").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(["4500", "0"]);
    expect(await editor.getByTestId("parameter-key").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(["timeout", "retries"]);
    // Before Save, the server's preview of the draft as it stands: a sentence for each registered consumer, its timeout moving to 4500.
    const preview = editor.locator('[data-testid="draft-preview"][data-state="current"]');
    const timeoutTo4500 = async () => {
      const lines = await preview.getByTestId("draft-preview-line").allTextContents();
      return rig.consumers.every((c) => lines.some((l) => l.startsWith(`${c.app}: `) && l.includes("timeout") && l.includes("→ 4500")));
    };
    await waitFor("the editor's preview of timeout 4500 for every consumer", timeoutTo4500, 15_000);

    // Bad YAML: marked at the offending line, Save held, nothing written.
    await editor.getByTestId("config-mode-yaml").click();
    await replaceYaml(page, edited.replace('"retries": "0"', '"retries": [0'));
    const error = editor.getByTestId("yaml-error");
    await error.waitFor();
    expect(Number(await error.getAttribute("data-line"))).toBeGreaterThanOrEqual(9);
    await editor.locator(".cm-rule-error").first().waitFor();
    expect(await editor.getByTestId("save-config").isDisabled()).toBe(true);
    expect(await editor.getByTestId("config-mode-form").isDisabled()).toBe(true);
    for (const width of [420, 1400]) {
      for (const theme of ["light", "dark"] as const) {
        const view = width === 1400 && theme === "light" ? page : await open(CONFIG_TAB, { width, theme });
        if (view !== page) {
          await view.getByTestId("new-config").click();
          await view.getByTestId("parameter-value").first().fill("3000");
          await view.screenshot({ path: `${SCREENSHOTS}/configs-form-${width}-${theme}.png`, fullPage: true });
          await view.getByTestId("config-mode-yaml").click();
          await replaceYaml(view, edited.replace('"retries": "0"', '"retries": [0'));
          await view.getByTestId("yaml-error").waitFor();
        }
        await expectNoSidewaysScroll(view, `yaml error ${width} ${theme}`);
        await view.screenshot({ path: `${SCREENSHOTS}/configs-yaml-error-${width}-${theme}.png`, fullPage: true });
      }
    }
    expect(await zk.getData(CENTER_NODE)).toBeNull();
    expect(await listed()).toEqual([]);

    // Fixed, saved: listed, written to the config center as shown.
    await replaceYaml(page, edited);
    await error.waitFor({ state: "detached" });
    await editor.getByTestId("save-config").click();
    await editor.waitFor({ state: "detached" });
    const row = page.getByTestId("configs-table").locator("[data-config]");
    await row.first().waitFor();
    expect(await row.getByTestId("config-parameters").textContent()).toBe("retries=0 timeout=4500");
    expect(await zk.getData(CENTER_NODE)).toContain('"timeout": "4500"');
    const saved = await listed();
    expect(saved.map((c) => [c.scope, c.side, c.parameters, c.origin])).toEqual([["service", "consumer", { timeout: "4500", retries: "0" }, "console"]]);

    // Delete, confirmed: gone from the list and from ZooKeeper. (The row shown is the saved one, both copies: its revision is the listing's.)
    await page.locator(`[data-config-revision="${saved[0]!.revision}"]`).waitFor();
    await row.getByTestId("delete-config").click();
    await page.getByTestId("delete-config-dialog-confirm").click();
    await page.getByTestId("configs-empty").waitFor();
    expect(await listed()).toEqual([]);

    // History from the audit trail: the creation and the deletion; rolling the deletion back writes the config again.
    const history = page.getByTestId("config-history");
    await history.locator("summary").first().click();
    // This test's deletion (the weight test's is in the same service's history, and may be listed first while the trail refetches).
    const deletion = history.locator('[data-audit-kind="config.delete"]').filter({ hasText: "4500" }).first();
    await deletion.waitFor();
    expect(await history.locator('[data-audit-kind="config.create"]').count()).toBeGreaterThanOrEqual(1);
    await deletion.getByTestId("rollback-config").click();
    await page.getByTestId("rollback-config-dialog-confirm").click();
    await page.getByTestId("configs-table").locator("[data-config]").first().waitFor();
    expect((await listed()).map((c) => c.parameters)).toEqual([{ timeout: "4500", retries: "0" }]);
  });
});
