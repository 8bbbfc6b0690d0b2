import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { auditResponseSchema } from "@/lib/api/audit";
import { invokeResponseSchema } from "@/lib/api/invoke";
import { configsResponseSchema } from "@/lib/api/overrides/configs";
import { routesResponseSchema } from "@/lib/api/routing/routes";
import { othersWeight } from "@/lib/gray/gray-plan";
import { GRAY_FLOWS_PATH, nodeName } from "@/server/governance/gray/gray-flow-store";
import { launchBrowser, openThemedPage, expectNoSidewaysScroll } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 17 part 2 in Chromium, against the rig's real ZooKeeper and its real providers of
 * GreetingService: the 3.3.6 interface-level provider is released in two steps (50 %, then
 * 100 %) by the weight of the others, each step previewed per consumer by the server and
 * applied with one click; the console's own calls through the cluster move with it (all on
 * the new provider at 100 %); "Return everything" deletes the flow's one override (audited)
 * and the calls spread again; at 420 and 1400 px in both themes. Then by tag: two real
 * 3.3.6 providers of one application of their own serve a FaultService version no other
 * peer has; one is released to requests tagged gray (the flow's tag rule, previewed per
 * consumer and request tag), the console's tagged calls land on it and untagged ones never
 * do, and returning deletes the rule. The flow is the console's (/api/v1/gray-flows, one
 * ZooKeeper node per service): every other browser opened during a flow shows it at its
 * step, and the flow's own start, steps and return are audited.
 */
const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const GRAY_TAB = `/services/detail?key=${GREETING}&tab=gray`;
const CENTER_NODE = `/dubbo/config/dubbo/${GREETING}::.configurators`;
const REGISTRY_DIR = `/dubbo/${encodeURIComponent(GREETING)}/configurators`;
const SCREENSHOTS = process.env.GRAY_UI_SCREENSHOTS ?? "/tmp";
const NEW = rig.providers.find((p) => p.line === "3.3" && p.registerMode !== "instance")!.address;

const TAG_APP = "gray-flow-app";
const TAG_FAULT = { ...DEMO.fault, version: "2.0.0-gray-flow" };
const TAG_KEY = `${TAG_FAULT.interface}:${TAG_FAULT.version}`;
const TAG_NODE = `/dubbo/config/dubbo/${TAG_APP}.tag-router`;
let tagProviders: ProviderHandle[] = [];

let server: ConsoleHandle;
let browser: Browser;
let zk: TestZk;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // Polls of 30 calls until the weights are read: a larger invoke budget than the default 20/s (as configs-ui).
  [server, browser, zk] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress, CONSOLE_INVOKE_RATE: "1000/2000" }), launchBrowser(), connectTestZk(rig.zkConnectString)]);
  await waitForRegistrySync(server.url);
  await clearConfigs();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  if (zk) await clearConfigs();
  if (zk) await zk.removeTree(TAG_NODE);
  await Promise.all(tagProviders.map((p) => p.stop()));
  zk?.close();
  await browser?.close();
  await server?.stop();
});

async function clearConfigs(): Promise<void> {
  for (const key of [GREETING, TAG_KEY]) await zk.removeTree(`${GRAY_FLOWS_PATH}/${nodeName(key)}`);
  await zk.removeTree(CENTER_NODE);
  await zk.removeTree(`/dubbo/config/dubbo/${GREETING}.condition-router`);
  const routers = await zk.children(`/dubbo/${encodeURIComponent(GREETING)}/routers`).catch(() => [] as string[]);
  for (const child of routers) await zk.removeTree(`/dubbo/${encodeURIComponent(GREETING)}/routers/${child}`);
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

/** The service's providers as the console lists them (the others are every one but NEW). */
async function providerAddresses(): Promise<string[]> {
  const res = await fetch(`${server.url}/api/v1/service?key=${GREETING}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { providers: { address: string }[] }).providers.map((p) => p.address);
}

/** The providers that served `n` consecutive calls of whoAmI through the cluster. */
async function served(n: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${server.url}/api/v1/invoke`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ service: GREETING, method: "whoAmI", parameterTypes: [], args: [], retries: 0 }) });
    expect(res.status).toBe(200);
    seen.push(invokeResponseSchema.parse(await res.json()).provider);
  }
  return seen;
}

/** Plans the flow on a fresh page: NEW picked, steps 50 and 100. */
async function plan(page: Page): Promise<void> {
  await page.locator(`[data-testid="gray-pick-provider"][data-address="${NEW}"]`).check();
  await page.getByTestId("gray-steps").fill("50, 100");
  await page.getByTestId("gray-start-button").click();
  await page.getByTestId("gray-run").waitFor();
}

describe("a gray release on the service page", () => {
  it("moves the calls to the new provider in two previewed steps and returns everything with one click", async () => {
    const all = await providerAddresses();
    expect(all).toContain(NEW);
    const others = all.filter((a) => a !== NEW).sort();
    expect(others.length).toBeGreaterThan(0);
    expect(new Set(await served(30)).size).toBeGreaterThan(1);

    const page = await open(GRAY_TAB);
    await plan(page);
    expect(await page.getByTestId("gray-run").getAttribute("data-step")).toBe("-1");
    expect(await listed()).toEqual([]);
    // The first step's preview: the server's sentence for every registered consumer.
    await page.locator('[data-testid="gray-next"] [data-testid="draft-preview"][data-state="current"]').waitFor();
    const lines = await page.getByTestId("gray-next").getByTestId("draft-preview-line").allTextContents();
    for (const c of rig.consumers) expect(lines.some((l) => l.startsWith(`${c.app}: `)), `${c.app} in ${lines.join(" | ")}`).toBe(true);
    for (const width of [420, 1400]) {
      for (const theme of ["light", "dark"] as const) {
        const view = width === 1400 && theme === "light" ? page : await open(GRAY_TAB, { width, theme });
        // The flow is the console's, not this browser's: another browser shows it, not yet at a step.
        if (view !== page) {
          await view.locator('[data-testid="gray-run"][data-step="-1"]').waitFor();
          await view.locator('[data-testid="gray-next"] [data-testid="draft-preview"][data-state="current"]').waitFor();
        }
        await expectNoSidewaysScroll(view, `gray step preview ${width} ${theme}`);
        await view.screenshot({ path: `${SCREENSHOTS}/gray-step-${width}-${theme}.png`, fullPage: true });
      }
    }

    // Step 1: the others weigh so the new provider gets half.
    await page.getByTestId("gray-apply").click();
    await page.locator('[data-testid="gray-run"][data-step="0"]').waitFor();
    const [first] = await listed();
    expect(first?.providerAddresses.sort()).toEqual(others);
    expect(first?.parameters).toEqual({ weight: String(othersWeight(50, [100], others.length)) });
    expect(first?.side).toBe("consumer");

    // Step 2: the others weigh 0, so every call of the console's cluster goes to the new provider.
    await page.locator('[data-testid="gray-next"] [data-testid="draft-preview"][data-state="current"]').waitFor();
    await page.getByTestId("gray-apply").click();
    await page.locator('[data-testid="gray-run"][data-step="1"]').waitFor();
    await page.getByTestId("gray-done").waitFor();
    const [second] = await listed();
    expect(second?.id).toBe(first?.id);
    expect(second?.parameters).toEqual({ weight: "0" });
    await waitFor("30 consecutive calls all served by the new provider", async () => (await served(30)).every((p) => p === NEW), 20_000);
    for (const [width, theme] of [[1400, "dark"], [420, "light"]] as const) {
      const view = await open(GRAY_TAB, { width, theme });
      // Another operator's browser shows the flow at its last step, and who ran it.
      await view.locator('[data-testid="gray-run"][data-step="1"]').waitFor();
      expect(await view.getByTestId("gray-owner").textContent()).toMatch(/^Started by anonymous .*; last moved by anonymous/);
      await expectNoSidewaysScroll(view, `gray tab ${width} ${theme}`);
    }
    await expectNoSidewaysScroll(page, "gray done");
    await page.screenshot({ path: `${SCREENSHOTS}/gray-done-1400-light.png`, fullPage: true });

    // Return everything: the flow's override deleted, audited, and the calls spread again.
    await page.getByRole("button", { name: "Return everything to before" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Return everything" }).click();
    await page.getByTestId("gray-start").waitFor();
    expect(await listed()).toEqual([]);
    const audit = auditResponseSchema.parse(await (await fetch(`${server.url}/api/v1/audit?service=${GREETING}&kind=config.delete`)).json());
    expect(audit.entries.some((e) => (e.before as { id?: string } | null)?.id === first?.id)).toBe(true);
    // The flow itself is audited: started, two steps, returned (newest first).
    await expect
      .poll(async () => auditResponseSchema.parse(await (await fetch(`${server.url}/api/v1/audit?service=${GREETING}`)).json()).entries.filter((e) => e.kind.startsWith("gray.")).map((e) => e.kind))
      .toEqual(["gray.return", "gray.step", "gray.step", "gray.start"]);
    expect(await zk.getData(`${GRAY_FLOWS_PATH}/${nodeName(GREETING)}`)).toBeNull();
    await waitFor("the calls served by the other providers again", async () => (await served(30)).some((p) => p !== NEW), 20_000);
  });

  it("by tag: only requests tagged gray reach the released provider, and returning deletes the flow's tag rule", async () => {
    await zk.removeTree(TAG_NODE);
    tagProviders = await Promise.all(
      ["127.0.0.94", "127.0.0.95"].map((host) => startProvider({ line: "3.3", registry: rig.zkAddress, host, app: TAG_APP, services: ["fault"], faultVersion: TAG_FAULT.version })),
    );
    const [grayProvider, plain] = tagProviders.map((p) => p.address) as [string, string];
    const tab = `/services/detail?key=${encodeURIComponent(TAG_KEY)}&tab=gray`;
    const call = async (tag?: string) => {
      const res = await fetch(`${server.url}/api/v1/invoke`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ service: TAG_FAULT.interface, version: TAG_FAULT.version, method: "slow", parameterTypes: ["int"], args: [1], retries: 0, ...(tag ? { tag } : {}) }),
      });
      expect(res.status).toBe(200);
      return invokeResponseSchema.parse(await res.json()).provider;
    };
    const calls = async (n: number, tag?: string) => {
      const seen: string[] = [];
      for (let i = 0; i < n; i++) seen.push(await call(tag));
      return seen;
    };
    await waitFor("both providers of the gray application in the console", async () => {
      const res = await fetch(`${server.url}/api/v1/service?key=${encodeURIComponent(TAG_KEY)}`);
      return res.status === 200 && ((await res.json()) as { providers: unknown[] }).providers.length === 2;
    }, 60_000);

    const page = await open(tab);
    await page.locator(`[data-testid="gray-pick-provider"][data-address="${grayProvider}"]`).check();
    await page.getByTestId("gray-mode-tag").check();
    await page.getByTestId("gray-tag").fill("gray");
    await page.getByTestId("gray-start-button").click();
    await page.locator('[data-testid="gray-run"][data-mode="tag"]').waitFor();
    // The preview: the tag selects the released provider only.
    await page.locator('[data-testid="tag-selection"][data-tag="gray"] [data-release="3.x"][data-total="1"]').waitFor();
    expect(await page.locator('[data-testid="tag-selection"][data-tag="gray"]').textContent()).toContain(grayProvider);
    for (const [width, theme] of [[420, "dark"], [1400, "light"]] as const) {
      const view = width === 1400 ? page : await open(tab, { width, theme });
      if (view !== page) {
        // The flow started in the other browser, with its preview.
        await view.locator('[data-testid="gray-run"][data-mode="tag"]').waitFor();
        await view.locator('[data-testid="tag-preview"][data-state="current"]').waitFor();
      }
      await expectNoSidewaysScroll(view, `gray by tag ${width} ${theme}`);
      await view.screenshot({ path: `${SCREENSHOTS}/gray-tag-${width}-${theme}.png`, fullPage: true });
    }

    await page.getByTestId("gray-apply").click();
    await page.locator('[data-testid="gray-run"][data-step="0"]').waitFor();
    expect(await zk.getData(TAG_NODE)).toContain("/32");
    await waitFor(`10 gray calls in a row on ${grayProvider}`, async () => (await calls(10, "gray")).every((p) => p === grayProvider), 20_000);
    expect(new Set(await calls(15))).toEqual(new Set([plain]));

    await page.getByRole("button", { name: "Return everything to before" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Return everything" }).click();
    await page.getByTestId("gray-start").waitFor();
    expect(await zk.getData(TAG_NODE)).toBeNull();
    await waitFor("untagged calls reaching the released provider again", async () => (await calls(15)).includes(grayProvider), 20_000);
  });

  it("to chosen consumer applications: two previewed condition routes, the others' calls never reach the new provider, and returning deletes both", async () => {
    const chosen = rig.consumers.find((c) => c.line === "2.7")!.app;
    const other = rig.consumers.find((c) => c.line === "3.3")!.app;
    const listRoutes = async () => routesResponseSchema.parse(await (await fetch(`${server.url}/api/v1/routes?service=${GREETING}&group=&version=`)).json()).routes;
    expect(await listRoutes()).toEqual([]);
    const page = await open(GRAY_TAB);
    await page.locator(`[data-testid="gray-pick-provider"][data-address="${NEW}"]`).check();
    await page.getByTestId("gray-mode-applications").check();
    await page.locator(`[data-testid="gray-pick-application"][data-application="${chosen}"]`).check();
    await page.getByTestId("gray-start-button").click();
    await page.locator('[data-testid="gray-run"][data-mode="applications"]').waitFor();
    // Each route's impact on every registered consumer, as the route preview judges it.
    const toApps = page.locator('[data-testid="gray-route-impact"][data-route="gray-release-to-applications"]');
    const toOthers = page.locator('[data-testid="gray-route-impact"][data-route="gray-release-to-others"]');
    await toApps.getByTestId("preview-impact").waitFor();
    await toOthers.getByTestId("preview-impact").waitFor();
    expect(await toApps.locator("p.font-mono").textContent()).toBe(`application = ${chosen} => address = ${NEW}`);
    const rowOf = (impact: typeof toApps, app: string) => impact.locator("tr", { hasText: app }).locator('[data-label="Providers"]').textContent();
    expect(await rowOf(toApps, chosen)).toMatch(/^\d+ → 1$/);
    const otherRow = (await rowOf(toOthers, other)) ?? "";
    const [before, after] = otherRow.split(" → ").map(Number);
    expect(after, otherRow).toBe(before! - 1);
    for (const [width, theme] of [[420, "light"], [1400, "dark"]] as const) {
      const view = await open(GRAY_TAB, { width, theme });
      // The flow started in the other browser, with both routes' impact.
      await view.locator('[data-testid="gray-run"][data-mode="applications"]').waitFor();
      await view.locator('[data-testid="gray-route-impact"] [data-testid="preview-impact"]').nth(1).waitFor();
      await expectNoSidewaysScroll(view, `gray to applications ${width} ${theme}`);
      await view.screenshot({ path: `${SCREENSHOTS}/gray-apps-${width}-${theme}.png`, fullPage: true });
    }

    await page.getByTestId("gray-apply").click();
    await page.locator('[data-testid="gray-run"][data-step="0"]').waitFor();
    const saved = await listRoutes();
    expect(saved.map((r) => [r.name, r.rule]).sort()).toEqual([
      ["gray-release-to-applications", `application = ${chosen} => address = ${NEW}`],
      ["gray-release-to-others", `application != ${chosen} => address != ${NEW}`],
    ]);
    // The console is none of the chosen applications: its calls through the cluster never reach the new provider.
    await waitFor("30 consecutive calls without the new provider", async () => !(await served(30)).includes(NEW), 20_000);

    await page.getByRole("button", { name: "Return everything to before" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Return everything" }).click();
    await page.getByTestId("gray-start").waitFor();
    expect(await listRoutes()).toEqual([]);
    await waitFor("the new provider serving the console's calls again", async () => (await served(30)).includes(NEW), 20_000);
  });
});
