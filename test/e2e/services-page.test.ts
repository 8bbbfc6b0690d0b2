import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
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

describe("the Services page in Chromium", () => {
  it("lists the services the Java 2.7.23 and 3.3 demo providers registered, with their counts", async () => {
    const page = await browser.newPage();
    await page.goto(`${console_.url}/`);
    await page.waitForURL(/\/services$/);
    const greeting = page.locator('[data-service-key="io.dubboconsole.demo.api.GreetingService"]');
    await greeting.waitFor({ timeout: 30_000 });
    const rows = await page.locator("[data-service-key]").evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll("td")).map((td) => td.textContent?.trim())),
    );
    expect(rows).toEqual([
      ["io.dubboconsole.demo.api.FaultService", "—", "2.0.0", "2", "0", "demo-provider-27, demo-provider-33", "2.7.233.3.6"],
      ["io.dubboconsole.demo.api.GreetingService", "—", "—", "2", "2", "demo-provider-27, demo-provider-33", "2.7.233.3.6"],
      ["io.dubboconsole.demo.api.TypesService", "demo", "1.0.0", "2", "0", "demo-provider-27, demo-provider-33", "2.7.233.3.6"],
    ]);
    const indicator = page.locator('[data-testid="registry-indicator"][data-tone="good"]');
    await indicator.waitFor();
    expect(await indicator.textContent()).toBe("Registry: Connected");
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/services.png`, fullPage: true });
    await page.close();
  });

  it("filters the list as the operator types", async () => {
    const page = await browser.newPage();
    await page.goto(`${console_.url}/services`);
    await page.locator("[data-service-key]").first().waitFor();
    await page.getByLabel("Filter services").fill("demo/");
    await page.getByLabel("Filter services").fill("typesservice");
    await page.getByTestId("services-count").filter({ hasText: "1 services" }).waitFor();
    expect(await page.locator("[data-service-key]").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-service-key")))).toEqual([
      "demo/io.dubboconsole.demo.api.TypesService:1.0.0",
    ]);
    await page.close();
  });

  it("shows the registry's state, servers and root on the Registry status page", async () => {
    const page = await browser.newPage();
    await page.goto(`${console_.url}/registry`);
    const card = page.locator("section").filter({ hasText: rig.zkAddress });
    await card.getByText("Connected", { exact: true }).waitFor();
    const text = await card.textContent();
    expect(text).toContain(`Servers${rig.zkConnectString}`);
    expect(text).toContain("Root/dubbo");
    expect(text).toContain("Services3");
    await page.close();
  });
});
