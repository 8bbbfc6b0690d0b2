import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type InvokeRequest, type InvokeResponse, invokeRequestSchema } from "@/lib/api/invoke";
import { isConsoleError } from "@/lib/errors";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Issue 17: the console's own invocations through the cluster pass the tag router, as a
 * consumer of the engine's release (3.3.6) does. Three real providers of one application
 * (a 2.7.23 one and two 3.3.6 ones) serve a FaultService version no other peer has; a tag
 * rule in ZooKeeper names the middle one `gray` by CIDR (a plain ip entry never matches a
 * loopback host in Java): a call tagged gray lands on it every time, an untagged one never.
 */
const rig = inject("rig");
const APP = "tag-route-app";
const FAULT = { ...DEMO.fault, version: "2.0.0-tag" };
const KEY = `${FAULT.interface}:${FAULT.version}`;
const RULE_NODE = `/dubbo/config/dubbo/${APP}.tag-router`;
const HOSTS = { old: "127.0.0.91", gray: "127.0.0.92", plain: "127.0.0.93" } as const;

let providers: ProviderHandle[] = [];
let engine: Engine;
let zk: TestZk;
let gray: string;
let others: string[];

beforeAll(async () => {
  zk = await connectTestZk(rig.zkConnectString);
  await zk.remove(RULE_NODE).catch(() => undefined);
  providers = await Promise.all([
    startProvider({ line: "2.7", registry: rig.zkAddress, host: HOSTS.old, app: APP, services: ["fault"], faultVersion: FAULT.version }),
    startProvider({ line: "3.3", registry: rig.zkAddress, host: HOSTS.gray, app: APP, services: ["fault"], faultVersion: FAULT.version }),
    startProvider({ line: "3.3", registry: rig.zkAddress, host: HOSTS.plain, app: APP, services: ["fault"], faultVersion: FAULT.version }),
  ]);
  gray = providers[1]!.address;
  others = [providers[0]!.address, providers[2]!.address];
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, DUBBO_CONSOLE_CACHE_DIR: "off" }), silentLogger);
  engine.start();
  await waitFor("the three providers in the catalog", () => providers.every((p) => engine.catalog.entry(KEY)?.providers.some((r) => r.address === p.address)));
}, 180_000);

afterAll(async () => {
  await zk?.remove(RULE_NODE).catch(() => undefined);
  zk?.close();
  await engine?.close();
  await Promise.all(providers.map((p) => p.stop()));
});

const call = (extra: Partial<InvokeRequest> = {}): Promise<InvokeResponse> =>
  engine.invocations.invoke(invokeRequestSchema.parse({ service: FAULT.interface, version: FAULT.version, method: "slow", parameterTypes: ["int"], args: [1], retries: 0, timeoutMs: 5_000, ...extra }));

/** The answers of `n` consecutive calls. */
async function answers(n: number, extra: Partial<InvokeRequest> = {}): Promise<InvokeResponse[]> {
  const out: InvokeResponse[] = [];
  for (let i = 0; i < n; i++) out.push(await call(extra));
  return out;
}

const servedBy = (list: readonly InvokeResponse[]) => new Set(list.map((a) => a.provider));

const RULE = ["configVersion: v3.0", "force: false", "enabled: true", `key: ${APP}`, "tags:", "  - name: gray", `    addresses: ["${HOSTS.gray}/32"]`, ""].join("\n");

describe("the console's invocations pass the tag router", () => {
  it("without a rule: untagged calls reach every provider (none has a static tag), and say the static path", async () => {
    await waitFor("every provider serving untagged calls", async () => servedBy(await answers(15)).size === 3);
    const [first] = await answers(1);
    expect(first!.tagRoute).toEqual({ tag: null, force: false, path: "static", rule: null });
    // A tag no provider has falls back to the untagged ones, as Dubbo's static-tag routing does.
    const tagged = await answers(15, { tag: "gray" });
    expect(tagged.map((a) => a.tagRoute)).toEqual(tagged.map(() => ({ tag: "gray", force: false, path: "static", rule: null })));
  });

  it("with the application's rule naming one provider gray by CIDR: tagged calls land on it every time, untagged ones on the others only", async () => {
    await zk.createWithData(RULE_NODE, RULE);
    await waitFor(`the rule read: 10 gray calls in a row on ${gray}`, async () => {
      const seen = servedBy(await answers(10, { tag: "gray" }));
      return seen.size === 1 && seen.has(gray);
    });
    const tagged = await answers(30, { tag: "gray" });
    expect([...servedBy(tagged)]).toEqual([gray]);
    expect(tagged[0]!.tagRoute).toEqual({ tag: "gray", force: false, path: "dynamic", rule: APP });
    // The same tag given as the dubbo.tag attachment routes the same.
    expect([...servedBy(await answers(10, { attachments: { "dubbo.tag": "gray" } }))]).toEqual([gray]);

    const untagged = await answers(40);
    expect([...servedBy(untagged)].sort()).toEqual([...others].sort());
    expect(untagged[0]!.tagRoute).toEqual({ tag: null, force: false, path: "untagged", rule: APP });
  });

  it("a call pinned to the gray provider reaches it without a tag, and a forced tag nobody has answers no_provider saying why", async () => {
    const pinned = await call({ provider: gray });
    expect(pinned).toMatchObject({ ok: true, provider: gray, tagRoute: null });
    const failed = await call({ tag: "blue", attachments: { "dubbo.force.tag": "true" } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isConsoleError(failed) && failed.code).toBe("no_provider");
    expect(isConsoleError(failed) && failed.details?.tagRoute).toEqual({ tag: "blue", force: true, path: "static-in-rule", rule: APP });
    expect(isConsoleError(failed) && failed.message).toContain('the tag router left none of the 3 providers for tag "blue" (forced)');
  });

  it("deleting the rule node puts the gray provider back among the untagged calls' providers", async () => {
    await zk.remove(RULE_NODE);
    await waitFor(`untagged calls reaching ${gray} again`, async () => servedBy(await answers(15)).has(gray));
    const [first] = await answers(1);
    expect(first!.tagRoute).toEqual({ tag: null, force: false, path: "static", rule: null });
  });
});
