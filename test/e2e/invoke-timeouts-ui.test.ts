import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { invokeHref } from "@/lib/format/hrefs";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";

/**
 * The Invoke page when a call is slow, against the rig's real providers, at a phone's width
 * and a desktop's in both themes: a call that timed out on every attempt shows each attempt
 * (provider, time, outcome), and Cancel ends "Calling…" (the browser's fetch aborted).
 */
const rig = inject("rig");
const SCREENSHOTS = process.env.INVOKE_SCREENSHOTS ?? "/tmp";
const SLOW = invokeHref(DEMO.fault, { name: "slow", parameterTypes: ["int"] });
const VIEWS = [
  { width: 420, theme: "light" },
  { width: 1400, theme: "dark" },
  { width: 420, theme: "dark" },
  { width: 1400, theme: "light" },
] as const;

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

const control = (page: Page, path: string): Locator => page.locator(`[data-field-path="${path}"]`).locator("input, select").first();

async function slowCall(view: (typeof VIEWS)[number], millis: number, timeoutMs: number): Promise<Page> {
  const page = await openThemedPage(browser, contexts, `${server.url}${SLOW}`, { width: view.width, height: 900, theme: view.theme });
  await control(page, "args.0").fill(String(millis));
  await page.getByLabel("Timeout per attempt (ms)").fill(String(timeoutMs));
  await page.getByTestId("invoke-send").click();
  return page;
}

describe.each(VIEWS)("the Invoke page at $width px, $theme", (view) => {
  it("lists every attempt after a call that timed out on each of them: provider, time and outcome", async () => {
    const page = await slowCall(view, 5_000, 300);
    const error = page.locator('[data-testid="invoke-error"][data-error-code="timeout"]');
    await error.waitFor({ timeout: 30_000 });
    const attempts = page.getByTestId("invoke-attempts").locator("[data-attempt-outcome]");
    // Failover: the first try and Dubbo's 2 retries, each given its own 300 ms.
    expect(await attempts.evaluateAll((els) => els.map((e) => e.getAttribute("data-attempt-outcome")))).toEqual(["timeout", "timeout", "timeout"]);
    const providers = await attempts.locator(".font-mono").allTextContents();
    expect(providers.every((p) => rig.providers.some((r) => r.address === p))).toBe(true);
    expect(new Set(providers).size).toBe(3);
    expect(await page.getByTestId("invoke-elapsed").textContent()).toMatch(/^Time [\d.,]+ (ms|s)$/);
    // Nothing overflows the page sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/invoke-timeout-attempts-${view.width}-${view.theme}.png`, fullPage: true });
  });

  it("ends Calling… with Cancel, aborting the call, and says it was cancelled", async () => {
    const page = await slowCall(view, 20_000, 30_000);
    const send = page.getByTestId("invoke-send");
    await page.getByText("Calling…").waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/invoke-calling-${view.width}-${view.theme}.png` });
    const started = Date.now();
    await page.getByTestId("invoke-cancel").click();
    await page.locator('[data-testid="invoke-error"][data-error-code="cancelled"]').waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await send.textContent()).toContain("Send");
    expect([await send.isDisabled(), await page.getByTestId("invoke-cancel").count()]).toEqual([false, 0]);
    await page.screenshot({ path: `${SCREENSHOTS}/invoke-cancelled-${view.width}-${view.theme}.png` });
  });
});
