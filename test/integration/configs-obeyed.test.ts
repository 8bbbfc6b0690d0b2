import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as byId from "@/app/api/v1/configs/[id]/route";
import * as configs from "@/app/api/v1/configs/route";
import * as offline from "@/app/api/v1/providers/offline/route";
import * as online from "@/app/api/v1/providers/online/route";
import * as weight from "@/app/api/v1/providers/weight/route";
import { type Config, type ConfigTarget, configSchema, configsResponseSchema } from "@/lib/api/overrides/configs";
import { serviceKey } from "@/lib/dubbo/service-key";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { type ConsumerCall, type ConsumerHandle, DEMO, type ProviderHandle, startConsumer, startProvider } from "../support/dubbo-peers";
import { copiesOf, deleteAllCopies, type OverrideService } from "../support/override-copies-zk";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 16, "Done when": configurators (overrides) are obeyed by real consumers. Two Dubbo
 * 2.7.23 providers of one service (GreetingService and FaultService under versions no other
 * peer provides) and a real 2.7.23 and a real 3.3.6 consumer of them. Every config is saved
 * through the console's HTTP handlers, called in-process on an engine of the test's own
 * against the rig's ZooKeeper, each written to ONE copy (`targets`), so each release is
 * proved to obey each copy: the registry's `configurators` category (`["registry"]`) and
 * the config center's `{interface}:{version}:{group}.configurators` rule (`["center"]`).
 * ZooKeeper is read back by hand (test/support/override-copies-zk.ts) to see that the one
 * copy, and only it, was written and is gone again. Every config is consumer side, so the
 * providers never re-register: what changes is the consumers' doing.
 * - POST /api/v1/providers/weight 900 for provider A (B at 100): each consumer sends 75%..98%
 *   of 200 consecutive calls to A; DELETE /api/v1/configs/{id} restores an even split;
 * - POST /api/v1/providers/offline for A: each sends none to A within seconds while B serves;
 *   POST /api/v1/providers/online brings A back;
 * - POST /api/v1/configs, a consumer-side `timeout` of 300 ms: a 1.5 s call fails after about
 *   300 ms; DELETE lets it answer again.
 *
 * Two conditions the weight needs, arranged as an operator's providers are and measured in this rig:
 * - Warm-up over. A consumer scales a provider's weight by uptime / `warmup` (10 minutes by
 *   default) until then (AbstractLoadBalance.getWeight). With fresh providers and Dubbo's
 *   default, the 2.7.23 consumer split about 50/50 for some 20 s after the write and reached
 *   90% only after about a minute; with `warmup` 1 ms it obeyed at once. The providers here
 *   have a short `warmup` and the weight test waits past it, as for providers long up.
 *   (3.3.6 strips `timestamp` from provider URLs, CacheableFailbackRegistry.stripOffVariableKeys:
 *   a 3.3.6 consumer that weighed at all did so at once, about 90%, under the default warm-up.)
 * - A weight on every provider's URL, for 3.3.6. Its RandomLoadBalance.needWeightLoadBalance
 *   looks only at the first invoker of the list: with neither `weight` nor `timestamp` on its URL
 *   (the provider's `timestamp` stripped, see above) it picks uniformly, whatever the others'
 *   weights (apache/dubbo#12550, open). So weight 900 on A alone was obeyed by a 3.3.6
 *   consumer only when A happened to be first in its list: 6 of 12 consumer JVMs here, the
 *   rest split 50/50 as long as they ran. The providers register `weight=100` (Dubbo's default,
 *   written out), as an operator's must for 3.x consumers to weigh them at all.
 */


const rig = inject("rig");
/** Versions no other peer provides, so these providers are the only ones. */
const GREETING: OverrideService = { interface: DEMO.greeting.interface, group: "", version: "16.0.0" };
const FAULT: OverrideService = { interface: DEMO.fault.interface, group: "", version: "16.0.0" };
/** Each provider's `warmup`, and how long the weight test waits past it (see above). */
const WARMUP_MS = 2_000;
/** GreetingService calls every 25 ms: 200 calls in about 6 s. */
const INTERVAL_MS = 25;
/** FaultService.slow sleeps this long; the consumers' reference timeout is 3 s, the override's 300 ms. */
const SLOW_MS = 1_500;
const TIMEOUT_OVERRIDE_MS = 300;
/** "Within seconds": from the write until a consumer sends nothing more to the provider taken offline. */
const OFFLINE_WITHIN_MS = 10_000;

let engine: Engine;
let zk: TestZk;
let a: ProviderHandle;
let b: ProviderHandle;
let consumers: { release: string; handle: ConsumerHandle }[];
/** When the last provider was ready: the warm-up is over WARMUP_MS after it. */
let providersReadyAt = 0;

beforeAll(async () => {
  zk = await connectTestZk(rig.zkConnectString);
  for (const service of [GREETING, FAULT]) await deleteAllCopies(zk, service);
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", CONSOLE_WRITE_RATE: "100000/100000" }));
  const provider = (host: string) =>
    startProvider({ line: "2.7", registry: rig.zkAddress, host, app: `configs-obeyed-${host.split(".").pop()}`, services: ["greeting", "fault"], greetingVersion: GREETING.version, faultVersion: FAULT.version, warmupMs: WARMUP_MS, weight: 100 });
  const consumer = (line: "2.7" | "3.3") =>
    startConsumer({ line, registry: rig.zkAddress, app: `configs-obeyed-${line.replace(".", "")}`, version: GREETING.version, intervalMs: INTERVAL_MS, slow: { millis: SLOW_MS, version: FAULT.version, timeoutMs: 3_000, intervalMs: 100 } });
  const [pa, pb, c27, c33] = await Promise.all([provider("127.0.0.61"), provider("127.0.0.62"), consumer("2.7"), consumer("3.3")]);
  [a, b] = [pa, pb];
  providersReadyAt = Date.now();
  consumers = [
    { release: "2.7.23", handle: c27 },
    { release: "3.3.6", handle: c33 },
  ];
  // Both consumers see both providers, and the console sees both (its stranding check judges them), before any test writes a config.
  await Promise.all(consumers.map((c) => waitFor(`the ${c.release} consumer served by both providers`, () => [a.address, b.address].every((p) => c.handle.servedBy().includes(p)), 60_000)));
  await waitFor("the console's catalog holding both providers", () => {
    try {
      return engine.catalog.routing(serviceKey(GREETING)).providers.length === 2;
    } catch {
      return false;
    }
  }, 30_000);
});

afterAll(async () => {
  if (zk) {
    for (const service of [GREETING, FAULT]) await deleteAllCopies(zk, service);
    zk.close();
  }
  await findEngine()?.close();
  await Promise.all([...(consumers ?? []).map((c) => c.handle.stop()), a?.stop(), b?.stop()]);
});

type Handler = (request: Request) => Promise<Response>;

/** Calls a route handler in-process as the console's HTTP server would; answers the status and JSON body. */
async function call(handler: Handler, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json() };
}

/** Calls `handler` and expects `status`, saying the body when it is not. */
async function expectStatus(handler: Handler, method: string, path: string, body: unknown, status: number): Promise<unknown> {
  const res = await call(handler, method, path, body);
  expect(res.status, `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(res.json)}`).toBe(status);
  return res.json;
}

/** Waits until GET /api/v1/configs lists `config` at its revision (an edit or delete names what the console has read). */
const listed = (config: Config) =>
  waitFor(`config ${config.id} at ${config.revision} in the list`, async () => {
    const res = await call(configs.GET, "GET", `/api/v1/configs?service=${config.service}`);
    return configsResponseSchema.parse(res.json).configs.some((c) => c.id === config.id && c.revision === config.revision);
  });

/** DELETE /api/v1/configs/{id} at its revision, once the console has read it. */
async function deleteConfig(config: Config): Promise<void> {
  await listed(config);
  expect(await expectStatus(byId.DELETE, "DELETE", `/api/v1/configs/${encodeURIComponent(config.id)}?revision=${encodeURIComponent(config.revision)}`, undefined, 200)).toEqual({ deleted: true, id: config.id });
}

/**
 * What ZooKeeper holds for `service` after a config went to `target` only: the registry copy
 * is one `override://` URL carrying `expected` and no rule; the center copy a rule with it and no URL.
 */
async function expectOnlyCopy(service: OverrideService, target: ConfigTarget, expected: readonly string[]): Promise<void> {
  const copies = await copiesOf(zk, service);
  if (target === "registry") {
    expect(copies.center).toBeNull();
    expect(copies.registry).toHaveLength(1);
    for (const part of expected) expect(copies.registry[0]).toContain(part);
  } else {
    expect(copies.registry).toEqual([]);
    for (const part of expected) expect(copies.center).toContain(part);
  }
}

const expectNoCopies = async (service: OverrideService) => expect(await copiesOf(zk, service)).toEqual({ registry: [], center: null });

/** Waits until `consumer` has made `n` GreetingService calls after call index `from`, and answers them. */
const nextCalls = (consumer: ConsumerHandle, from: number, n: number, what: string): Promise<ConsumerCall[]> =>
  waitFor(what, () => {
    const calls = consumer.calls();
    return calls.length >= from + n ? calls.slice(from, from + n) : undefined;
  }, 60_000);

/** The share of `calls` that `address` served. */
const shareOf = (calls: readonly ConsumerCall[], address: string) => calls.filter((c) => c.ok && c.provider === address).length / calls.length;

/**
 * Waits until the last `window` calls of `consumer` look like `looks` (the consumer has read the
 * change), then answers the share of A among the next 200 calls: calls made after the wait,
 * so the wait's own choice of moment does not bias them.
 */
async function shareAfter(consumer: { release: string; handle: ConsumerHandle }, what: string, looks: (share: number) => boolean): Promise<number> {
  const window = 40;
  const seen = await waitFor(`the ${consumer.release} consumer: ${what}`, () => {
    const calls = consumer.handle.calls();
    return calls.length >= window && looks(shareOf(calls.slice(-window), a.address)) ? calls.length : undefined;
  }, 30_000);
  const calls = await nextCalls(consumer.handle, seen, 200, `200 more calls of the ${consumer.release} consumer`);
  expect(calls.every((c) => c.ok), JSON.stringify(calls.find((c) => !c.ok))).toBe(true);
  return shareOf(calls, a.address);
}

/** What each test prints at the end, per release. */
const figures: string[] = [];
afterAll(() => {
  if (figures.length) console.info(`configs-obeyed:\n  ${figures.join("\n  ")}`);
});

describe.each([
  { copy: "registry", target: "registry" },
  { copy: "config-center", target: "center" },
] as const)("a consumer-side config saved through the API to the $copy copy only, against real 2.7.23 and 3.3.6 consumers of two 2.7.23 providers", ({ copy, target }) => {
  const provider = (address: string) => ({ service: GREETING.interface, version: GREETING.version, address });

  it("POST /providers/weight 900 for A (B at its registered 100) sends 75%..98% of 200 consecutive calls to A from each consumer; deleting the config splits them evenly again", async () => {
    // Past the providers' warm-up, as an operator's providers long up are (see the file's comment).
    await waitFor("the providers' warm-up over", () => Date.now() > providersReadyAt + WARMUP_MS);
    const saved = configSchema.parse(await expectStatus(weight.POST, "POST", "/api/v1/providers/weight", { ...provider(a.address), weight: 900, targets: [target] }, 200));
    expect(saved).toMatchObject({ side: "consumer", providerAddresses: [a.address], parameters: { weight: "900" }, targets: [target] });
    await expectOnlyCopy(GREETING, target, target === "registry" ? [`override://${a.address}/`, "weight=900", "version=16.0.0"] : [`providerAddresses: ["${a.address}"]`, '"weight": "900"']);
    const weighted = await Promise.all(consumers.map((c) => shareAfter(c, "most of 40 calls in a row to A", (s) => s >= 0.75)));
    await deleteConfig(saved);
    await expectNoCopies(GREETING);
    const even = await Promise.all(consumers.map((c) => shareAfter(c, "about half of 40 calls in a row to A", (s) => s <= 0.65)));
    consumers.forEach((c, i) => figures.push(`${copy} weight 900: ${c.release} sent ${(weighted[i]! * 100).toFixed(1)}% of 200 calls to A, ${(even[i]! * 100).toFixed(1)}% once deleted`));
    for (const share of weighted) {
      expect(share).toBeGreaterThanOrEqual(0.75);
      expect(share).toBeLessThanOrEqual(0.98);
    }
    for (const share of even) {
      expect(share).toBeGreaterThanOrEqual(0.3);
      expect(share).toBeLessThanOrEqual(0.7);
    }
  });

  it("POST /providers/offline for A: each consumer sends none to A within seconds while B serves; POST /providers/online brings A back", async () => {
    const starts = consumers.map((c) => c.handle.calls().length);
    const wroteAt = Date.now();
    const saved = configSchema.parse(await expectStatus(offline.POST, "POST", "/api/v1/providers/offline", { ...provider(a.address), targets: [target] }, 200));
    expect(saved).toMatchObject({ side: "consumer", providerAddresses: [a.address], parameters: { disabled: "true" }, targets: [target] });
    await expectOnlyCopy(GREETING, target, target === "registry" ? [`override://${a.address}/`, "disabled=true", "version=16.0.0"] : [`providerAddresses: ["${a.address}"]`, '"disabled": "true"']);
    const offlineFigures = await Promise.all(
      consumers.map(async (c, i) => {
        // The first call after which every call goes to B: 20 in a row, then 100 more.
        const settled = await waitFor(`the ${c.release} consumer: 20 calls in a row to B`, () => {
          const since = c.handle.calls().slice(starts[i]);
          return since.length >= 20 && since.slice(-20).every((x) => x.ok && x.provider === b.address) ? since.length : undefined;
        }, OFFLINE_WITHIN_MS + 10_000);
        const ms = Date.now() - wroteAt;
        const after = await nextCalls(c.handle, starts[i]! + settled, 100, `100 more calls of the ${c.release} consumer`);
        return { ms, after };
      }),
    );
    await listed(saved);
    const onlineFrom = consumers.map((c) => c.handle.calls().length);
    const onlineAt = Date.now();
    expect(await expectStatus(online.POST, "POST", "/api/v1/providers/online", provider(a.address), 200)).toEqual({ deleted: [saved.id] });
    await expectNoCopies(GREETING);
    const back = await Promise.all(
      consumers.map(async (c, i) => {
        await waitFor(`the ${c.release} consumer served by A again`, () => c.handle.calls().slice(onlineFrom[i]).some((x) => x.ok && x.provider === a.address), 30_000);
        return Date.now() - onlineAt;
      }),
    );
    consumers.forEach((c, i) => figures.push(`${copy} offline: ${c.release} stopped calling A within ${offlineFigures[i]!.ms} ms, back on A ${back[i]} ms after online`));
    for (const { ms, after } of offlineFigures) {
      expect(ms).toBeLessThan(OFFLINE_WITHIN_MS);
      expect(after.filter((x) => !x.ok || x.provider !== b.address)).toEqual([]);
    }
  });

  it(`POST /configs, a consumer-side timeout of ${TIMEOUT_OVERRIDE_MS} ms, makes a ${SLOW_MS} ms call fail after about ${TIMEOUT_OVERRIDE_MS} ms; deleting it lets it answer again`, async () => {
    // Before: the reference's 3 s lets the 1.5 s call answer.
    const before = await Promise.all(consumers.map((c) => waitFor(`a slow call of the ${c.release} consumer answered`, () => c.handle.slowCalls().find((x) => x.ok), 30_000)));
    // Calls before the write (an earlier test's included) do not count.
    const fromSeq = consumers.map((c) => c.handle.slowCalls().at(-1)?.seq ?? 0);
    const body = { scope: "service", service: FAULT.interface, version: FAULT.version, side: "consumer", parameters: { timeout: String(TIMEOUT_OVERRIDE_MS) }, targets: [target] };
    const saved = configSchema.parse(await expectStatus(configs.POST, "POST", "/api/v1/configs", body, 201));
    expect(saved).toMatchObject({ scope: "service", key: `${FAULT.interface}:${FAULT.version}:`, side: "consumer", addresses: [], providerAddresses: [], parameters: { timeout: String(TIMEOUT_OVERRIDE_MS) }, targets: [target] });
    await expectOnlyCopy(FAULT, target, target === "registry" ? ["override://0.0.0.0/", `timeout=${TIMEOUT_OVERRIDE_MS}`, "version=16.0.0"] : [`"timeout": "${TIMEOUT_OVERRIDE_MS}"`]);
    const failed = await Promise.all(
      consumers.map(async (c, i) => {
        const first = await waitFor(`a slow call of the ${c.release} consumer timed out`, () => c.handle.slowCalls().find((x) => x.seq > fromSeq[i]! && !x.ok && x.ms < SLOW_MS)?.seq, 30_000);
        // The next three calls, all under the override.
        return waitFor(`three more slow calls of the ${c.release} consumer`, () => {
          const next = c.handle.slowCalls().filter((x) => x.seq > first);
          return next.length >= 3 ? next.slice(0, 3) : undefined;
        }, 30_000);
      }),
    );
    await deleteConfig(saved);
    await expectNoCopies(FAULT);
    const after = await Promise.all(
      consumers.map((c, i) => waitFor(`a slow call of the ${c.release} consumer answered again`, () => c.handle.slowCalls().find((x) => x.seq > failed[i]!.at(-1)!.seq && x.ok), 30_000)),
    );
    consumers.forEach((c, i) => figures.push(`${copy} timeout ${TIMEOUT_OVERRIDE_MS}: ${c.release} slow call ${before[i]!.ms} ms ok before, failed after ${failed[i]!.map((x) => x.ms).join("/")} ms, ${after[i]!.ms} ms ok once deleted`));
    for (const calls of failed) {
      for (const call of calls) {
        expect(call.ok, JSON.stringify(call)).toBe(false);
        expect(call.error).toMatch(/time ?out/i);
        expect(call.ms).toBeGreaterThanOrEqual(TIMEOUT_OVERRIDE_MS - 10);
        expect(call.ms).toBeLessThan(TIMEOUT_OVERRIDE_MS + 700);
      }
    }
    for (const call of [...before, ...after]) expect(call.ms).toBeGreaterThanOrEqual(SLOW_MS);
  });
});
