import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { IMPACT_NAMES_MAX, routePreviewResponseSchema } from "@/lib/api/routing/route-preview";
import { providerAddress } from "@/lib/dubbo/provider-address";
import { consumerUrl, providerUrl, serviceInterface, urlPath } from "../../bench/registry-urls";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { waitFor } from "../support/wait-for";
import { connectTestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * Issue 15 item 20: the preview a keystroke asks for names each impact row's first gained
 * and lost providers by address and lists no URLs (40 consumers' lists were most of its
 * bytes); expanding a row asks for that consumer's whole lists and shows them. One service
 * of 12 providers and a Dubbo 2.7.23 consumer, written into a ZooKeeper of its own; a rule
 * keeping one provider makes the consumer lose 11.
 */
const S = 5;
const SERVICE = serviceInterface(S);
const PROVIDERS = Array.from({ length: 12 }, (_, p) => providerUrl(S, p));
const CONSUMER = consumerUrl(S, 0);
const KEPT = providerAddress(PROVIDERS[0]!);
const RULE = `=> host = ${KEPT.slice(0, KEPT.indexOf(":"))}`;

let zk: ZooKeeperHandle;
let server: ConsoleHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [zk, browser] = await Promise.all([startZooKeeper(), launchBrowser()]);
  const client = await connectTestZk(zk.connectString);
  for (const p of PROVIDERS) await client.createWithData(urlPath(S, "providers", p), "");
  await client.createWithData(urlPath(S, "consumers", CONSUMER), "");
  client.close();
  server = await startConsole({ DUBBO_REGISTRY: zk.dubboAddress });
  await waitForRegistrySync(server.url);
  await waitFor("the console to list the service's providers and consumer", async () => {
    const res = await fetch(`${server.url}/api/v1/service?key=${encodeURIComponent(SERVICE)}`);
    const s = res.ok ? ((await res.json()) as { providers: unknown[]; consumers: unknown[] }) : null;
    return s?.providers.length === PROVIDERS.length && s.consumers.length === 1;
  });
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await zk?.stop();
});

describe("the impact view's gained and lost lists", () => {
  it.each([
    { width: 1400, theme: "light" as const },
    { width: 420, theme: "dark" as const },
  ])("names three lost providers as you type and shows all of them when expanded ($width px, $theme)", async ({ width, theme }) => {
    const page = await openThemedPage(browser, contexts, `${server.url}/services/detail?key=${encodeURIComponent(SERVICE)}&tab=routes&new=1`, { width, height: 900, theme });
    const answers: { body: unknown; request: Record<string, unknown> }[] = [];
    page.on("response", (r) => {
      if (!r.url().endsWith("/api/v1/routes/preview") || r.status() !== 200) return;
      const request = JSON.parse(r.request().postData() ?? "{}") as Record<string, unknown>;
      // A body still arriving when the page closes (after the test) cannot be read; the test waits for the ones it reads.
      r.json().then(
        (body: unknown) => answers.push({ body, request }),
        () => {},
      );
    });
    await page.getByRole("radio", { name: "Text" }).click();
    await page.getByTestId("rule-text").click();
    await page.keyboard.type(RULE);
    const panel = page.locator('[data-testid="route-preview"][data-state="current"]');
    const row = panel.locator(`[data-impact-consumer]`);
    await row.getByText(/^loses /).waitFor();
    const lost = PROVIDERS.slice(1).map(providerAddress);

    // The keystroke's answer: no URL list in any impact row, the first three lost by address, the count whole.
    const typed = await waitFor("the typed rule's answer", () => answers.find((a) => a.request.rule === RULE && a.request.impactUrls === "none"));
    const impact = routePreviewResponseSchema.parse(typed.body).impact!;
    expect(impact.consumers.map((c) => [c.url, c.gained, c.lost, c.gainedNames, c.lostNames.length, c.lostCount])).toEqual([[CONSUMER, null, null, [], IMPACT_NAMES_MAX, 11]]);
    expect(lost).toEqual(expect.arrayContaining(impact.consumers[0]!.lostNames));
    expect(await row.getByText(/^loses /).textContent()).toBe(`loses ${impact.consumers[0]!.lostNames.join(", ")} and 8 more`);

    // Expanded: that consumer's whole list, asked for it alone.
    await row.getByTestId("impact-expand").click();
    const list = row.locator('[data-testid="impact-lists"] [data-impact-list="lost"] [data-impact-provider]');
    await waitFor("the expanded list of 11 lost providers", async () => (await list.count()) === 11);
    expect((await list.allTextContents()).sort()).toEqual([...lost].sort());
    const asked = await waitFor("the expanded row's answer", () => answers.find((a) => a.request.impactUrls === CONSUMER));
    expect(asked.request.include).toEqual(["impact"]);
    expect(await row.getByTestId("impact-expand").getAttribute("aria-expanded")).toBe("true");
  });
});
