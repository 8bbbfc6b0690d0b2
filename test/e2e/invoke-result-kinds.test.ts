import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { invokeHref } from "@/lib/format/hrefs";
import { launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";

/**
 * What the Invoke page says a call came to, against the real rig (issue 15 item 13): a
 * `void` method's answer is said to be void, not `null` (Dubbo answers void and a null
 * value alike; the metadata's return type tells them apart), and an exception the service
 * threw is labelled as Dubbo's ExceptionFilter sorts it, not "business exception".
 */
const rig = inject("rig");
const SCREENSHOTS = process.env.INVOKE_SCREENSHOTS ?? "/tmp";
const VIEWS = [
  { width: 420, theme: "light" },
  { width: 420, theme: "dark" },
  { width: 1400, theme: "light" },
  { width: 1400, theme: "dark" },
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

function open(path: string, view: (typeof VIEWS)[number]): Promise<Page> {
  return openThemedPage(browser, contexts, `${server.url}${path}`, { width: view.width, height: 900, theme: view.theme });
}

/** Sends the form and waits for the answer of `outcome`. */
async function send(page: Page, outcome: "value" | "exception"): Promise<Locator> {
  await page.getByTestId("invoke-send").click();
  const answer = page.locator(`[data-testid="invoke-answer"][data-outcome="${outcome}"]`);
  await answer.waitFor({ timeout: 30_000 });
  return answer;
}

/** Whether the page scrolls sideways (it must not, at any width). */
function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

describe("the Invoke page's answer", () => {
  it("says a void method returned void, not null, at 420 and 1400 px in both themes", async () => {
    for (const view of VIEWS) {
      const page = await open(invokeHref(DEMO.types, { name: "ping", parameterTypes: [] }), view);
      const answer = await send(page, "value");
      const value = answer.getByTestId("invoke-value");
      expect((await value.textContent())?.trim()).toBe("void — the call completed, no value");
      expect(await value.getAttribute("data-returned")).toBe("void");
      expect(await answer.getByText("null", { exact: true }).count()).toBe(0);
      expect(await overflows(page)).toBe(false);
      await page.screenshot({ path: `${SCREENSHOTS}/invoke-void-${view.width}-${view.theme}.png`, fullPage: true });
    }
  });

  it("still shows null for a method with a return type that returned null", async () => {
    const page = await open(invokeHref(DEMO.types, { name: "echoString", parameterTypes: ["java.lang.String"] }), VIEWS[2]);
    await page.getByTestId("args-json").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("[null]");
    const value = (await send(page, "value")).getByTestId("invoke-value");
    expect((await value.textContent())?.trim()).toBe("null");
    expect(await value.getAttribute("data-returned")).toBe("null");
  });

  it("labels a checked exception the service threw a service exception, with its Java class, at 420 and 1400 px in both themes", async () => {
    for (const view of VIEWS) {
      const page = await open(invokeHref(DEMO.fault, { name: "checkedFailure", parameterTypes: ["java.lang.String"] }), view);
      await page.locator('[data-field-path="args.0"] input').first().fill("boom");
      const answer = await send(page, "exception");
      const badges = await answer.locator("[data-attempt-outcome=business_exception]").allTextContents();
      expect(badges.length).toBeGreaterThan(0);
      for (const b of badges) expect(b).toContain("service exception");
      expect(await answer.getByText(/business exception/i).count()).toBe(0);
      const callout = answer.getByRole("status").first();
      expect(await callout.textContent()).toContain("The method threw io.dubboconsole.demo.api.BusinessException");
      expect(await callout.textContent()).toContain("service exception");
      expect(await answer.getAttribute("data-thrown-kind")).toBe("service_exception");
      expect(await overflows(page)).toBe(false);
      await page.screenshot({ path: `${SCREENSHOTS}/invoke-thrown-${view.width}-${view.theme}.png`, fullPage: true });
    }
  });

  it("labels a java.lang.Error the provider threw a provider error, in the alert tone, at 420 and 1400 px in both themes", async () => {
    // No rig service throws an Error (an OutOfMemoryError would harm the shared providers), so the
    // console's answer is stood in for in the browser, shaped as the invoke API answers it.
    const provider = rig.providers[0]!.address;
    const body = {
      ok: false,
      error: { code: "business_exception", class: "java.lang.OutOfMemoryError", message: "Java heap space", stackTrace: ["io.dubboconsole.demo.provider.FaultServiceImpl.slow(FaultServiceImpl.java:30)"] },
      provider,
      elapsedMs: 12.5,
      attempts: [{ provider, outcome: "business_exception", elapsedMs: 12 }],
      tagRoute: null,
    };
    for (const view of VIEWS) {
      const page = await open(invokeHref(DEMO.fault, { name: "slow", parameterTypes: ["int"] }), view);
      await page.route("**/api/v1/invoke", (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) }));
      await page.locator('[data-field-path="args.0"] input').first().fill("1");
      const answer = await send(page, "exception");
      const alert = answer.getByRole("alert").first();
      expect(await alert.textContent()).toContain("The provider failed with java.lang.OutOfMemoryError");
      expect(await alert.textContent()).toContain("provider error");
      expect(await answer.locator("[data-attempt-outcome=business_exception]").textContent()).toContain("provider error");
      expect(await answer.getByText(/business exception/i).count()).toBe(0);
      expect(await answer.getAttribute("data-thrown-kind")).toBe("provider_error");
      expect(await overflows(page)).toBe(false);
      await page.screenshot({ path: `${SCREENSHOTS}/invoke-error-${view.width}-${view.theme}.png`, fullPage: true });
    }
  });
});
