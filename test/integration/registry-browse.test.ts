import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ServiceSummary } from "@/lib/api/services";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { startProvider } from "../support/dubbo-peers";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

const rig = inject("rig");
const GREETING = "io.dubboconsole.demo.api.GreetingService";

let engine: Engine;
let zk: TestZk;

function find(key: string): ServiceSummary | undefined {
  return engine.catalog.list({ limit: 10_000 }).services.find((s) => s.key === key);
}

beforeAll(async () => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress }), silentLogger);
  engine.start();
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("both discovery levels to sync", () => engine.registries.every((r) => r.usable && r.discovery.syncedAt !== null));
});

afterAll(() => {
  engine.close();
  zk.close();
});

describe("browsing what real Java Dubbo 2.7.23 and 3.3 peers registered", () => {
  it("lists each demo service by group/interface:version with its providers from both Dubbo lines and both discovery levels", async () => {
    const greeting = await waitFor("both consumers and the instance-only provider of GreetingService", () => {
      const s = find(GREETING);
      return s && s.consumers === 2 && s.providers === 3 ? s : undefined;
    });
    expect(greeting).toEqual({
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
    // A consumer application finds what it consumes.
    expect(engine.catalog.list({ q: "DEMO-consumer-33", limit: 10 }).services.map((s) => s.key)).toEqual([GREETING]);
    expect(find("demo/io.dubboconsole.demo.api.TypesService:1.0.0")).toMatchObject({ group: "demo", version: "1.0.0", providers: 3, consumers: 0 });
    expect(find("io.dubboconsole.demo.api.FaultService:2.0.0")).toMatchObject({ group: "", version: "2.0.0", providers: 3 });
  });

  it("keeps the config, metadata and mapping trees out of the service list", () => {
    const names = engine.catalog.list({ limit: 10_000 }).services.map((s) => s.interface);
    expect(names).not.toContain("metadata");
    expect(names).not.toContain("config");
    expect(names.every((n) => n.startsWith("io.dubboconsole.demo.api."))).toBe(true);
  });

  it("registers each provider under its own loopback host", () => {
    const view = engine.registries[0]!.view;
    const hosts = (view.service(GREETING)?.get("providers") ?? []).map((e) => `${e.url.host}:${e.url.port}`).sort();
    const interfaceLevel = rig.providers.filter((p) => p.registerMode !== "instance");
    expect(hosts).toEqual(interfaceLevel.map((p) => p.address).sort());
  });

  it("filters by a case-insensitive substring of interface, group, version or application", () => {
    expect(engine.catalog.list({ q: "TYPESSERVICE", limit: 100 }).services.map((s) => s.key)).toEqual(["demo/io.dubboconsole.demo.api.TypesService:1.0.0"]);
    expect(engine.catalog.list({ q: "2.0.0", limit: 100 }).services.map((s) => s.key)).toEqual(["io.dubboconsole.demo.api.FaultService:2.0.0"]);
    expect(engine.catalog.list({ q: "nothing-like-this", limit: 100 })).toEqual({ services: [], total: 0, stale: [], nextCursor: null });
    expect(engine.catalog.list({ limit: 1 })).toMatchObject({ total: 3 });
    expect(engine.catalog.list({ limit: 1 }).services).toHaveLength(1);
  });

  it("sees a provider join and leave through the watches", async () => {
    const extra = await startProvider({ line: "3.3", registry: rig.zkAddress, host: "127.0.0.4", app: "late-provider", services: ["greeting"] });
    try {
      const joined = await waitFor("the fourth provider", () => (find(GREETING)?.providers === 4 ? find(GREETING) : undefined));
      expect(joined.applications).toContain("late-provider");
    } finally {
      await extra.stop();
    }
    const left = await waitFor("the fourth provider to leave", () => (find(GREETING)?.providers === 3 ? find(GREETING) : undefined));
    expect(left.applications).not.toContain("late-provider");
  });

  it("skips a child node that is not a Dubbo URL, names it, and still lists the valid ones", async () => {
    const dir = "/dubbo/io.bad.Service/providers";
    const valid = javaUrlEncode("dubbo://127.0.0.9:20880/io.bad.Service?application=hand-written&interface=io.bad.Service");
    await zk.mkdirp(dir);
    await zk.create(`${dir}/dubbo%3A%2F%2Fh%3Abad-port%2Fio.bad.Service`);
    await zk.create(`${dir}/${valid}`);
    try {
      const listed = await waitFor("the hand-written provider", () => find("io.bad.Service"));
      expect(listed).toMatchObject({ providers: 1, applications: ["hand-written"] });
      const invalid = engine.registries[0]!.status().invalidNodes;
      expect(invalid).toEqual([{ path: `${dir}/dubbo%3A%2F%2Fh%3Abad-port%2Fio.bad.Service`, reason: expect.stringContaining('port "bad-port" is not a number') }]);
    } finally {
      for (const child of await zk.children(dir)) await zk.remove(`${dir}/${child}`);
      await zk.remove(dir);
      await zk.remove("/dubbo/io.bad.Service");
    }
    // A service whose last provider went stays listed a while, marked with when it was last seen (issue 15, item 11).
    const gone = await waitFor("the removed service to show no providers", () => (find("io.bad.Service")?.providers === 0 ? find("io.bad.Service") : undefined));
    expect(gone.providersLastSeen).toEqual(expect.any(Number));
    expect(engine.registries[0]!.status().invalidNodes).toEqual([]);
  });
});

describe("an unreachable registry", () => {
  it("answers RegistryUnavailableError at once instead of waiting, and reports connecting", async () => {
    const port = await freePort();
    const dead = new Engine(parseConfig({ DUBBO_REGISTRY: `zookeeper://127.0.0.1:${port}` }), silentLogger);
    dead.start();
    try {
      const started = Date.now();
      expect(() => dead.catalog.list({ limit: 10 })).toThrow(RegistryUnavailableError);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(dead.registryStatus().registries[0]).toMatchObject({ state: { type: "connecting" }, syncedAt: null, serviceCount: 0 });
    } finally {
      dead.close();
    }
  });
});
