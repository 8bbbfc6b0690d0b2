import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { serviceKey } from "@/lib/dubbo/service-key";
import { invokeHref } from "@/lib/format/hrefs";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";

/**
 * The Invoke page against the real rig: the form generated from TypesService's metadata,
 * a nested POJO filled in field by field, sent through the console's POST /api/v1/invoke to
 * the real Java providers, and the value they returned.
 */
const rig = inject("rig");
const SCREENSHOTS = process.env.INVOKE_SCREENSHOTS ?? "/tmp";
const USER = "io.dubboconsole.demo.api.User";
const ECHO_USER = invokeHref(DEMO.types, { name: "echoUser", parameterTypes: [USER] });

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

function open(path: string, { width = 1400, theme = "light" }: { width?: number; theme?: "light" | "dark" } = {}): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width, height: 900, theme });
}

/** The field at `path` (`args.0.address.city`). */
const field = (page: Page, path: string): Locator => page.locator(`[data-field-path="${path}"]`);
/** The input or select of a scalar field. */
const control = (page: Page, path: string): Locator => field(page, path).locator("input:not([type=file]), select").first();

/** The JSON view's text, parsed. */
async function jsonView(page: Page): Promise<unknown> {
  const text = await page.getByTestId("args-json").evaluate((el) => (el as HTMLElement).innerText);
  return JSON.parse(text) as unknown;
}

/** Replaces the JSON view's text as an operator would: select all, then type. */
async function typeJson(page: Page, value: unknown): Promise<void> {
  await typeJsonText(page, JSON.stringify(value));
}

/** Replaces the JSON view's text with `text` as typed (for numbers a JS value cannot hold). */
async function typeJsonText(page: Page, text: string): Promise<void> {
  await page.getByTestId("args-json").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

/** Fills echoUser's User: scalars, an enum, a date, the nested Address, a list of addresses and a map. */
async function fillUser(page: Page): Promise<void> {
  await control(page, "args.0.id").fill("9007199254740993");
  await control(page, "args.0.name").fill("Ada");
  await control(page, "args.0.favouriteColor").selectOption("GREEN");
  // Typed key by key: every keystroke goes through the form and the JSON view and must come back unchanged.
  await control(page, "args.0.balance").pressSequentially("12.50");
  await control(page, "args.0.createdAt").fill("2024-05-01T10:00:00.123");
  await page.getByRole("button", { name: "Fill in address" }).click();
  await control(page, "args.0.address.city").fill("Hangzhou");
  await control(page, "args.0.address.street").fill("1 West Lake Rd");
  await control(page, "args.0.address.zip").fill("310000");
  await page.getByRole("button", { name: "Add an item to previousAddresses" }).click();
  await control(page, "args.0.previousAddresses.0.city").fill("Beijing");
  await page.getByRole("button", { name: "Add an entry to labels" }).click();
  await page.getByLabel("Key 0 of labels").fill("team");
  await control(page, "args.0.labels.team").fill("core");
}

const FILLED_USER = {
  address: { city: "Hangzhou", street: "1 West Lake Rd", zip: 310000 },
  balance: "12.50",
  createdAt: "2024-05-01T10:00:00.123Z",
  favouriteColor: "GREEN",
  id: "9007199254740993",
  labels: { team: "core" },
  name: "Ada",
  previousAddresses: [{ city: "Beijing" }],
};

/** Waits for the answer of the last Send and reads its value. */
async function answeredValue(page: Page): Promise<unknown> {
  const answer = page.locator('[data-testid="invoke-answer"][data-outcome="value"]');
  await answer.waitFor({ timeout: 30_000 });
  return JSON.parse((await answer.getByTestId("invoke-value").textContent()) ?? "") as unknown;
}

describe("the Invoke page", () => {
  it("invokes echoUser with a nested POJO filled in from the form and shows the value the Java provider returned", async () => {
    const page = await open(ECHO_USER);
    await field(page, "args.0").waitFor();
    await fillUser(page);
    expect(await jsonView(page)).toEqual([FILLED_USER]);
    // A request tag no provider has and no rule names: the tag router falls back to the untagged providers (all of the rig's).
    await page.getByLabel("Request tag").fill(" gray ");

    await page.getByTestId("invoke-send").click();
    const value = await answeredValue(page);
    // The provider echoes the User: what was sent, and Java's defaults for the rest.
    expect(value).toMatchObject({ ...FILLED_USER, address: { city: "Hangzhou", street: "1 West Lake Rd", zip: 310000 }, previousAddresses: [{ city: "Beijing", street: null, zip: 0 }] });
    const provider = await page.locator('[data-testid="invoke-answer"] a[href^="/addresses/detail"]').textContent();
    expect(rig.providers.map((p) => p.address)).toContain(provider);
    const outcomes = await page.locator("[data-attempt-outcome]").evaluateAll((els) => els.map((e) => e.getAttribute("data-attempt-outcome")));
    expect(outcomes.at(-1)).toBe("ok");
    expect(await page.getByTestId("invoke-elapsed").textContent()).toMatch(/^Time [\d.,]+ ms$/);
    const tagRoute = page.getByTestId("invoke-tag-route");
    expect(await tagRoute.getAttribute("data-tag-path")).toBe("static");
    expect(await tagRoute.textContent()).toBe("Tag gray static no tag rule");

    // It is remembered for this service: after a reload, Edit puts it back into the form.
    await page.reload();
    const recent = page.getByTestId("recent-invocations").locator('[data-recent-method="echoUser"]').first();
    await recent.getByRole("button", { name: "Edit" }).click();
    expect(await control(page, "args.0.address.city").inputValue()).toBe("Hangzhou");
    expect(await jsonView(page)).toEqual([FILLED_USER]);
    expect(await page.getByLabel("Request tag").inputValue()).toBe("gray");
  });

  it("keeps the form and the JSON view in sync both ways, and says what the JSON cannot be", async () => {
    const page = await open(ECHO_USER);
    await field(page, "args.0").waitFor();
    await typeJson(page, [{ name: "Grace", address: { zip: 12345 }, favouriteColor: "BLUE" }]);
    await page.getByRole("button", { name: "Fill in address" }).waitFor({ state: "detached" });
    expect(await control(page, "args.0.name").inputValue()).toBe("Grace");
    expect(await control(page, "args.0.address.zip").inputValue()).toBe("12345");
    expect(await control(page, "args.0.favouriteColor").inputValue()).toBe("BLUE");

    await typeJson(page, [{ address: [] }]);
    expect(await page.getByTestId("args-json-problem").textContent()).toContain("At args.0.address: io.dubboconsole.demo.api.Address is sent as a JSON object of its properties, got an array");
    expect(await control(page, "args.0.name").inputValue()).toBe("Grace");

    // Written as text: the JS literal 9007199254740993 would already be 9007199254740992.
    await typeJsonText(page, '[{"id": 9007199254740993}]');
    expect(await page.getByTestId("args-json-problem").textContent()).toContain('write it as a string, "9007199254740993"');

    await typeJson(page, [{ address: { zip: "ten" } }]);
    expect(await field(page, "args.0.address.zip").locator("[data-field-issues]").textContent()).toBe('"ten" is not a whole number (int)');
    await page.getByTestId("invoke-send").click();
    await page.getByText("Not sent: Some arguments need fixing (see the fields).").waitFor();
  });

  it("opens the overload chosen on the service's Methods tab and calls the provider pinned", async () => {
    const page = await open(`/services/detail?key=${serviceKey(DEMO.types)}&tab=methods`);
    await page.getByRole("link", { name: "Invoke java.lang.String describe(java.lang.String, int)" }).click();
    await page.waitForURL((url) => url.pathname === "/invoke" && url.searchParams.get("types") === "java.lang.String,int");
    await control(page, "args.0").fill("ab");
    await control(page, "args.1").fill("2");
    const pinned = rig.providers.find((p) => p.line === "2.7")!.address;
    await page.getByLabel("One provider").check();
    await page.getByLabel("Provider", { exact: true }).selectOption(pinned);
    await page.getByTestId("invoke-send").click();
    expect(await answeredValue(page)).toBe("string*2:abab");
    expect(await page.locator('[data-testid="invoke-answer"] a[href^="/addresses/detail"]').textContent()).toBe(pinned);
  });

  it("shows an exception the method threw by class and message, its stack trace folded", async () => {
    const page = await open(invokeHref(DEMO.fault, { name: "checkedFailure", parameterTypes: ["java.lang.String"] }));
    await control(page, "args.0").fill("boom");
    await page.getByTestId("invoke-send").click();
    const answer = page.locator('[data-testid="invoke-answer"][data-outcome="exception"]');
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.getByRole("alert").or(answer.getByRole("status")).first().textContent()).toContain("The method threw io.dubboconsole.demo.api.BusinessException");
    expect(await answer.getByTestId("exception-message").textContent()).toContain("business rule refused: boom");
    expect(await answer.getByTestId("stack-trace").isVisible()).toBe(false);
    await answer.getByText(/^Stack trace/).click();
    expect(await answer.getByTestId("stack-trace").textContent()).toContain("at io.dubboconsole.demo.provider.FaultServiceImpl.checkedFailure(");
  });
});

describe("the Invoke page's layout", () => {
  const VIEWS = [420, 1400].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ width, theme })));

  it.each(VIEWS)("fits a $width px window in the $theme theme, with a nested POJO and its answer", async ({ width, theme }) => {
    const page = await open(ECHO_USER, { width, theme });
    await field(page, "args.0").waitFor();
    await fillUser(page);
    await page.getByTestId("invoke-send").click();
    await answeredValue(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.screenshot({ path: `${SCREENSHOTS}/invoke-${width}-${theme}.png`, fullPage: true });
  });
});
