import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, gotoSettled } from "../support/browser";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { connectTestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * A ZooKeeper of its own, frozen with SIGSTOP: the console must keep showing the last
 * view and say, above the list and in the header, that it is not live and why.
 */
describe("the Services page while ZooKeeper does not answer", () => {
  let zk: ZooKeeperHandle;
  let server: ConsoleHandle;
  let browser: Browser;
  let frozen = false;
  const iface = "com.example.FrozenService";

  const thaw = () => {
    if (frozen) zk.nodes[0]!.peer.process.kill("SIGCONT");
    frozen = false;
  };

  beforeAll(async () => {
    [zk, browser] = await Promise.all([startZooKeeper(), launchBrowser()]);
    const client = await connectTestZk(zk.connectString);
    const url = `dubbo://127.0.0.9:20880/${iface}?application=frozen-app&interface=${iface}&side=provider&release=3.3.6`;
    await client.mkdirp(`/dubbo/${iface}/providers`);
    await client.create(`/dubbo/${iface}/providers/${encodeURIComponent(url)}`);
    client.close();
    server = await startConsole({ DUBBO_REGISTRY: zk.dubboAddress });
    await waitForRegistrySync(server.url);
  });

  afterAll(async () => {
    thaw();
    await browser?.close();
    await server?.stop();
    await zk?.stop();
  });

  it("keeps the last list, with an amber banner naming the registry, the age and the cause, and an amber header", async () => {
    const page = await browser.newPage();
    await gotoSettled(page, `${server.url}/services`);
    await page.locator(`[data-service-key="${iface}"]`).waitFor();
    expect(await page.getByTestId("stale-banner").count()).toBe(0);

    zk.nodes[0]!.peer.process.kill("SIGSTOP");
    frozen = true;
    const banner = page.getByTestId("stale-banner");
    await banner.waitFor({ timeout: 30_000 });
    await banner.filter({ hasText: "no answer from" }).waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toMatch(
      new RegExp(`Showing the registry as it was \\d+ s ago: ${zk.dubboAddress.replace(/[.?]/g, "\\$&")} is not answering\\. Last error: no answer from 127\\.0\\.0\\.1:${zk.nodes[0]!.port} for \\d+ ms`),
    );
    expect(await page.locator(`[data-service-key="${iface}"]`).count()).toBe(1);
    await page.locator('[data-testid="registry-indicator"][data-tone="warn"]').waitFor();

    await gotoSettled(page, `${server.url}/registry`);
    const marker = page.getByTestId("stale-marker");
    await marker.waitFor();
    expect(await marker.textContent()).toMatch(/as it was \d+ s ago/);
    expect(await page.locator('dt:text-is("Last connection error") + dd').textContent()).toMatch(/^(no answer from 127\.0\.0\.1:\d+ for \d+ ms|127\.0\.0\.1:\d+ accepted the connection but did not answer)/);

    thaw();
    await gotoSettled(page, `${server.url}/services`);
    await page.locator('[data-testid="registry-indicator"][data-tone="good"]').waitFor({ timeout: 60_000 });
    await page.getByTestId("stale-banner").waitFor({ state: "detached", timeout: 15_000 });
    expect(await page.locator(`[data-service-key="${iface}"]`).count()).toBe(1);
    await page.close();
  });
});
