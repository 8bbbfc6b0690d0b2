import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { methodSignature } from "@/lib/format/java-type";
import { launchBrowser, gotoSettled } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { TYPES_METHODS } from "../support/demo-signatures";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";

const rig = inject("rig");
let server: ConsoleHandle;
let browser: Browser;

const GREETING = DEMO.greeting.interface;
const TYPES_KEY = `${DEMO.types.group}/${DEMO.types.interface}:${DEMO.types.version}`;
const FAULT_KEY = `${DEMO.fault.interface}:${DEMO.fault.version}`;
const provider = (address: string) => rig.providers.find((p) => p.address.startsWith(`${address}:`))!;

beforeAll(async () => {
  [server, browser] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser()]);
  await waitForRegistrySync(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openServices(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await gotoSettled(page, `${server.url}/services`);
  await page.locator("[data-service-key]").first().waitFor();
  return page;
}

function shownKeys(page: Page): Promise<(string | null)[]> {
  return page.locator("[data-service-key]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-service-key")));
}

/** Searches the Services page by `mode` and waits for the count line of that search. */
async function search(page: Page, mode: string, text: string, count: string): Promise<void> {
  await page.getByRole("radio", { name: mode, exact: true }).click();
  await page.getByLabel("Filter services").fill(text);
  await page.getByTestId("services-count").filter({ hasText: new RegExp(`^${count}$`) }).waitFor();
}

describe("searching the Services page", () => {
  it("by application finds what a consumer-only application consumes, and keeps the mode in the address", async () => {
    const page = await openServices();
    const app = rig.consumers[0]!.app;
    await search(page, "Application", app, `1 service matches application “${app}”`);
    expect(await shownKeys(page)).toEqual([GREETING]);
    expect(new URL(page.url()).searchParams.get("by")).toBe("application");
    expect(new URL(page.url()).searchParams.get("q")).toBe(app);

    // The instance-only Dubbo 3 provider's application is found by its services.
    await page.getByLabel("Filter services").fill("demo-provider-33-instance");
    await page.getByTestId("services-count").filter({ hasText: "3 services match application “demo-provider-33-instance”" }).waitFor();
    expect(await shownKeys(page)).toEqual([FAULT_KEY, GREETING, TYPES_KEY]);

    // Reopened from the address, the same search is already done.
    await gotoSettled(page, page.url());
    await page.getByTestId("services-count").filter({ hasText: "application “demo-provider-33-instance”" }).waitFor();
    expect(await page.getByRole("radio", { name: "Application", exact: true }).getAttribute("aria-checked")).toBe("true");
    await page.close();
  });

  it("by address finds the services a host provides, and a service's row links to its page", async () => {
    const page = await openServices();
    await search(page, "Address", "127.0.0.6", "3 services match address “127.0.0.6”");
    expect(await shownKeys(page)).toEqual([FAULT_KEY, GREETING, TYPES_KEY]);
    // A host no provider or consumer is on matches nothing.
    await page.getByLabel("Filter services").fill("127.0.0.250");
    await page.getByTestId("services-count").filter({ hasText: "0 services match address “127.0.0.250”" }).waitFor();
    expect(await shownKeys(page)).toEqual([]);

    await page.getByLabel("Filter services").fill(provider("127.0.0.2").address);
    await page.getByTestId("services-count").filter({ hasText: `3 services match address “${provider("127.0.0.2").address}”` }).waitFor();
    await page.locator(`[data-service-key="${TYPES_KEY}"] a[data-service-link]`).click();
    await page.waitForURL((url) => url.pathname === "/services/detail" && url.searchParams.get("key") === TYPES_KEY);
    await page.getByTestId("service-key").filter({ hasText: TYPES_KEY }).waitFor();
    await page.close();
  });
});

describe("a service's page", () => {
  it("shows every method of TypesService with its exact signature, overloads apart", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await gotoSettled(page, `${server.url}/services/detail?key=${TYPES_KEY}`);
    await page.getByRole("tab", { name: /Methods/ }).click();
    const list = page.getByTestId("method-signatures");
    await list.waitFor();
    const signatures = await list.locator("[data-signature]").evaluateAll((lis) => lis.map((li) => li.getAttribute("data-signature")));
    expect(signatures).toEqual(TYPES_METHODS.map(methodSignature));
    // What a reader sees: simple names, generics and arrays kept.
    const shown = await list.locator("[data-signature]").allTextContents();
    expect(shown).toContain("String describe(int)");
    expect(shown).toContain("String describe(String, int)");
    expect(shown).toContain("Map<String, List<Address>> addressesByCity(List<User>)");
    expect(shown).toContain("User[] echoUserArray(User[])");
    // The switch shows the packages.
    await page.getByLabel("Full type names").check();
    await list.getByText("java.util.Map<java.lang.String, java.util.List<io.dubboconsole.demo.api.Address>> addressesByCity(java.util.List<io.dubboconsole.demo.api.User>)").waitFor();
    // Types the methods use expand to their properties and constants.
    const user = page.locator('[data-type-definition="io.dubboconsole.demo.api.User"]');
    await user.locator("summary").click();
    expect(await user.locator("dl").textContent()).toContain("previousAddressesjava.util.List<io.dubboconsole.demo.api.Address>");
    const color = page.locator('[data-type-definition="io.dubboconsole.demo.api.Color"]');
    await color.locator("summary").click();
    expect(await color.textContent()).toMatch(/RED, GREEN, BLUE/);
    expect(new URL(page.url()).searchParams.get("tab")).toBe("methods");
    await page.close();
  });

  it("copies the service key and a raw URL to the clipboard", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await context.newPage();
    await gotoSettled(page, `${server.url}/services/detail?key=${TYPES_KEY}&tab=urls`);
    await page.getByRole("button", { name: "Copy service key" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TYPES_KEY);
    const first = page.getByTestId("raw-urls").locator("[data-raw-url]").first();
    const url = await first.getAttribute("data-raw-url");
    expect(url).toMatch(/^dubbo:\/\/127\.0\.0\.\d+:\d+\/io\.dubboconsole\.demo\.api\.TypesService\?/);
    await first.getByRole("button", { name: "Copy URL" }).click();
    await page.waitForFunction((expected) => navigator.clipboard.readText().then((t) => t === expected), url);
    // The decoded parameters of that URL, as a key/value table.
    await first.locator("summary").click();
    const group = first.getByTestId("url-parameters").locator('tr:has(th:text-is("group")) td');
    expect(await group.textContent()).toBe("demo");
    await context.close();
  });

  it("lists the providers of both levels with their source, linking to their application and address", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await gotoSettled(page, `${server.url}/services/detail?key=${TYPES_KEY}`);
    const table = page.getByTestId("providers-table");
    await table.waitFor();
    const rows = await table.locator("[data-provider]").evaluateAll((trs) =>
      trs.map((tr) => [tr.getAttribute("data-provider"), tr.querySelector("[data-source]")?.getAttribute("data-source")]),
    );
    expect(rows.sort()).toEqual(
      rig.providers.map((p) => [p.address, p.registerMode === "instance" ? "instance" : "interface"]).sort(),
    );
    const instanceOnly = provider("127.0.0.6");
    await table.locator(`[data-provider="${instanceOnly.address}"]`).getByRole("link", { name: instanceOnly.app }).click();
    await page.waitForURL((url) => url.pathname === "/applications/detail" && url.searchParams.get("name") === instanceOnly.app);
    await page.getByTestId("provided-services").locator(`[data-service-ref="${TYPES_KEY}"]`).waitFor();
    await page.getByTestId("instances-table").getByRole("link", { name: instanceOnly.address }).click();
    await page.waitForURL((url) => url.pathname === "/addresses/detail" && url.searchParams.get("value") === instanceOnly.address);
    await page.locator('[data-fact="Applications"]').getByRole("link", { name: instanceOnly.app }).waitFor();
    await page.getByTestId("provided-services").locator(`[data-service-ref="${TYPES_KEY}"] a`).click();
    await page.waitForURL((url) => url.pathname === "/services/detail" && url.searchParams.get("key") === TYPES_KEY);
    await page.close();
  });

  it("answers an unknown key with the console's not-registered notice", async () => {
    const page = await browser.newPage();
    await gotoSettled(page, `${server.url}/services/detail?key=no.such.Service`);
    await page.getByTestId("entity-not-found").waitFor();
    await page.close();
  });
});

describe("the Applications page", () => {
  it("lists consumer-only applications beside providers, each linking to what it consumes", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await gotoSettled(page, `${server.url}/applications`);
    const consumer = rig.consumers[1]!.app;
    const row = page.locator(`[data-application="${consumer}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain("consumer only");
    const names = await page.locator("[data-application]").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-application")));
    expect(names).toEqual(expect.arrayContaining([...rig.consumers.map((c) => c.app), ...rig.providers.map((p) => p.app)]));
    await row.getByRole("link", { name: consumer }).click();
    await page.waitForURL((url) => url.pathname === "/applications/detail" && url.searchParams.get("name") === consumer);
    await page.getByTestId("consumed-services").locator(`[data-service-ref="${GREETING}"]`).waitFor();
    await page.close();
  });
});

describe("live updates", () => {
  let extra: ProviderHandle | undefined;

  afterAll(async () => {
    await extra?.stop();
  });

  it("shows a provider that registers, then drops it when it stops, without reloading the page", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await gotoSettled(page, `${server.url}/services/detail?key=${GREETING}`);
    const table = page.getByTestId("providers-table");
    await table.locator("[data-provider]").first().waitFor();
    const before = await table.locator("[data-provider]").count();
    // Set on this document only: a reload or a navigation would lose it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    // The tab listens to the change stream (polling would take up to 5 s).
    await page.locator('[data-testid="registry-indicator"][data-live="open"]').waitFor();

    extra = await startProvider({ line: "3.3", registry: rig.zkAddress, host: "127.0.0.9", app: "demo-provider-live", services: ["greeting"] });
    const registered = Date.now();
    const row = table.locator(`[data-provider="${extra.address}"]`);
    await row.waitFor({ timeout: 10_000 });
    const appearedMs = Date.now() - registered;
    expect(await row.getByRole("link", { name: "demo-provider-live" }).count()).toBe(1);
    expect(await table.locator("[data-provider]").count()).toBe(before + 1);

    await extra.stop();
    const stopped = Date.now();
    await row.waitFor({ state: "detached", timeout: 15_000 });
    const vanishedMs = Date.now() - stopped;
    extra = undefined;
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    process.stdout.write(`live: provider shown ${appearedMs} ms after it registered, gone ${vanishedMs} ms after it was stopped\n`);
    // Within a second of the registry's change (the stream, not the 5 s poll), with room for a busy machine.
    expect(appearedMs).toBeLessThan(2_000);
    await page.close();
  }, 180_000);
});
