import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { type InvokeRequest, type InvokeResponse, invokeRequestSchema } from "@/lib/api/invoke";
import { PRESET_ROLES } from "@/lib/auth/roles";
import { isConsoleError } from "@/lib/errors";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { DubboExchangeClient } from "@/server/protocol/socket-exchange-client";
import { type DubboLine, NO_REGISTRY, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { seededRandom } from "../support/seeded-random";
import { waitFor } from "../support/wait-for";

/**
 * Faults with real providers of our own (started here, on loopback addresses of their own,
 * called by `url` so that only they serve): a provider killed in the middle of calls, one
 * stopped gracefully (READONLY) while calls keep coming, and 1,000 calls at once while
 * providers are slow, killed and restarted.
 */
const rig = inject("rig");
const FAULT = { service: "io.dubboconsole.demo.api.FaultService", version: "2.0.0" } as const;
/** The providers here register nowhere: the direct urls to them are the operator's allowlist, called with invoke.direct-url. */
const DIRECT_URLS = "127.0.0.40/29:1-65535,127.0.0.48/29:1-65535";
const CALLER = { role: "admin", permissions: PRESET_ROLES.admin };

let engine: Engine;
const started: ProviderHandle[] = [];

beforeAll(() => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, DUBBO_CONSOLE_CACHE_DIR: "off", CONSOLE_DIRECT_URLS: DIRECT_URLS }), silentLogger);
  engine.start();
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => p.stop()));
});

afterAll(async () => {
  await engine?.close();
});

async function pair(line: DubboLine, hosts: [string, string]): Promise<[ProviderHandle, ProviderHandle]> {
  const providers = await Promise.all(hosts.map((host) => startProvider({ line, registry: NO_REGISTRY, host, services: ["fault"], app: `invoke-faults-${host}` })));
  started.push(...providers);
  return providers as [ProviderHandle, ProviderHandle];
}

/** The call's answer, or the code of the error it ended with; the body goes through the API's schema, as the route handler takes it (`url` with several addresses joined by `;`). */
async function settle(body: InvokeRequest): Promise<InvokeResponse | string> {
  try {
    return await engine.invocations.invoke(invokeRequestSchema.parse(body), undefined, undefined, CALLER);
  } catch (e) {
    if (isConsoleError(e)) return `${e.code}: ${e.message}`;
    throw e;
  }
}

describe.each([["2.7", ["127.0.0.41", "127.0.0.42"]] as const, ["3.3", ["127.0.0.43", "127.0.0.44"]] as const])("invoking Dubbo %s providers that fail", (line, hosts) => {
  it("fails over when a provider is killed in the middle of calls: every call gets one answer, from the survivor", async () => {
    const [victim, survivor] = await pair(line, [...hosts]);
    const url = `dubbo://${victim.address};dubbo://${survivor.address}`;
    const calls = Array.from({ length: 20 }, () => settle({ ...FAULT, method: "slow", args: [1_500], url, timeoutMs: 10_000, loadbalance: "roundrobin" }));
    // Both have calls in flight before the kill (round robin alternates).
    await waitFor("calls in flight on both providers", () => inFlight(victim.address) > 0 && inFlight(survivor.address) > 0, 10_000);
    process.kill(-victim.peer.process.pid!, "SIGKILL");
    const answers = await Promise.all(calls);
    for (const a of answers) expect(a).toMatchObject({ ok: true, value: "slept 1500 ms", provider: survivor.address });
    const failedOver = answers.filter((a) => typeof a !== "string" && a.attempts.some((t) => t.provider === victim.address && t.outcome === "network_error"));
    expect(failedOver.length).toBeGreaterThan(0);
  });

  it("honours READONLY on a graceful stop: no call fails while the provider shuts down", async () => {
    const [leaving, staying] = await pair(line, [...hosts]);
    const url = `dubbo://${leaving.address};dubbo://${staying.address}`;
    const answers: (InvokeResponse | string)[] = [];
    let stopping = true;
    const stopped = leaving.stop().finally(() => (stopping = false));
    const loop = async () => {
      while (stopping) answers.push(await settle({ ...FAULT, method: "slow", args: [20], url, timeoutMs: 5_000 }));
    };
    await Promise.all([loop(), loop(), loop(), loop(), stopped]);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => typeof a === "string")).toEqual([]);
    const after = await settle({ ...FAULT, method: "slow", args: [1], url, timeoutMs: 5_000 });
    expect(after).toMatchObject({ ok: true, provider: staying.address });
  });
});

/** The storm: its seed (a failure reproduces from it), its size, and what a call may take past its timeout. */
const STORM = { seed: 0x5eed8, calls: 1_000, timeoutsMs: [1_500, 3_000, 6_000, 10_000], fastShare: 0.4, kills: 4, marginMs: 300 } as const;
/** The errors a call may end with when its providers are slow or dead (any other code is a bug). */
const FAULT_CODES = ["no_provider", "timeout", "connection_failed", "provider_read_only"];

/** How one call of the storm ended, and how long it took from its start. */
type Ending = { ok: true; response: InvokeResponse; elapsedMs: number } | { ok: false; code: string; message: string; tries: number; elapsedMs: number };

/** Runs one call, timing it from its start; an error is kept with its code, message and the number of tries. */
async function timed(body: InvokeRequest): Promise<Ending> {
  const started = performance.now();
  try {
    const response = await engine.invocations.invoke(invokeRequestSchema.parse(body), undefined, undefined, CALLER);
    return { ok: true, response, elapsedMs: performance.now() - started };
  } catch (e) {
    if (!isConsoleError(e)) throw e;
    const attempts = e.details?.attempts;
    return { ok: false, code: e.code, message: e.message, tries: Array.isArray(attempts) ? attempts.length : 0, elapsedMs: performance.now() - started };
  }
}

/** Calls waiting for their answers on the pooled connection to `address` now. */
function inFlight(address: string): number {
  const client = engine.connections.peek(address);
  return client instanceof DubboExchangeClient ? client.inFlight : 0;
}

describe("1,000 concurrent invocations while providers are slow, killed and restarted", () => {
  it("ends every call within its timeout with its exact value, or a typed error naming a provider", async () => {
    const random = seededRandom(STORM.seed);
    const slots = await Promise.all(
      (
        [
          ["2.7", "127.0.0.51"],
          ["2.7", "127.0.0.52"],
          ["3.3", "127.0.0.53"],
          ["3.3", "127.0.0.54"],
        ] as const
      ).map(async ([line, host]) => ({ line, host, port: await freePort("0.0.0.0") })),
    );
    const addresses = slots.map((s) => `${s.host}:${s.port}`);
    // Dubbo's 50 threads would answer a burst of 1,000 with "thread pool exhausted" (a remote_error): not the fault under test.
    const launch = async (slot: (typeof slots)[number]) => {
      const provider = await startProvider({ line: slot.line, registry: NO_REGISTRY, host: slot.host, port: slot.port, services: ["fault"], app: `invoke-storm-${slot.host}`, threads: STORM.calls });
      started.push(provider);
      return provider;
    };
    const running: (ProviderHandle | null)[] = await Promise.all(slots.map(launch));
    const url = addresses.map((a) => `dubbo://${a}`).join(";");
    const plans = Array.from({ length: STORM.calls }, () => {
      const millis = random.chance(STORM.fastShare) ? random.int(3) : 100 + random.int(8_900);
      return { millis, timeoutMs: random.pick(STORM.timeoutsMs) };
    });
    const schedule = Array.from({ length: STORM.kills }, () => ({ atMs: 300 + random.int(3_700), slot: random.int(slots.length) })).sort((a, b) => a.atMs - b.atMs);

    const t0 = performance.now();
    let unsettled = plans.length;
    const endings = plans.map((p) =>
      timed({ ...FAULT, method: "slow", parameterTypes: ["int"], args: [p.millis], url, timeoutMs: p.timeoutMs, deadlineMs: p.timeoutMs }).finally(() => unsettled--),
    );
    const kills: { address: string; inFlight: number; atMs: number }[] = [];
    const restarts: Promise<ProviderHandle>[] = [];
    for (const step of schedule) {
      // The schedule's time, then the victim: the first provider up from the drawn slot on that has calls in flight.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + step.atMs - performance.now())));
      const order = [...slots.keys()].map((k) => (step.slot + k) % slots.length);
      const index = await waitFor("a provider with calls in flight", () => (unsettled === 0 ? -1 : order.find((k) => running[k] && inFlight(running[k].address) > 0)), 10_000);
      if (index === -1) break;
      const victim = running[index]!;
      kills.push({ address: victim.address, inFlight: inFlight(victim.address), atMs: Math.round(performance.now() - t0) });
      running[index] = null;
      process.kill(-victim.peer.process.pid!, "SIGKILL");
      await victim.peer.exited;
      restarts.push(launch(slots[index]!).then((p) => (running[index] = p)));
    }
    const results = await Promise.all(endings);
    await Promise.all(restarts);

    const problems: string[] = [];
    results.forEach((r, i) => {
      const { millis, timeoutMs } = plans[i]!;
      const call = `call ${i} (slow(${millis}), timeout ${timeoutMs} ms, seed ${STORM.seed})`;
      if (r.elapsedMs > timeoutMs + STORM.marginMs) problems.push(`${call} took ${Math.round(r.elapsedMs)} ms`);
      if (r.ok) {
        const res = r.response;
        if (!res.ok || res.value !== `slept ${millis} ms` || !addresses.includes(res.provider)) problems.push(`${call} answered ${JSON.stringify(res).slice(0, 300)}`);
      } else if (!FAULT_CODES.includes(r.code) || (r.code !== "no_provider" && !addresses.some((a) => r.message.includes(a)))) {
        problems.push(`${call} failed with ${r.code}: ${r.message}`);
      }
    });
    expect(problems).toEqual([]);

    const ok = results.filter((r) => r.ok);
    const failedOver = results.filter((r) => (r.ok ? r.response.attempts.length : r.tries) > 1);
    const counts = new Map<string, number>();
    for (const r of results) if (!r.ok) counts.set(r.code, (counts.get(r.code) ?? 0) + 1);
    const codes = [...counts].map(([code, n]) => `${code} ${n}`);
    const overshoot = Math.max(...results.map((r, i) => r.elapsedMs - plans[i]!.timeoutMs));
    console.info(`storm (seed ${STORM.seed}): ${ok.length} ok, ${failedOver.length} failed over; errors: ${codes.join(", ") || "none"}; kills ${JSON.stringify(kills)}; worst end past the timeout ${Math.round(overshoot)} ms`);
    expect(kills.length).toBeGreaterThanOrEqual(2);
    for (const k of kills) expect(k.inFlight).toBeGreaterThan(0);
    expect(ok.length).toBeGreaterThan(0);
    expect(failedOver.length).toBeGreaterThan(0);
  }, 180_000);
});

describe("the connection of a provider that leaves the registry", () => {
  it("is closed within seconds of the provider stopping", async () => {
    const provider = await startProvider({ line: "3.3", registry: rig.zkAddress, host: "127.0.0.55", services: ["fault"], app: "invoke-faults-leaving" });
    started.push(provider);
    const key = `${FAULT.service}:${FAULT.version}`;
    await waitFor("the provider in the catalog", () => engine.catalog.entry(key)?.providers.some((p) => p.address === provider.address));
    expect(await settle({ ...FAULT, method: "slow", args: [1], provider: provider.address, timeoutMs: 5_000 })).toMatchObject({ ok: true, value: "slept 1 ms", provider: provider.address });
    const client = engine.connections.peek(provider.address)!;
    expect(client.state.type).toBe("connected");
    const stopping = performance.now();
    await provider.stop();
    // Only the pool closes a client ("closed"); a provider that goes away leaves it backing off.
    await waitFor("the pool to close its connection", () => engine.connections.peek(provider.address) === undefined && client.state.type === "closed", 10_000);
    console.info(`the connection to ${provider.address} was closed ${Math.round(performance.now() - stopping)} ms after its provider began to stop`);
    expect(engine.catalog.entry(key)?.providers.some((p) => p.address === provider.address)).toBe(false);
  });
});
