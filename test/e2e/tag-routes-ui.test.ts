import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { tagPreviewResponseSchema } from "@/lib/api/tag-route-preview";
import { tagRoutesResponseSchema } from "@/lib/api/tag-routes";
import { renderTagRule } from "@/lib/tag/tag-draft";
import { launchBrowser, openThemedPage, expectNoSidewaysScroll } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 17 part 1's editor in Chromium, against the rig's real ZooKeeper and real providers:
 * a tag rule for the 2.7.23 provider application built by ticking its live provider, the
 * preview per tag and per consumer shown as the server judges it, the YAML mode in step with
 * the form both ways and a refused text marked with nothing saved, the save written to the
 * config center, then disabled, its history listed, and deleted; at 420 and 1400 px in both
 * themes. Every node it writes is removed again.
 */
const rig = inject("rig");
const GRAY = rig.providers.find((p) => p.line === "2.7")!;
const APP = GRAY.app;
const NODE = `/dubbo/config/dubbo/${APP}.tag-router`;
const ENTRY = `${GRAY.address.split(":")[0]}/32`;
const SCREENSHOTS = process.env.TAG_UI_SCREENSHOTS ?? "/tmp";

let server: ConsoleHandle;
let browser: Browser;
let zk: TestZk;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser, zk] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser(), connectTestZk(rig.zkConnectString)]);
  await waitForRegistrySync(server.url);
  await zk.removeTree(NODE);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  if (zk) await zk.removeTree(NODE);
  zk?.close();
  await browser?.close();
  await server?.stop();
});

function open(path: string, { width = 1400, theme = "light" }: { width?: number; theme?: "light" | "dark" } = {}): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width, height: 900, theme });
}

async function listed() {
  const res = await fetch(`${server.url}/api/v1/tag-routes?application=${encodeURIComponent(APP)}`);
  expect(res.status).toBe(200);
  return tagRoutesResponseSchema.parse(await res.json()).tagRoutes;
}

/** The server's own preview of `yaml`, to hold the page's rows against. */
async function serverPreview(yaml: string) {
  const res = await fetch(`${server.url}/api/v1/tag-routes/preview`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ application: APP, yaml }) });
  expect(res.status).toBe(200);
  return tagPreviewResponseSchema.parse(await res.json());
}

async function replaceYaml(page: Page, text: string): Promise<void> {
  await page.getByTestId("config-yaml").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

/** Opens a new rule for the 2.7 provider application and ticks its live provider into tag "gray"; waits for the preview of that draft. */
async function startDraft(page: Page): Promise<void> {
  await page.getByTestId("new-tag-route-application").fill(APP);
  await page.getByTestId("new-tag-route-start").click();
  const editor = page.getByTestId("tag-route-editor");
  await editor.waitFor();
  await editor.locator(`[data-testid="tag-pick-provider"][data-address="${GRAY.address}"]`).check();
  await page.locator('[data-testid="tag-selection"][data-tag="gray"] [data-release="2.7"][data-total="1"]').waitFor();
  await page.locator('[data-testid="tag-preview"][data-state="current"]').waitFor();
}

describe("the tag rule editor", () => {
  it("builds a rule by picking a live provider, previews each tag and consumer as the server does, and keeps the YAML in step", async () => {
    const page = await open("/tag-routes");
    await startDraft(page);
    // The tag selects exactly the picked provider, for both releases (2.7 by the /32 entry, 3.3 the same).
    for (const release of ["2.7", "3.x"]) expect(await page.locator(`[data-testid="tag-selection"][data-tag="gray"] [data-release="${release}"]`).getAttribute("data-total"), release).toBe("1");
    expect(await page.getByTestId("tag-selection").first().textContent()).toContain(GRAY.address);

    // Switch to YAML: the text is the rule the form built.
    await page.getByTestId("tag-mode-yaml").click();
    // (CodeMirror's content has no line breaks in its text, so the lines are compared joined.)
    const text = renderTagRule(APP, { force: false, enabled: true, runtime: true, priority: 0, tags: [{ name: "gray", addresses: [ENTRY], match: [] }] });
    expect(await page.getByTestId("config-yaml").textContent()).toBe(text.split("\n").join(""));

    // The page's rows are the server's preview of that text, row by row.
    const expected = await serverPreview(text);
    const rows = page.getByTestId("tag-preview-row");
    const expectedRows = expected.services.flatMap((s) => s.consumers.flatMap((c) => c.requests.map((r) => ({ service: s.service, consumer: c.application, tag: r.tag ?? "", after: String(r.after.providers.total) }))));
    expect(expectedRows.length).toBeGreaterThan(0);
    expect(await rows.count()).toBe(expectedRows.length);
    for (const c of rig.consumers) expect(expectedRows.some((r) => r.consumer === c.app && r.tag === "gray"), c.app).toBe(true);
    for (const r of expectedRows) {
      const row = page.locator(`[data-testid="tag-preview-row"][data-service="${r.service}"][data-consumer="${r.consumer}"][data-request-tag="${r.tag}"]`).first();
      expect(await row.getByTestId("tag-preview-after").getAttribute("data-total"), `${r.consumer} ${r.tag}`).toBe(r.after);
    }

    // A YAML edit shows in the form: force on.
    await replaceYaml(page, text.replace("force: false", "force: true"));
    await page.getByTestId("tag-mode-form").click();
    expect(await page.getByTestId("tag-force").isChecked()).toBe(true);

    // A text Dubbo 3 refuses is marked, the form and Save wait, nothing is written.
    await page.getByTestId("tag-mode-yaml").click();
    await replaceYaml(page, 'tags:\n  - name: "gray\n');
    await page.getByTestId("tag-yaml-error").waitFor();
    expect(await page.getByTestId("save-tag-route").isDisabled()).toBe(true);
    expect(await page.getByTestId("tag-mode-form").isDisabled()).toBe(true);
    expect(await zk.getData(NODE)).toBeNull();

    // Match conditions in the form show the providers they select as you type.
    await replaceYaml(page, text);
    await page.getByTestId("tag-mode-form").click();
    await page.getByTestId("add-tag").click();
    const second = page.locator('[data-testid="tag-group"][data-tag-index="1"]');
    await second.getByTestId("tag-name").fill("v27");
    await second.getByTestId("add-match").click();
    await second.getByTestId("tag-match-key").fill("application");
    await second.getByTestId("tag-match-value").fill(APP);
    expect(await second.getByTestId("tag-match-result").getAttribute("data-count")).toBe("1");
    await second.getByTestId("tag-match-value").fill(`${APP}-not`);
    expect(await second.getByTestId("tag-match-result").getAttribute("data-count")).toBe("0");
    await second.getByTestId("tag-match-kind").selectOption("prefix");
    await second.getByTestId("tag-match-value").fill(APP.slice(0, 6));
    expect(await second.getByTestId("tag-match-result").getAttribute("data-count")).toBe("1");
    // A tag without a name is an inline error and Save waits.
    await second.getByTestId("tag-name").fill("");
    await second.locator('[data-testid="tag-field-error"][data-path="rule.tags.1.name"]').waitFor();
    expect(await page.getByTestId("save-tag-route").isDisabled()).toBe(true);
    await second.getByTestId("remove-tag").click();
    await page.locator('[data-testid="tag-preview"][data-state="current"]').waitFor();

    for (const width of [420, 1400]) {
      for (const theme of ["light", "dark"] as const) {
        const view = width === 1400 && theme === "light" ? page : await open("/tag-routes", { width, theme });
        if (view !== page) await startDraft(view);
        await expectNoSidewaysScroll(view, `tag editor ${width} ${theme}`);
        await view.screenshot({ path: `${SCREENSHOTS}/tag-editor-${width}-${theme}.png`, fullPage: true });
      }
    }
  });

  it("saves the rule to the config center, disables it, lists its history and deletes it", async () => {
    const page = await open("/tag-routes");
    await startDraft(page);
    await page.getByTestId("save-tag-route").click();
    const ask = page.getByTestId("tag-stranding-dialog");
    await Promise.race([page.getByTestId("tag-route-editor").waitFor({ state: "detached" }), ask.waitFor()]);
    if (await ask.isVisible()) await page.getByTestId("tag-stranding-dialog-confirm").click();
    await page.getByTestId("tag-route-editor").waitFor({ state: "detached" });
    const row = page.locator(`[data-tag-route="${APP}"]`);
    await row.waitFor();
    const [saved] = await listed();
    expect(saved?.rule?.tags).toEqual([{ name: "gray", addresses: [ENTRY], match: [] }]);
    expect(saved?.origin.by).toBe("console");
    // One provider instance (it serves several services), and the rig's consumers of its services.
    expect(saved?.providers).toBe(1);
    expect(saved?.consumers).toBe(rig.consumers.length);
    expect(await zk.getData(NODE)).toContain(ENTRY);
    for (const width of [420, 1400]) {
      for (const theme of ["light", "dark"] as const) {
        const view = await open("/tag-routes", { width, theme });
        await view.locator(`[data-tag-route="${APP}"]`).waitFor();
        await expectNoSidewaysScroll(view, `tag rules listed ${width} ${theme}`);
        await view.screenshot({ path: `${SCREENSHOTS}/tag-routes-list-${width}-${theme}.png`, fullPage: true });
      }
    }

    await row.getByTestId("disable-tag-route").click();
    await row.locator('[data-reading="2.7"][data-status="disabled"]').waitFor();
    expect((await listed())[0]?.rule?.enabled).toBe(false);
    expect(await zk.getData(NODE)).toContain("enabled: false");

    await row.getByTestId("tag-route-history-button").click();
    const history = page.getByTestId("tag-route-history");
    await history.locator('[data-audit-kind="tag-route.disable"]').waitFor();
    expect(await history.locator('[data-audit-kind="tag-route.create"]').count()).toBe(1);

    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await row.waitFor({ state: "detached" });
    await waitFor("the rule's node gone from ZooKeeper", async () => (await zk.getData(NODE)) === null, 10_000);
    expect(await listed()).toEqual([]);
  });
});
