import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { invokeRequestSchema } from "@/lib/api/invoke";
import { javaUrlEncode } from "@/lib/dubbo/url";
import type { Registry } from "@/server/registry/registry";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { type ConsumerHandle, DEMO, type ProviderHandle, startConsumer, startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * What the catalog says a service is, against real Dubbo 3.3.6 peers: the endpoints of a
 * provider exporting dubbo and tri (issue 15 item 17), consumers of `version="*"` (item 18),
 * and a service whose last provider stopped (item 11).
 */
const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
/** A dual-protocol provider registered at application level only, with Dubbo's default metadata-type=local. */
const DUAL_INSTANCE = { host: "127.0.0.10", app: "dual-protocol-instance" };
/** A dual-protocol provider registered at both levels. */
const DUAL_ALL = { host: "127.0.0.11", app: "dual-protocol-all" };
const ANY_VERSION_APP = "any-version-consumer-33";
/** A second version of GreetingService, written by hand: the rig's providers export only the unversioned one. */
const V2_PROVIDER = `dubbo://127.0.0.12:20880/${GREETING}?anyhost=true&application=greeting-v2&interface=${GREETING}&methods=greet,whoAmI&release=3.3.6&side=provider&version=2.0.0`;
const V2_NODE = `/dubbo/${GREETING}/providers/${javaUrlEncode(V2_PROVIDER)}`;
/** A version of GreetingService only the provider item 11's test stops provides. */
const LONELY = { host: "127.0.0.13", app: "lonely-provider", version: "11.0.0" };
const LONELY_KEY = `${GREETING}:${LONELY.version}`;
const LONELY_ROUTE = `condition://0.0.0.0/${GREETING}?category=routers&dynamic=false&enabled=true&force=false&name=keep-away&priority=0&rule=${encodeURIComponent("=> host != 10.0.0.1")}&runtime=false&version=${LONELY.version}`;
const LONELY_ROUTE_NODE = `/dubbo/${GREETING}/routers/${javaUrlEncode(LONELY_ROUTE)}`;

let engine: Engine;
let registry: Registry;
let zk: TestZk;
let mappingBefore: string | null = null;
const peers: (ProviderHandle | ConsumerHandle)[] = [];
let dualInstance: ProviderHandle;
let dualAll: ProviderHandle;
let triPorts: { instance: number; all: number };

beforeAll(async () => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, DUBBO_CONSOLE_CACHE_DIR: "off" }), silentLogger);
  registry = engine.registries[0]!;
  engine.start();
  zk = await connectTestZk(rig.zkConnectString);
  mappingBefore = await zk.getData(`/dubbo/mapping/${GREETING}`);
  triPorts = { instance: await freePort("0.0.0.0"), all: await freePort("0.0.0.0") };
  [dualInstance, dualAll] = await Promise.all([
    startProvider({ line: "3.3", registry: rig.zkAddress, ...DUAL_INSTANCE, services: ["greeting"], registerMode: "instance", extraProtocols: [{ name: "tri", port: triPorts.instance }] }),
    startProvider({ line: "3.3", registry: rig.zkAddress, ...DUAL_ALL, services: ["greeting"], registerMode: "all", extraProtocols: [{ name: "tri", port: triPorts.all }] }),
  ]);
  peers.push(dualInstance, dualAll);
  await waitFor("the console to sync", () => registry.usable && registry.discovery.syncedAt !== null);
}, 180_000);

afterAll(async () => {
  await Promise.all(peers.map((p) => p.stop()));
  await zk?.removeTree(V2_NODE);
  await zk?.removeTree(LONELY_ROUTE_NODE);
  await zk?.removeTree(`/dubbo/metadata/${GREETING}/${LONELY.version}`);
  // What the providers left behind (persistent nodes), so later files see the rig as it was.
  for (const app of [DUAL_INSTANCE.app, DUAL_ALL.app]) {
    await zk?.removeTree(`/services/${app}`);
    await zk?.removeTree(`/dubbo/metadata/${GREETING}/provider/${app}`);
  }
  if (mappingBefore !== null) await zk?.setData(`/dubbo/mapping/${GREETING}`, mappingBefore);
  await engine?.close();
  zk?.close();
});

const greetingAt = (host: string) => engine.catalog.entry(GREETING)?.providers.filter((p) => p.url.host === host) ?? [];

describe("a Dubbo 3.3.6 provider exporting dubbo and tri (issue 15 item 17)", () => {
  it("lists both endpoints of a provider seen only at application level, each on its own port", async () => {
    const found = await waitFor("both endpoints of the instance-only provider", () => {
      const at = greetingAt(DUAL_INSTANCE.host);
      return at.length >= 2 ? at : undefined;
    }, 60_000);
    expect(found.map((p) => [p.url.protocol, p.address, p.source])).toEqual([
      ["tri", `${DUAL_INSTANCE.host}:${triPorts.instance}`, "instance"],
      ["dubbo", dualInstance.address, "instance"],
    ].sort((a, b) => Number(a[1]!.split(":")[1]) - Number(b[1]!.split(":")[1])));
  });

  it("calls the dubbo endpoint of that provider, as a Java 3.3 consumer of the same registry does", async () => {
    await waitFor("the dubbo endpoint in the catalog", () => greetingAt(DUAL_INSTANCE.host).some((p) => p.url.protocol === "dubbo"), 60_000);
    const answer = await engine.invocations.invoke(invokeRequestSchema.parse({ service: GREETING, method: "whoAmI", args: [], provider: dualInstance.address, timeoutMs: 10_000 }));
    expect(answer.ok && answer.value).toBe(dualInstance.address);
    expect(answer.provider).toBe(dualInstance.address);
  });

  it("marks both endpoints of a provider registered at both levels as seen at both", async () => {
    const found = await waitFor("both endpoints of the all-mode provider at both levels", () => {
      const at = greetingAt(DUAL_ALL.host);
      return at.length === 2 && at.every((p) => p.source === "both") ? at : undefined;
    }, 60_000).catch(() => greetingAt(DUAL_ALL.host));
    expect(found.map((p) => [p.url.protocol, p.address, p.source]).sort()).toEqual([
      ["dubbo", dualAll.address, "both"],
      ["tri", `${DUAL_ALL.host}:${triPorts.all}`, "both"],
    ]);
  });
});

describe("a real consumer of version * (issue 15 item 18)", () => {
  it("is a consumer of every version it matches, not a provider-less service of its own", async () => {
    await zk.createWithData(V2_NODE, "");
    const consumer = await startConsumer({ line: "3.3", registry: rig.zkAddress, app: ANY_VERSION_APP, version: "*", intervalMs: 60_000 });
    peers.push(consumer);
    const registered = await waitFor("the version=* consumer's registration", async () => {
      const nodes = await zk.children(`/dubbo/${GREETING}/consumers`);
      return nodes.map((n) => decodeURIComponent(n)).find((n) => n.includes(`application=${ANY_VERSION_APP}`));
    }, 60_000);
    expect(registered).toMatch(/[?&]version=\*(&|$)/);
    const consumersOf = (key: string) => engine.catalog.entry(key)?.consumers.filter((c) => c.application === ANY_VERSION_APP).length ?? 0;
    await waitFor("the consumer on both versions", () => consumersOf(GREETING) === 1 && consumersOf(`${GREETING}:2.0.0`) === 1, 30_000).catch(() => undefined);
    expect([consumersOf(GREETING), consumersOf(`${GREETING}:2.0.0`)]).toEqual([1, 1]);
    expect(engine.catalog.entry(`${GREETING}:*`)).toBeUndefined();
    const listed = engine.catalog.list({ q: GREETING, by: "service", limit: 50 });
    expect(listed.services.map((s) => s.key).filter((k) => k.startsWith(GREETING))).toEqual([GREETING, `${GREETING}:2.0.0`]);
    expect(listed.services.find((s) => s.key === `${GREETING}:2.0.0`)?.consumerApplications).toEqual([ANY_VERSION_APP]);
  });
});

describe("a service whose last provider stopped (issue 15 item 11)", () => {
  it("stays listed with its routes, marked with no providers and when the last one was seen", async () => {
    const lonely = await startProvider({ line: "3.3", registry: rig.zkAddress, host: LONELY.host, app: LONELY.app, services: ["greeting"], greetingVersion: LONELY.version });
    peers.push(lonely);
    await zk.createWithData(LONELY_ROUTE_NODE, "");
    await waitFor("the lonely service with its provider and route", () => {
      const entry = engine.catalog.entry(LONELY_KEY);
      return entry?.providers.length === 1 && entry.routes.length === 1;
    }, 60_000);
    const before = Date.now();
    await lonely.stop();
    const entry = await waitFor("the provider to leave", () => {
      const e = engine.catalog.entry(LONELY_KEY);
      return e && e.providers.length === 0 ? e : undefined;
    }, 60_000).catch(() => engine.catalog.entry(LONELY_KEY));
    expect(entry?.summary).toMatchObject({ key: LONELY_KEY, providers: 0 });
    // Only the version=* consumer of the test above consumes it, which alone would not keep it listed.
    expect(entry?.summary.consumerApplications.filter((a) => a !== ANY_VERSION_APP)).toEqual([]);
    expect(entry?.summary.providersLastSeen).toBeGreaterThanOrEqual(before);
    expect(entry?.summary.providersLastSeen).toBeLessThanOrEqual(Date.now());
    const detail = await engine.catalog.service(LONELY_KEY);
    expect([detail.providers.length, detail.routes.map((r) => r.url.includes("name=keep-away")), detail.providersLastSeen]).toEqual([0, [true], entry?.summary.providersLastSeen]);
    expect(engine.catalog.list({ q: LONELY_KEY, by: "service", limit: 10 }).services.map((s) => [s.key, s.providers])).toEqual([[LONELY_KEY, 0]]);
  });
});
