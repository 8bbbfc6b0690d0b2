import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, gotoSettled } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";

const rig = inject("rig");
let console_: ConsoleHandle;
let browser: Browser;

beforeAll(async () => {
  [console_, browser] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser()]);
  await waitForRegistrySync(console_.url);
});

afterAll(async () => {
  await browser?.close();
  await console_?.stop();
});

function serviceKeys(page: Page): Promise<(string | null)[]> {
  return page.locator("[data-service-key]").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-service-key")));
}

describe("the Services page in Chromium", () => {
  it("lists the services the Java 2.7.23 and 3.3 demo providers registered, with their counts", async () => {
    const page = await browser.newPage();
    await gotoSettled(page, `${console_.url}/`);
    await page.waitForURL(/\/services$/);
    const greeting = page.locator('[data-service-key="io.dubboconsole.demo.api.GreetingService"]');
    await greeting.waitFor({ timeout: 30_000 });
    const rows = await page.locator("[data-service-key]").evaluateAll((trs) =>
      trs.map((tr) => {
        const [service, ...rest] = Array.from(tr.querySelectorAll("td"));
        const badges = Array.from(service?.querySelectorAll("[data-service-badges] > *") ?? [], (b) => b.textContent);
        return [service?.querySelector("[data-java-name]")?.textContent, badges.join(" | "), ...rest.map((td) => td.textContent?.trim())];
      }),
    );
    const consumerApps = rig.consumers.map((c) => c.app).sort();
    expect(consumerApps).toEqual(["demo-consumer-27", "demo-consumer-33"]);
    const providerApps = rig.providers.map((p) => p.app).sort().join(", ");
    // Service (name | badges), Providers, Consumers, Provided by, Consumed by, Dubbo.
    expect(rows).toEqual([
      ["io.dubboconsole.demo.api.FaultService", "version 2.0.0 | interface + instance", "3", "0", providerApps, "—", "2.7.233.3.6"],
      ["io.dubboconsole.demo.api.GreetingService", "interface + instance", "3", "2", providerApps, consumerApps.join(", "), "2.7.233.3.6"],
      ["io.dubboconsole.demo.api.TypesService", "group demo | version 1.0.0 | interface + instance", "3", "0", providerApps, "—", "2.7.233.3.6"],
    ]);
    expect(await page.locator("thead th").allTextContents()).toEqual(["Service", "Providers", "Consumers", "Provided by", "Consumed by", "Dubbo"]);
    expect(await page.getByTestId("services-count").textContent()).toBe("3 services");
    const indicator = page.locator('[data-testid="registry-indicator"][data-tone="good"]');
    await indicator.waitFor();
    expect(await indicator.textContent()).toBe("Registry: Connected");
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/services.png`, fullPage: true });
    await page.close();
  });

  it("filters the list as the operator types", async () => {
    const page = await browser.newPage();
    await gotoSettled(page, `${console_.url}/services`);
    await page.locator("[data-service-key]").first().waitFor();
    await page.getByLabel("Filter services").fill("demo/");
    await page.getByLabel("Filter services").fill("typesservice");
    await page.getByTestId("services-count").filter({ hasText: "typesservice" }).waitFor();
    expect(await page.getByTestId("services-count").textContent()).toBe("1 service matches “typesservice”");
    expect(await serviceKeys(page)).toEqual(["demo/io.dubboconsole.demo.api.TypesService:1.0.0"]);
    await page.close();
  });

  it("matches consumer applications, and shows which applications consume each service", async () => {
    const app = rig.consumers[0]!.app;
    const page = await browser.newPage();
    await gotoSettled(page, `${console_.url}/services`);
    await page.locator("[data-service-key]").first().waitFor();
    await page.getByLabel("Filter services").fill(app);
    await page.getByTestId("services-count").filter({ hasText: app }).waitFor();
    expect(await page.getByTestId("services-count").textContent()).toBe(`1 service matches “${app}”`);
    expect(await serviceKeys(page)).toEqual(["io.dubboconsole.demo.api.GreetingService"]);
    const consumedBy = page.locator('[data-service-key="io.dubboconsole.demo.api.GreetingService"] td').nth(4);
    expect(await consumedBy.textContent()).toContain(app);
    await page.close();
  });

  it("keeps the filter in the address: applied when the page is opened, updated while typing", async () => {
    const html = await (await fetch(`${console_.url}/services?q=typesservice`)).text();
    expect(html).toContain('data-service-key="demo/io.dubboconsole.demo.api.TypesService:1.0.0"');
    expect(html).not.toContain('data-service-key="io.dubboconsole.demo.api.GreetingService"');

    const page = await browser.newPage();
    await gotoSettled(page, `${console_.url}/services?q=typesservice`);
    await page.locator("[data-service-key]").first().waitFor();
    const filter = page.getByLabel("Filter services");
    expect(await filter.inputValue()).toBe("typesservice");
    expect(await serviceKeys(page)).toEqual(["demo/io.dubboconsole.demo.api.TypesService:1.0.0"]);

    await filter.fill("greeting");
    await page.waitForURL(/\/services\?q=greeting$/);
    await page.getByTestId("services-count").filter({ hasText: "greeting" }).waitFor();
    expect(await serviceKeys(page)).toEqual(["io.dubboconsole.demo.api.GreetingService"]);
    await filter.fill("");
    await page.waitForURL(/\/services$/);
    await page.getByTestId("services-count").filter({ hasText: /^3 services$/ }).waitFor();
    await page.close();
  });

  it("shows the registry's state, servers and root on the Registry status page", async () => {
    const page = await browser.newPage();
    await gotoSettled(page, `${console_.url}/registry`);
    const card = page.locator("section").filter({ hasText: rig.zkAddress });
    // The state badge at the top of the card (the state history below names it again).
    await card.getByText("Connected", { exact: true }).first().waitFor();
    const text = await card.textContent();
    expect(text).toContain(`Servers${rig.zkConnectString}`);
    expect(text).toContain("Root/dubbo");
    expect(text).toContain("Services3");
    const row = (label: string) => card.locator(`dt:text-is("${label}") + dd`);
    expect(await row("Last full read").textContent()).toMatch(/^\d+ (s|min) ago/);
    expect(await row("Last answer from ZooKeeper").textContent()).toMatch(/^\d+ s ago/);
    expect(await row("Last connection error").textContent()).toBe("None since the console started");
    expect(await card.getByTestId("stale-marker").count()).toBe(0);
    // The connection's history, newest first: connected now, after connecting at start.
    const history = await card.getByTestId("state-history").locator("[data-state]").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-state")));
    expect(history).toEqual(["connected", "connecting"]);
    expect(await card.getByTestId("state-history").locator("li").first().textContent()).toMatch(/for \d+ (s|min)/);
    await page.close();
  });
});
