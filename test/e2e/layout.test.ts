import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { coloursOf } from "../support/page-colours";

const rig = inject("rig");
let server: ConsoleHandle;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startConsole({ DUBBO_REGISTRY: rig.zkAddress }), launchBrowser()]);
  await waitForRegistrySync(server.url);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Theme = "light" | "dark";

/**
 * Opens `path` at `width` with the console's theme switch set to `theme` (the `theme`
 * key next-themes keeps), while the system prefers light: a dark page must come from the
 * console's own theme, not from the operating system.
 */
function open(width: number, theme: Theme, path: string): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width, height: 860, theme });
}

const TYPES_KEY = "demo/io.dubboconsole.demo.api.TypesService:1.0.0";
const PAGES = [
  { name: "the Services page", path: "/services", ready: '[data-testid="services-count"]' },
  { name: "the Services page searched by address", path: "/services?by=address&q=127.0.0", ready: '[data-testid="services-count"]' },
  { name: "a service's providers", path: `/services/detail?key=${TYPES_KEY}`, ready: '[data-testid="providers-table"]' },
  { name: "a service's methods", path: `/services/detail?key=${TYPES_KEY}&tab=methods`, ready: '[data-testid="method-signatures"]' },
  { name: "a service's raw URLs", path: `/services/detail?key=${TYPES_KEY}&tab=urls`, ready: '[data-testid="raw-urls"]' },
  { name: "the Applications page", path: "/applications", ready: '[data-testid="applications-table"]' },
  { name: "an application's page", path: "/applications/detail?name=demo-provider-33-instance", ready: '[data-testid="instances-table"]' },
  { name: "an address's page", path: "/addresses/detail?value=127.0.0.2", ready: '[data-testid="instances-table"]' },
  { name: "the Registry status page", path: "/registry", ready: '[data-testid="state-history"]' },
  { name: "the Routes page", path: "/routes", ready: '[data-testid="routes-count"]' },
  { name: "a service's routes with a new route's editor", path: `/services/detail?key=${TYPES_KEY}&tab=routes&new=1`, ready: '[data-testid="route-editor"]' },
  { name: "a service's routes with its config-center rules", path: `/services/detail?key=${TYPES_KEY}&tab=routes`, ready: '[data-testid="who-obeys"]' },
  { name: "the Tag routes page", path: "/tag-routes", ready: '[data-testid="tag-routes-table"], [data-testid="tag-routes-empty"]' },
  { name: "the Access and mocks page", path: "/access", ready: '[data-testid="all-access"]' },
  { name: "the dependency graph", path: "/topology", ready: '[data-testid="topology-canvas"][data-state="ready"]' },
  { name: "the Configs page", path: "/configs", ready: '[data-testid="configs-table"], [data-testid="configs-empty"]' },
  { name: "a service's configuration", path: `/services/detail?key=${TYPES_KEY}&tab=configuration`, ready: '[data-testid="configs-table"], [data-testid="configs-empty"]' },
  { name: "a service's access rules", path: `/services/detail?key=${TYPES_KEY}&tab=access`, ready: '[data-testid="access-table"], [data-testid="access-empty"]' },
  { name: "a service's gray release", path: `/services/detail?key=${TYPES_KEY}&tab=gray`, ready: '[data-testid="gray-start"], [data-testid="gray-run"]' },
  { name: "a service's mocks", path: `/services/detail?key=${TYPES_KEY}&tab=mocks`, ready: '[data-testid="mocks-table"], [data-testid="mocks-empty"]' },
  { name: "a page that does not exist", path: "/no-such-page", ready: "main h1" },
];
const VIEWS = [420, 1400].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ width, theme })));

describe.each(VIEWS)("at $width px in the $theme theme", ({ width, theme }) => {
  it.each(PAGES)("$name is no wider than the window", async ({ path, ready }) => {
    const page = await open(width, theme, path);
    await page.locator(ready).first().waitFor();
    // Folded parts (URL parameters, type definitions) must fit too.
    await page.evaluate(() => document.querySelectorAll("main details").forEach((d) => d.setAttribute("open", "")));
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(innerWidth).toBe(width);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});

describe("the navigation on a phone (420 px)", () => {
  it("hides the links behind a menu button that opens them, closes on Escape, and closes on navigating", async () => {
    const page = await open(420, "light", "/services");
    await page.locator("[data-service-card]").first().waitFor();
    const link = page.getByRole("link", { name: "Registry status", exact: true });
    // A modal menu hides the rest of the page, its button included, from the accessibility tree while open.
    const menu = page.locator('button[aria-label="Menu"]');
    expect(await link.isVisible()).toBe(false);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");

    await menu.click();
    await link.waitFor();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await link.waitFor({ state: "hidden" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");

    await menu.click();
    await link.click();
    await page.waitForURL(/\/registry$/);
    await link.waitFor({ state: "hidden" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await page.locator("dl").first().waitFor();
  });

  it("keeps the registry indicator and the theme switch in view and working", async () => {
    const page = await open(420, "light", "/services");
    const indicator = page.locator('[data-testid="registry-indicator"][data-tone="good"]');
    await indicator.waitFor();
    const toggle = page.getByRole("button", { name: "Colour theme" });
    for (const box of [await indicator.boundingBox(), await toggle.boundingBox()]) {
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(420);
    }
    await toggle.click();
    await page.getByRole("menuitem", { name: "Dark" }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await indicator.click();
    await page.waitForURL(/\/registry$/);
  });
});

describe("interface names", () => {
  const greeting = "io.dubboconsole.demo.api.GreetingService";
  it.each([
    { width: 420, where: "on the phone's cards", selector: `[data-service-card="${greeting}"] [data-java-name]` },
    { width: 1024, where: "in the table", selector: `[data-service-key="${greeting}"] [data-java-name]` },
  ])("break only at the dots, never inside a word, $where ($width px)", async ({ width, selector }) => {
    const page = await open(width, "light", "/services");
    const name = page.locator(selector);
    await name.waitFor();
    const { text, breaks, wrappedWords } = await name.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const wrapped: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (tops.size > 1) wrapped.push(node.textContent ?? "");
      }
      return { text: el.textContent, breaks: el.querySelectorAll("wbr").length, wrappedWords: wrapped };
    });
    expect(text).toBe(greeting);
    expect(breaks).toBe(4);
    expect(wrappedWords).toEqual([]);
  });
});

describe("the navigation on a desktop (1400 px)", () => {
  it("shows the links in the header and no menu button", async () => {
    const page = await open(1400, "light", "/services");
    // Invoke and Users show once the session says the role may (authentication is off here: the anonymous admin).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Invoke", exact: true }).waitFor();
    const nav = await page.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents();
    expect(nav).toEqual(["Services", "Applications", "Graph", "Routes", "Tag routes", "Configs", "Access", "Invoke", "Audit", "Registry status", "Users"]);
    expect(await page.locator('button[aria-label="Menu"]').isVisible()).toBe(false);
  });
});

describe("an unknown page", () => {
  it("answers 404", async () => {
    expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404);
  });

  it.each([
    ["light", (l: number) => l > 0.85, (l: number) => l < 0.2],
    ["dark", (l: number) => l < 0.05, (l: number) => l > 0.7],
  ] as const)("shows the console's own not-found page in the %s theme, with a way back to Services", async (theme, isBackground, isText) => {
    const page = await open(1400, theme, "/no-such-page");
    const heading = page.getByRole("heading", { name: "Page not found" });
    await heading.waitFor();
    await page.locator("main").filter({ hasText: "no page at /no-such-page" }).waitFor();

    const page_ = await coloursOf(heading);
    expect(isBackground(page_.background), `page background luminance ${page_.background}`).toBe(true);
    expect(isText(page_.text), `heading luminance ${page_.text}`).toBe(true);
    const body = await coloursOf(page.locator("body"));
    expect(isBackground(body.background), `body background luminance ${body.background}`).toBe(true);
    const brand = await coloursOf(page.locator("header").getByText("Dubbo Console", { exact: true }));
    expect(isText(brand.text), `brand text luminance ${brand.text}`).toBe(true);
    expect(isBackground(brand.background), `header background luminance ${brand.background}`).toBe(true);

    const back = page.getByRole("link", { name: "Back to Services" });
    expect(await back.getAttribute("href")).toBe("/services");
    await back.click();
    await page.waitForURL(/\/services$/);
    await page.locator("[data-service-key]").first().waitFor();
  });
});
