import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type InvokeRequest, invokeRequestSchema } from "@/lib/api/invoke";
import { isConsoleError } from "@/lib/errors";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import type { Logger } from "@/server/runtime/logger";
import { DEMO } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 16: the console's own invocations through the cluster (no pinned provider) obey the
 * config center's configurator rules, as a consumer of the engine's release (3.x by default)
 * does, against the rig's real 2.7.23 (127.0.0.2) and 3.3.6 (127.0.0.3) providers of
 * FaultService:2.0.0 and a real ZooKeeper: a service rule taking one provider out for the
 * console's application, an application rule raising `timeout`, and both undone by deleting the node.
 */
const rig = inject("rig");
const FAULT = DEMO.fault;
const KEY = `${FAULT.interface}:${FAULT.version}:${FAULT.group}`;
const CATALOG_KEY = `${FAULT.interface}:${FAULT.version}`;
const SERVICE_NODE = `/dubbo/config/dubbo/${KEY}.configurators`;
const APP_NODE = "/dubbo/config/dubbo/dubbo-console.configurators";
/** The interface-level 2.7.23 and 3.3.6 providers (the instance-level 3.3.6 one serves FaultService too). */
const LINES = rig.providers.filter((p) => p.registerMode === "interface");

let engine: Engine;
let zk: TestZk;
/** The engine's warnings, to see when it has read (and refused) a rule. */
const warnings: { message: string; fields: Record<string, unknown> }[] = [];
const log: Logger = { debug: () => undefined, info: () => undefined, error: () => undefined, warn: (message, fields = {}) => void warnings.push({ message, fields }) };

beforeAll(async () => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, DUBBO_CONSOLE_CACHE_DIR: "off" }), log);
  engine.start();
  zk = await connectTestZk(rig.zkConnectString);
  for (const node of [SERVICE_NODE, APP_NODE]) await zk.remove(node).catch(() => undefined);
  await waitFor("both interface-level providers of FaultService in the catalog", () => LINES.every((p) => engine.catalog.entry(CATALOG_KEY)?.providers.some((r) => r.address === p.address)));
});

afterAll(async () => {
  for (const node of [SERVICE_NODE, APP_NODE]) await zk?.remove(node).catch(() => undefined);
  zk?.close();
  await engine?.close();
});

const call = (extra: Partial<InvokeRequest> = {}) =>
  engine.invocations.invoke(invokeRequestSchema.parse({ service: FAULT.interface, version: FAULT.version, method: "slow", parameterTypes: ["int"], args: [1], retries: 0, ...extra }));

/** The providers that served `n` consecutive calls through the cluster. */
async function served(n: number): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) seen.add((await call({ timeoutMs: 5_000 })).provider);
  return seen;
}

/** A service rule taking `address` out for the console's application only (consumer side, by `providerAddresses`: a consumer-side rule's `addresses` are consumers'). */
function disabling(address: string): string {
  return [
    "configVersion: v3.0",
    "scope: service",
    // ConfigParser reads the service from the key ({group}/{interface}:{version}); 3.3.6 then matches its service key.
    `key: ${FAULT.interface}:${FAULT.version}`,
    "enabled: true",
    "configs:",
    "- side: consumer",
    "  applications: [dubbo-console]",
    `  providerAddresses: ["${address}"]`,
    "  parameters:",
    "    disabled: true",
    "",
  ].join("\n");
}

describe("the console's invocations apply config-center configurators", () => {
  it("a service rule disabling one provider for the console's application: no call through the cluster reaches it, the other serves; deleting the node restores both", async () => {
    const [off, on] = LINES.map((p) => p.address) as [string, string];
    await waitFor("both providers serving the console before the rule", async () => {
      const seen = await served(10);
      return seen.has(off) && seen.has(on);
    });
    await zk.createWithData(SERVICE_NODE, disabling(off));
    await waitFor(`the rule read: 20 calls in a row served by ${on} only`, async () => {
      const seen = await served(20);
      return !seen.has(off) && seen.has(on);
    });
    // Once read, it holds: no later call reaches it either.
    expect((await served(30)).has(off)).toBe(false);

    await zk.remove(SERVICE_NODE);
    await waitFor("both providers serving again after the node is deleted", async () => {
      const seen = await served(10);
      return seen.has(off) && seen.has(on);
    });
  });

  it("a malformed rule replacing it is logged once with the node path and changes nothing (Dubbo keeps the configurators it holds)", async () => {
    const [off, on] = LINES.map((p) => p.address) as [string, string];
    await zk.createWithData(SERVICE_NODE, disabling(off));
    await waitFor(`the rule read: 20 calls in a row served by ${on} only`, async () => {
      const seen = await served(20);
      return !seen.has(off) && seen.has(on);
    });
    await zk.setData(SERVICE_NODE, "configVersion: v3.0\nconfigs: [\n");
    const refused = await waitFor("the malformed rule read and refused", () => {
      const found = warnings.filter((w) => w.fields.node === SERVICE_NODE);
      return found.length > 0 ? found : undefined;
    });
    expect(refused).toHaveLength(1);
    expect((await served(20)).has(off)).toBe(false);
    await zk.remove(SERVICE_NODE);
    await waitFor("both providers serving again after the node is deleted", async () => {
      const seen = await served(10);
      return seen.has(off) && seen.has(on);
    });
    expect(warnings.filter((w) => w.fields.node === SERVICE_NODE)).toHaveLength(1);
  });

  it("the console application's consumer-side `timeout` applies to its calls (no timeoutMs in the request): a 1.5 s call answers under the providers' timeout=10000, fails at the override's 500 ms, answers again once the node is deleted", async () => {
    const slow = { args: [1_500], deadlineMs: 20_000 };
    const before = await call(slow);
    expect(before.ok && before.value).toBe("slept 1500 ms");
    const rule = ["configVersion: v3.0", "scope: application", "key: dubbo-console", "enabled: true", "configs:", "- side: consumer", "  parameters:", "    timeout: 500", ""].join("\n");
    await zk.createWithData(APP_NODE, rule);
    const failed = await waitFor("a 1.5 s call timing out under the override's 500 ms", async () => {
      try {
        await call(slow);
        return undefined;
      } catch (e) {
        if (isConsoleError(e) && e.code === "timeout") return e;
        throw e;
      }
    });
    const attempts = failed.details?.attempts as { outcome: string; elapsedMs: number }[];
    expect(attempts.map((a) => a.outcome)).toEqual(["timeout"]);
    expect(attempts[0]!.elapsedMs).toBeGreaterThanOrEqual(490);
    expect(attempts[0]!.elapsedMs).toBeLessThan(1_400);
    await zk.remove(APP_NODE);
    const after = await waitFor("the 1.5 s call answered again after the node is deleted", async () => {
      try {
        return await call(slow);
      } catch (e) {
        if (isConsoleError(e) && e.code === "timeout") return undefined;
        throw e;
      }
    });
    expect(after.ok && after.value).toBe("slept 1500 ms");
  });
});
