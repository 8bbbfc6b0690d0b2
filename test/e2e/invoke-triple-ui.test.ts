import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { invokeHref } from "@/lib/format/hrefs";
import { expectNoSidewaysScroll, FOUR_LOOKS, launchBrowser, openThemedPage } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { fillEchoUser } from "../support/invoke-form";
import { waitFor } from "../support/wait-for";

/**
 * Issue 19, Done when (e2e): "invoke a Triple method with a nested POJO from the form". A real
 * Dubbo 3.3.6 provider exports TypesService on dubbo and on tri; the Invoke page's form fills a
 * User with a nested Address, pins the provider's tri address, and shows the value Java echoed,
 * and that it went over Triple. At a desktop and a phone look.
 */
const rig = inject("rig");
const HOST = "127.0.0.133";
const USER = "io.dubboconsole.demo.api.User";
const ECHO_USER = invokeHref(DEMO.types, { name: "echoUser", parameterTypes: [USER] });
const SCREENSHOTS = process.env.INVOKE_SCREENSHOTS ?? "/tmp";

let server: ConsoleHandle;
let browser: Browser;
let provider: ProviderHandle;
let triAddress: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const triPort = await freePort("0.0.0.0");
  triAddress = `${HOST}:${triPort}`;
  [server, browser, provider] = await Promise.all([
    startConsole({ DUBBO_REGISTRY: rig.zkAddress }),
    launchBrowser(),
    startProvider({ line: "3.3", registry: rig.zkAddress, host: HOST, app: "triple-ui-provider", services: ["types"], extraProtocols: [{ name: "tri", port: triPort }] }),
  ]);
  await waitForRegistrySync(server.url);
  await waitFor("the tri provider listed", async () => {
    const res = await fetch(`${server.url}/api/v1/service?key=${encodeURIComponent(`${DEMO.types.group}/${DEMO.types.interface}:${DEMO.types.version}`)}`);
    const body = res.status === 200 ? ((await res.json()) as { providers: { address: string }[] }) : null;
    return body?.providers.some((p) => p.address === triAddress);
  }, 30_000);
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.stop();
});


describe("the Invoke page over Triple", () => {
  it("sends a User with a nested Address to the pinned tri provider and shows Java's echo", async () => {
    for (const look of [FOUR_LOOKS[0], FOUR_LOOKS[1]]) {
      const page = await openThemedPage(browser, contexts, `${server.url}${ECHO_USER}`, { width: look.width, height: 900, theme: look.theme });
      await fillEchoUser(page, "Tri");
      await page.getByLabel("Provider", { exact: true }).selectOption(triAddress);
      await page.getByTestId("invoke-send").click();
      const answer = page.locator('[data-testid="invoke-answer"][data-outcome="value"]');
      await answer.waitFor({ timeout: 30_000 });
      const value = JSON.parse((await answer.getByTestId("invoke-value").textContent()) ?? "") as Record<string, unknown>;
      expect(value).toMatchObject({ id: "9007199254740993", name: "Tri", favouriteColor: "BLUE", address: { city: "Hangzhou", street: null, zip: 310000 } });
      expect(await answer.locator('a[href^="/addresses/detail"]').textContent()).toBe(triAddress);
      expect(await answer.getByTestId("invoke-protocol").getAttribute("data-protocol")).toBe("tri");
      await expectNoSidewaysScroll(page, `invoke over tri ${look.width} ${look.theme}`);
      await page.screenshot({ path: `${SCREENSHOTS}/invoke-triple-${look.width}-${look.theme}.png`, fullPage: true });
    }
  });
});
