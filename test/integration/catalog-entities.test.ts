import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ChangeEvent } from "@/lib/api/events";
import type { ServiceSummary } from "@/lib/api/services";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { FAULT_METHODS, GREETING_METHODS, TYPES_METHODS } from "../support/demo-signatures";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const TYPES_KEY = "demo/io.dubboconsole.demo.api.TypesService:1.0.0";
const FAULT_KEY = "io.dubboconsole.demo.api.FaultService:2.0.0";
const DEMO_KEYS = [FAULT_KEY, GREETING, TYPES_KEY];
const provider27 = rig.providers.find((p) => p.line === "2.7")!;
const provider33 = rig.providers.find((p) => p.line === "3.3" && p.registerMode === "interface")!;
const instanceOnly = rig.providers.find((p) => p.registerMode === "instance")!;
const ALL_MODE = { host: "127.0.0.8", app: "catalog-all-mode" };
const LATE = { host: "127.0.0.10", app: "catalog-late-27" };
const BULK = Array.from({ length: 40 }, (_, i) => `io.catalog.bulk.Service${i}`);

let engine: Engine;
let zk: TestZk;
let allMode: ProviderHandle | undefined;
let late: ProviderHandle | undefined;

const list = (q?: string, by?: "service" | "application" | "address") => engine.catalog.list({ q, by, limit: 10_000 });
const summary = (key: string) => list().services.find((s) => s.key === key);
const providerRows = async (key: string) => (await engine.catalog.service(key)).providers.map((p) => [p.address, p.source, p.application, p.release]);

beforeAll(async () => {
  zk = await connectTestZk(rig.zkConnectString);
  for (const iface of BULK) {
    await zk.mkdirp(`/dubbo/${iface}/providers`);
    await zk.create(`/dubbo/${iface}/providers/${javaUrlEncode(`dubbo://10.77.0.1:20880/${iface}?interface=${iface}&application=catalog-bulk&release=3.3.6`)}`);
  }
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress }), silentLogger);
  engine.start();
  const r = engine.registries[0]!;
  await waitFor("both levels to sync", () => r.usable && r.discovery.syncedAt !== null);
  await waitFor("the instance-only provider in the catalog", () => summary(GREETING)?.providers === 3);
});

afterAll(async () => {
  await Promise.all([allMode?.stop(), late?.stop()]);
  for (const iface of BULK) await zk.removeTree(`/dubbo/${iface}`);
  // What the extra providers leave behind (persistent nodes), so later files see the rig as it was.
  for (const app of [ALL_MODE.app, LATE.app]) {
    await zk.removeTree(`/services/${app}`);
    for (const dir of [GREETING, `${DEMO.types.interface}/1.0.0/demo`, `${DEMO.fault.interface}/2.0.0`]) await zk.removeTree(`/dubbo/metadata/${dir}/provider/${app}`);
  }
  for (const iface of [GREETING, DEMO.types.interface, DEMO.fault.interface]) await zk.setData(`/dubbo/mapping/${iface}`, instanceOnly.app).catch(() => undefined);
  engine.close();
  zk.close();
});

describe("the catalog of what real Dubbo 2.7.23 and 3.3.6 peers registered, at both levels", () => {
  it("lists each demo service with its interface-level providers and the instance-only one, marked by level", async () => {
    for (const key of DEMO_KEYS) {
      expect(await providerRows(key)).toEqual(
        [
          [provider27.address, "interface", "demo-provider-27", "2.7.23"],
          [provider33.address, "interface", "demo-provider-33", "3.3.6"],
          [instanceOnly.address, "instance", "demo-provider-33-instance", "3.3.6"],
        ].sort((a, b) => a[0]!.localeCompare(b[0]!, "en", { numeric: true })),
      );
    }
    expect(summary(GREETING)).toEqual({
      key: GREETING,
      interface: GREETING,
      group: "",
      version: "",
      providers: 3,
      consumers: 2,
      applications: ["demo-provider-27", "demo-provider-33", "demo-provider-33-instance"],
      consumerApplications: ["demo-consumer-27", "demo-consumer-33"],
      releases: ["2.7.23", "3.3.6"],
      registries: [rig.zkAddress],
      sources: ["interface", "instance"],
      providersLastSeen: null,
    });
  });

  it("keeps group and version apart in the key and the detail", async () => {
    expect(list("demo/", "service").services.map((s) => [s.key, s.group, s.version])).toEqual([[TYPES_KEY, "demo", "1.0.0"]]);
    const fault = await engine.catalog.service(FAULT_KEY);
    expect([fault.key, fault.interface, fault.group, fault.version]).toEqual([FAULT_KEY, DEMO.fault.interface, "", "2.0.0"]);
    expect(fault.providers.map((p) => p.parameters.version)).toEqual(["2.0.0", "2.0.0", "2.0.0"]);
    await expect(engine.catalog.service(DEMO.fault.interface)).rejects.toMatchObject({ code: "not_found", message: expect.stringContaining(`"${DEMO.fault.interface}"`) as unknown });
  });

  it("answers the exact methods of each demo service from the metadata report", async () => {
    for (const [key, methods] of [
      [GREETING, GREETING_METHODS],
      [TYPES_KEY, TYPES_METHODS],
      [FAULT_KEY, FAULT_METHODS],
    ] as const) {
      const detail = await engine.catalog.service(key);
      expect(detail.methodsSource).toBe("definition");
      expect(detail.methods).toEqual(methods);
    }
    const types = await engine.catalog.service(TYPES_KEY);
    expect(types.types.find((t) => t.type === "io.dubboconsole.demo.api.Color")?.enums).toEqual(["RED", "GREEN", "BLUE"]);
  });

  it("lists consumer-only applications, providing nothing", () => {
    const apps = engine.catalog.applications(undefined).applications;
    expect(apps.map((a) => a.name)).toEqual(["catalog-bulk", "demo-consumer-27", "demo-consumer-33", "demo-provider-27", "demo-provider-33", "demo-provider-33-instance"]);
    expect(apps.filter((a) => a.name.startsWith("demo-consumer"))).toEqual([
      { name: "demo-consumer-27", provides: 0, consumes: 1, instances: 1, releases: ["2.7.23"] },
      { name: "demo-consumer-33", provides: 0, consumes: 1, instances: 1, releases: ["3.3.6"] },
    ]);
    expect(engine.catalog.applications("*-33-*").applications.map((a) => a.name)).toEqual(["demo-provider-33-instance"]);
  });

  it("details an application: what it provides and consumes, and its instances", async () => {
    const ref = (key: string) => ({ ...(summary(key) as ServiceSummary), count: 1 });
    const refOf = (key: string) => {
      const s = ref(key);
      return { key: s.key, interface: s.interface, group: s.group, version: s.version, count: 1 };
    };
    expect(engine.catalog.application("demo-provider-33-instance")).toEqual({
      name: "demo-provider-33-instance",
      provides: DEMO_KEYS.map(refOf),
      consumes: [],
      instances: [
        { address: instanceOnly.address, host: "127.0.0.6", role: "provider", application: "demo-provider-33-instance", release: "3.3.6", source: "instance", registry: rig.zkAddress, services: [...DEMO_KEYS].sort() },
      ],
      stale: [],
    });
    const consumerHost = (await engine.catalog.service(GREETING)).consumers.find((c) => c.application === "demo-consumer-27")!.host;
    expect(engine.catalog.application("demo-consumer-27")).toEqual({
      name: "demo-consumer-27",
      provides: [],
      consumes: [refOf(GREETING)],
      instances: [{ address: consumerHost, host: consumerHost, role: "consumer", application: "demo-consumer-27", release: "2.7.23", source: "interface", registry: rig.zkAddress, services: [GREETING] }],
      stale: [],
    });
    expect(() => engine.catalog.application("no-such-app")).toThrow(expect.objectContaining({ code: "not_found", message: 'no application "no-such-app" provides or consumes a service in any registry' }));
  });

  it("details an address, by host and by host:port", () => {
    const [host] = provider27.address.split(":");
    const byHost = engine.catalog.address(host!);
    expect(byHost).toEqual({
      value: host,
      provides: DEMO_KEYS.map((key) => expect.objectContaining({ key, count: 1 }) as unknown),
      consumes: [],
      applications: ["demo-provider-27"],
      instances: [{ address: provider27.address, host, role: "provider", application: "demo-provider-27", release: "2.7.23", source: "interface", registry: rig.zkAddress, services: [...DEMO_KEYS].sort() }],
      stale: [],
    });
    expect(engine.catalog.address(provider27.address)).toEqual({ ...byHost, value: provider27.address });
    expect(() => engine.catalog.address(`${host}:1`)).toThrow(expect.objectContaining({ code: "not_found" }));
    expect(list(host, "address").services.map((s) => s.key)).toEqual(DEMO_KEYS);
  });

  it("lists a provider registered at both levels (register-mode=all) once, marked both", async () => {
    allMode = await startProvider({ line: "3.3", registry: rig.zkAddress, host: ALL_MODE.host, app: ALL_MODE.app, registerMode: "all", services: ["greeting"] });
    const row = await waitFor("the all-mode provider at both levels", async () => {
      const rows = (await engine.catalog.service(GREETING)).providers.filter((p) => p.host === ALL_MODE.host);
      return rows.length === 1 && rows[0]!.source === "both" ? rows : undefined;
    });
    expect(row.map((p) => [p.address, p.source, p.application, p.url.startsWith(`dubbo://${allMode!.address}/`)])).toEqual([[allMode.address, "both", ALL_MODE.app, true]]);
    expect(summary(GREETING)?.providers).toBe(4);
    expect(engine.catalog.address(ALL_MODE.host).instances).toEqual([expect.objectContaining({ source: "both", services: [GREETING] })]);
    await allMode.stop();
    allMode = undefined;
    await waitFor("the all-mode provider to leave", () => summary(GREETING)?.providers === 3);
    expect(() => engine.catalog.address(ALL_MODE.host)).toThrow(expect.objectContaining({ code: "not_found" }));
  });

  it("updates only the service a joining provider serves: other services keep their entries and nothing else is re-derived", async () => {
    const before = new Map(list().services.map((s) => [s.key, s]));
    expect(before.size).toBe(DEMO_KEYS.length + BULK.length);
    const events: ChangeEvent[] = [];
    const stop = engine.catalog.onChange((e) => events.push(e));
    const derived = engine.catalog.derivations;
    try {
      late = await startProvider({ line: "2.7", registry: rig.zkAddress, host: LATE.host, app: LATE.app, services: ["greeting"] });
      await waitFor("the joining provider", () => summary(GREETING)?.applications.includes(LATE.app));
    } finally {
      stop();
    }
    const after = list().services;
    for (const s of after) if (s.key !== GREETING) expect(s).toBe(before.get(s.key));
    expect(after.find((s) => s.key === GREETING)).not.toBe(before.get(GREETING));
    // A rebuild would have derived every one of the 43 services at least once.
    expect(engine.catalog.derivations - derived).toBeLessThan(5);
    expect(events.filter((e) => e.type === "service" && e.kind !== "methods").map((e) => (e.type === "service" ? e.key : ""))).toEqual(expect.arrayContaining([GREETING]));
    expect(new Set(events.flatMap((e) => (e.type === "service" && e.kind !== "methods" ? [e.key] : [])))).toEqual(new Set([GREETING]));
  });
});
