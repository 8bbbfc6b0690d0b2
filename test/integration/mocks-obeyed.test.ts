import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as byId from "@/app/api/v1/mocks/[id]/route";
import * as disable from "@/app/api/v1/mocks/[id]/disable/route";
import * as mocks from "@/app/api/v1/mocks/route";
import { type Mock, mockSchema } from "@/lib/api/mocks";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { type ConsumerHandle, DEMO, type ProviderHandle, startConsumer, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk } from "../support/zk-client";

/**
 * Mocks saved from the console, obeyed by real consumers: a `force:return` mock of
 * GreetingService.whoAmI (a consumer-side override `whoAmI.mock` with both copies) makes a
 * real 2.7.23 and a real 3.3.6 consumer answer the mock value without calling the provider
 * (the provider's own count of the calls it served stays the same), only for the consumer
 * applications it names; disabling or deleting it sends the calls to the provider again.
 * The provider (3.3.6, counting its calls) and the consumers are this file's own, on a
 * GreetingService version no other peer provides.
 */

const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const VERSION = "mock-test-1";
const MOCKED = "mocked-by-console";
const IN_A_ROW = 8;
const CENTER = `/dubbo/config/dubbo/${GREETING}:${VERSION}:.configurators`;

let engine: Engine;
let provider: ProviderHandle;
let c27: ConsumerHandle;
let c33: ConsumerHandle;

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", CONSOLE_WRITE_RATE: "100000/100000" }));
  provider = await startProvider({ line: "3.3", registry: rig.zkAddress, host: "127.0.0.181", app: "mock-test-provider", services: ["greeting"], greetingVersion: VERSION, logCalls: true });
  [c27, c33] = await Promise.all([
    startConsumer({ line: "2.7", registry: rig.zkAddress, app: "mock-test-27", version: VERSION, intervalMs: 100 }),
    startConsumer({ line: "3.3", registry: rig.zkAddress, app: "mock-test-33", version: VERSION, intervalMs: 100 }),
  ]);
  await waitFor("the first full read", () => engine.registries[0]!.usable);
});

afterAll(async () => {
  const zk = await connectTestZk(rig.zkConnectString);
  await zk.removeTree(CENTER);
  const dir = `/dubbo/${GREETING}/configurators`;
  for (const node of await zk.children(dir).catch(() => [])) if (decodeURIComponent(node).includes(VERSION)) await zk.remove(`${dir}/${node}`);
  zk.close();
  await Promise.all([c27?.stop(), c33?.stop(), provider?.stop()]);
  findEngine()?.close();
});

async function send(handler: (r: Request) => Promise<Response>, method: string, path: string, body?: unknown): Promise<Mock> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBeLessThan(300);
  return mockSchema.parse(json);
}

/** Waits until the last IN_A_ROW answers `c` got since call `from` are all `answer`; answers the call count then. */
const answering = (c: ConsumerHandle, answer: string, from = c.calls().length) =>
  waitFor(`${c.app}: ${IN_A_ROW} answers in a row of ${answer}`, () => {
    const since = c.calls().slice(from);
    return since.length >= IN_A_ROW && since.slice(-IN_A_ROW).every((x) => x.ok && x.provider === answer) ? c.calls().length : undefined;
  }, 40_000);

describe("a mock saved from the console, against real Dubbo consumers", () => {
  it("answers the mock value on the named consumers without calling the provider, and disabling or deleting it calls the provider again", async () => {
    await Promise.all([answering(c27, provider.address), answering(c33, provider.address)]);

    const only27 = await send(mocks.POST, "POST", "/api/v1/mocks", { service: GREETING, version: VERSION, method: "whoAmI", mode: "force", returns: MOCKED, applications: [c27.app] });
    expect(only27).toMatchObject({ method: "whoAmI", mode: "force", returns: MOCKED, applications: [c27.app], config: { side: "consumer", parameters: { "whoAmI.mock": `force:return "${MOCKED}"` }, targets: ["registry", "center"] } });
    // Only the application named gets the mock; the other keeps calling the provider.
    await Promise.all([answering(c27, MOCKED), answering(c33, provider.address)]);
    await waitFor("the mock to list the 2.7 consumer as mocked", async () => (await send(byId.GET, "GET", `/api/v1/mocks/${only27.id}`)).consumers.map((c) => c.application).join() === c27.app);

    const all = await send(byId.PUT, "PUT", `/api/v1/mocks/${only27.id}`, { revision: only27.revision, method: "whoAmI", mode: "force", returns: MOCKED });
    await Promise.all([answering(c27, MOCKED), answering(c33, MOCKED)]);
    // Both consumers mocked: a window of calls from each, and the provider served none of them.
    const served = provider.served();
    const [from27, from33] = [c27.calls().length, c33.calls().length];
    await Promise.all([answering(c27, MOCKED, from27), answering(c33, MOCKED, from33)]);
    expect(c27.calls().length - from27 + c33.calls().length - from33).toBeGreaterThanOrEqual(2 * IN_A_ROW);
    expect(provider.served()).toBe(served);

    const disabled = await send(disable.POST, "POST", `/api/v1/mocks/${all.id}/disable`, { revision: all.revision });
    expect(disabled.enabled).toBe(false);
    await Promise.all([answering(c27, provider.address), answering(c33, provider.address)]);
    expect(provider.served()).toBeGreaterThan(served);

    const res = await byId.DELETE(new Request(`http://console/api/v1/mocks/${disabled.id}?revision=${disabled.revision}`, { method: "DELETE" }));
    expect([res.status, await res.json()]).toEqual([200, { deleted: true, id: disabled.id }]);
    await Promise.all([answering(c27, provider.address), answering(c33, provider.address)]);
  });
});
