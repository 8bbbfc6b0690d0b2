import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { type ConsoleHandle, launchConsole, startConsole } from "../support/console-server";
import { freePort } from "../support/free-port";

describe("a console whose registry is unreachable", () => {
  let server: ConsoleHandle;
  let browser: Browser;
  let deadPort: number;

  beforeAll(async () => {
    deadPort = await freePort();
    [server, browser] = await Promise.all([startConsole({ DUBBO_REGISTRY: `zookeeper://127.0.0.1:${deadPort}` }), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("still serves, and answers registry calls with 503 registry_unavailable quickly", async () => {
    const started = Date.now();
    const res = await fetch(`${server.url}/api/v1/services`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: {
        code: "registry_unavailable",
        message: expect.stringMatching(/^no registry has been read yet: zookeeper:\/\/127\.0\.0\.1:\d+ is connecting/),
        registries: [{ state: "connecting" }],
      },
    });
    expect(elapsed).toBeLessThan(2_000);
  });

  it("reports the registry as unreachable in the status API and the page header", async () => {
    const status = await (await fetch(`${server.url}/api/v1/registry`)).json();
    expect(status).toMatchObject({ registries: [{ servers: [`127.0.0.1:${deadPort}`], state: { type: "connecting" }, syncedAt: null }] });
    const page = await browser.newPage();
    await page.goto(`${server.url}/services`);
    await page.getByTestId("services-error").waitFor();
    expect(await page.getByTestId("services-error").textContent()).toContain("The registry is unavailable");
    // The cause the session saw, not just "unavailable".
    await page.getByTestId("services-error").filter({ hasText: `connection refused by 127.0.0.1:${deadPort}` }).waitFor();
    await page.locator('[data-testid="registry-indicator"][data-tone="bad"]').waitFor();
    expect(await page.getByTestId("registry-indicator").textContent()).toBe("Registry: Unreachable");
    await page.close();
  });
});

describe("a malformed DUBBO_REGISTRY", () => {
  it.each([
    ["nacos://127.0.0.1:8848", 'dubbo-console: invalid DUBBO_REGISTRY: "nacos://127.0.0.1:8848": unsupported registry protocol "nacos" (only zookeeper:// is supported)'],
    ["zookeeper://127.0.0.1:2181|zookeeper://zk:70000", 'dubbo-console: invalid DUBBO_REGISTRY: "zookeeper://zk:70000": port "70000" of zk is not a number from 1 to 65535'],
  ])("%s stops start-up with one line naming the bad part", async (value, line) => {
    const peer = launchConsole({ DUBBO_REGISTRY: value }, await freePort());
    expect(await peer.exited).toBe(1);
    expect(peer.lines.filter((l) => l.startsWith("dubbo-console:"))).toEqual([line]);
    expect(peer.lines.filter((l) => /^\s+at /.test(l))).toEqual([]);
  });
});
