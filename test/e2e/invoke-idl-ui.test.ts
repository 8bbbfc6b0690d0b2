import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { invokeHref } from "@/lib/format/hrefs";
import { expectNoSidewaysScroll, FOUR_LOOKS, launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { fieldControl } from "../support/invoke-form";
import { waitFor } from "../support/wait-for";

/**
 * Issue 19, Done when (e2e): "invoke … an IDL method" from the form. A real Dubbo 3.3.6
 * provider serves the IDL OrderService on tri with gRPC reflection; the Invoke page builds the
 * form of QuoteRequest from that reflection (a repeated Line, an enum, an int64, a nested
 * Address), and shows the reply's proto3 JSON as Java computed it. At a desktop and a phone look.
 */
const rig = inject("rig");
const HOST = "127.0.0.138";
const QUOTE = invokeHref(DEMO.orders, { name: "quote", parameterTypes: ["io.dubboconsole.demo.idl.QuoteRequest"] });
const BARE_HOST = "127.0.0.149";
const BARE_VERSION = "2.0.0";
const DEMO_PROTO = readFileSync(join(__dirname, "../peers/dubbo-3.3/src/main/proto/demo_orders.proto"));
const SCREENSHOTS = process.env.INVOKE_SCREENSHOTS ?? "/tmp";

let server: ConsoleHandle;
let browser: Browser;
let provider: ProviderHandle;
let bare: ProviderHandle;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const triPort = await freePort("0.0.0.0");
  [server, browser, provider, bare] = await Promise.all([
    startConsole({ DUBBO_REGISTRY: rig.zkAddress }),
    launchBrowser(),
    startProvider({ line: "3.3", registry: rig.zkAddress, host: HOST, app: "idl-ui-provider", services: ["greeting", "orders"], greetingVersion: "19.4.0", extraProtocols: [{ name: "tri", port: triPort }] }),
    // OrderService again, under a version of its own, with no reflection: the page must be given the .proto.
    startProvider({ line: "3.3", registry: rig.zkAddress, host: BARE_HOST, app: "idl-ui-bare", services: ["greeting", "orders"], greetingVersion: "19.4.1", ordersVersion: BARE_VERSION, reflection: false, extraProtocols: [{ name: "tri", port: await freePort("0.0.0.0") }] }),
  ]);
  await waitForRegistrySync(server.url);
  await waitFor("OrderService described from reflection", async () => {
    const res = await fetch(`${server.url}/api/v1/service?key=${encodeURIComponent(DEMO.orders.interface)}`);
    const body = res.status === 200 ? ((await res.json()) as { methodsSource: string }) : null;
    return body?.methodsSource === "protobuf";
  }, 30_000);
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([provider?.stop(), bare?.stop()]);
});


describe("the Invoke page for an IDL service", () => {
  it("fills QuoteRequest from the reflected messages and shows the reply Java computed", async () => {
    for (const look of [FOUR_LOOKS[0], FOUR_LOOKS[1]]) {
      const page = await openThemedPage(browser, contexts, `${server.url}${QUOTE}`, { width: look.width, height: 900, theme: look.theme });
      await page.locator('[data-field-path="args.0"]').waitFor();
      await page.getByTestId("invoke-protobuf").waitFor();
      await fieldControl(page, "args.0.customer").fill("acme");
      await fieldControl(page, "args.0.requestId").fill("9007199254740993");
      await fieldControl(page, "args.0.currency").selectOption("USD");
      await page.getByRole("button", { name: /^Add an item to/ }).first().click();
      await fieldControl(page, "args.0.lines.0.sku").fill("A-1");
      await fieldControl(page, "args.0.lines.0.quantity").fill("4");
      await fieldControl(page, "args.0.lines.0.unitPriceMicros").fill("2500000");
      await page.getByRole("button", { name: /^Fill in .*shipTo/ }).click();
      await fieldControl(page, "args.0.shipTo.city").fill("Hangzhou");
      await page.getByTestId("invoke-send").click();
      const answer = page.locator('[data-testid="invoke-answer"][data-outcome="value"]');
      await answer.waitFor({ timeout: 30_000 });
      const value = JSON.parse((await answer.getByTestId("invoke-value").textContent()) ?? "") as Record<string, unknown>;
      expect(value).toMatchObject({
        customer: "acme",
        requestId: "9007199254740993",
        currency: "USD",
        totalMicros: "10000000",
        lineCount: 1,
        lines: [{ sku: "A-1", quantity: 4, unitPriceMicros: "2500000" }],
        shipTo: { city: "Hangzhou" },
        servedBy: provider.address,
      });
      expect(await answer.getByTestId("invoke-protocol").getAttribute("data-protocol")).toBe("tri");
      await expectNoSidewaysScroll(page, `invoke IDL ${look.width} ${look.theme}`);
      await page.screenshot({ path: `${SCREENSHOTS}/invoke-idl-${look.width}-${look.theme}.png`, fullPage: true });
    }
  });

  it("takes the .proto of a provider without reflection, then calls it from the form", async () => {
    const look = FOUR_LOOKS[2];
    const href = invokeHref({ ...DEMO.orders, version: BARE_VERSION }, { name: "quote", parameterTypes: ["io.dubboconsole.demo.idl.QuoteRequest"] });
    const page = await openThemedPage(browser, contexts, `${server.url}${href}`, { width: look.width, height: 900, theme: look.theme });
    const schema = page.getByTestId("proto-schema");
    await schema.waitFor();
    expect(await schema.getAttribute("data-from")).toBe("none");
    await page.getByTestId("proto-upload-input").setInputFiles({ name: "demo_orders.proto", mimeType: "text/plain", buffer: DEMO_PROTO });
    await page.locator('[data-testid="proto-schema"][data-from="upload"]').waitFor({ timeout: 15_000 });
    await page.getByTestId("invoke-protobuf").waitFor();
    await fieldControl(page, "args.0.customer").fill("uploaded");
    await fieldControl(page, "args.0.requestId").fill("-42");
    await page.getByTestId("invoke-send").click();
    const answer = page.locator('[data-testid="invoke-answer"][data-outcome="value"]');
    await answer.waitFor({ timeout: 30_000 });
    const value = JSON.parse((await answer.getByTestId("invoke-value").textContent()) ?? "") as Record<string, unknown>;
    expect(value).toMatchObject({ customer: "uploaded", requestId: "-42", servedBy: bare.address });
    await expectNoSidewaysScroll(page, `invoke IDL uploaded ${look.width} ${look.theme}`);
    await page.screenshot({ path: `${SCREENSHOTS}/invoke-idl-upload-${look.width}-${look.theme}.png`, fullPage: true });
  });
});
