import { once } from "node:events";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, gotoSettled } from "../support/browser";
import { waitFor } from "../support/wait-for";
import { startPeer } from "../support/child-process";
import { type ConsoleHandle, launchConsole, startConsole } from "../support/console-server";
import { freePort } from "../support/free-port";

const ROOT = join(import.meta.dirname, "..", "..");

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
        message: expect.stringMatching(new RegExp(`^no registry has been read yet: zookeeper://127\\.0\\.0\\.1:${deadPort} is connecting`)),
        registries: [{ state: "connecting" }],
      },
    });
    expect(elapsed).toBeLessThan(2_000);
  });

  it("reports the registry as unreachable in the status API and the page header", async () => {
    const status = await waitFor("the first failed connect", async () => {
      const body = (await (await fetch(`${server.url}/api/v1/registry`)).json()) as { registries: { lastError: unknown }[] };
      return body.registries[0]?.lastError ? body : undefined;
    });
    expect(status).toMatchObject({
      registries: [
        {
          servers: [`127.0.0.1:${deadPort}`],
          state: { type: "connecting" },
          syncedAt: null,
          lastHeardAt: null,
          lastError: { message: `connection refused by 127.0.0.1:${deadPort}` },
          stale: null,
        },
      ],
    });
    const unavailable = (await (await fetch(`${server.url}/api/v1/services`)).json()) as { error: { message: string } };
    expect(unavailable.error.message).toBe(
      `no registry has been read yet: zookeeper://127.0.0.1:${deadPort} is connecting (connection refused by 127.0.0.1:${deadPort})`,
    );
    const page = await browser.newPage();
    await gotoSettled(page, `${server.url}/services`);
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
  ])("%s stops start-up with one line naming the bad part, before Next.js starts", async (value, line) => {
    const peer = launchConsole({ DUBBO_REGISTRY: value }, await freePort());
    const closed = once(peer.process, "close");
    expect(await peer.exited).toBe(1);
    await closed;
    expectOnlyFatalLine(peer.lines, line);
  });

  it("stops `npm start` the same way, with the fatal line last", async () => {
    const line = 'dubbo-console: invalid DUBBO_REGISTRY: "nacos://127.0.0.1:8848": unsupported registry protocol "nacos" (only zookeeper:// is supported)';
    const peer = startPeer("npm-start", "npm", ["start", "--", "-H", "127.0.0.1", "-p", String(await freePort())], {
      cwd: ROOT,
      env: { ...process.env, DUBBO_REGISTRY: "nacos://127.0.0.1:8848" },
    });
    const closed = once(peer.process, "close");
    expect(await peer.exited).toBe(1);
    await closed;
    // npm echoes the script it runs first ("> dubbo-console@… start"); nothing of Next.js may follow it.
    expectOnlyFatalLine(peer.lines.filter((l) => !l.startsWith(">")), line);
  });
});

/** The fatal line is the last line printed and the only one of significance: no Next.js banner, no "Ready", no stack. */
function expectOnlyFatalLine(lines: readonly string[], fatal: string): void {
  const printed = lines.filter((l) => l.trim() !== "");
  expect(printed.at(-1)).toBe(fatal);
  expect(printed.filter((l) => l.startsWith("dubbo-console:"))).toEqual([fatal]);
  expect(printed.filter((l) => /Ready|Next\.js|^\s+at /.test(l))).toEqual([]);
}
