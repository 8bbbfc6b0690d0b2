import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { InvokeRequestBody, InvokeResponse } from "@/lib/api/invoke";
import { isConsoleError } from "@/lib/errors";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { type DubboLine, type ProviderHandle, startProvider } from "../support/dubbo-peers";

/**
 * Faults with real providers of our own (started here, on loopback addresses of their own,
 * called by `url` so that only they serve): a provider killed in the middle of calls, one
 * stopped gracefully (READONLY) while calls keep coming.
 */
const rig = inject("rig");
const FAULT = { service: "io.dubboconsole.demo.api.FaultService", version: "2.0.0" } as const;

let engine: Engine;
const started: ProviderHandle[] = [];

beforeAll(() => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, DUBBO_CONSOLE_CACHE_DIR: "off" }), silentLogger);
  engine.start();
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => p.stop()));
});

afterAll(async () => {
  await engine?.close();
});

async function pair(line: DubboLine, hosts: [string, string]): Promise<[ProviderHandle, ProviderHandle]> {
  const providers = await Promise.all(hosts.map((host) => startProvider({ line, registry: rig.zkAddress, host, services: ["fault"], app: `invoke-faults-${host}` })));
  started.push(...providers);
  return providers as [ProviderHandle, ProviderHandle];
}

/**
 * The call's answer, or the code of the error it ended with. The body goes to the service
 * as it is: the API takes one `url`, the service several joined by `;` (a Java reference's `url`).
 */
async function settle(body: InvokeRequestBody): Promise<InvokeResponse | string> {
  try {
    return await engine.invocations.invoke(body);
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
    await new Promise((resolve) => setTimeout(resolve, 500));
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
