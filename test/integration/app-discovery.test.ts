import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DiscoveredProvider, interfaceLevelProvider } from "@/lib/dubbo/discovered-provider";
import type { Registry } from "@/server/registry/registry";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { DEMO, type ProviderHandle, startProvider } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const TYPES_KEY = "demo/io.dubboconsole.demo.api.TypesService:1.0.0";
const FAULT_KEY = "io.dubboconsole.demo.api.FaultService:2.0.0";
const DEMO_KEYS = [TYPES_KEY, FAULT_KEY, GREETING].sort();
/** The rig's 3.3 provider in register-mode=instance, metadata-type=remote. */
const instanceOnly = rig.providers.find((p) => p.registerMode === "instance")!;
const ALL_MODE = { host: "127.0.0.7", app: "demo-provider-33-all" };
/** Nodes this file writes by hand; removed afterwards, the rig is shared. */
const WRITTEN = ["/services/broken-app", "/services/meta-broken", "/dubbo/metadata/meta-broken", "/dubbo/metadata/io.dubboconsole.test.BrokenDefinition"];

let engine: Engine;
let registry: Registry;
let zk: TestZk;
let allMode: ProviderHandle | undefined;

const addresses = (providers: readonly DiscoveredProvider[]) => providers.map((p) => p.address).sort();
const interfaceProviders = (iface: string) => (registry.view.service(iface)?.get("providers") ?? []).map((e) => interfaceLevelProvider(e.url));

beforeAll(async () => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress }), silentLogger);
  registry = engine.registries[0]!;
  engine.start();
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("both levels to sync", () => registry.usable && registry.discovery.syncedAt !== null);
});

afterAll(async () => {
  await allMode?.stop();
  for (const path of WRITTEN) await zk.removeTree(path);
  await zk.removeTree(`/services/${instanceOnly.app}/10.255.0.1:1`);
  // What the all-mode provider left behind (persistent nodes), so later files see the rig as it was.
  await zk.removeTree(`/services/${ALL_MODE.app}`);
  for (const dir of [`${DEMO.greeting.interface}`, `${DEMO.types.interface}/1.0.0/demo`, `${DEMO.fault.interface}/2.0.0`]) {
    await zk.removeTree(`/dubbo/metadata/${dir}/provider/${ALL_MODE.app}`);
  }
  for (const iface of [DEMO.greeting.interface, DEMO.types.interface, DEMO.fault.interface]) await zk.setData(`/dubbo/mapping/${iface}`, instanceOnly.app);
  engine.close();
  zk.close();
});

describe("Dubbo 3 application-level discovery against real 2.7.23 and 3.3.6 providers", () => {
  it("finds the register-mode=instance provider only at application level, with its host, port and the parameters a Dubbo 3 consumer sees", async () => {
    const [host, port] = instanceOnly.address.split(":");
    const providers = await waitFor("the instance-only provider's three services", () => {
      const found = DEMO_KEYS.map((k) => registry.discovery.providers(k));
      return found.every((f) => f.length === 1) ? found.flat() : undefined;
    });
    expect(providers.map((p) => [p.key, p.source, p.address, p.application, p.instance?.metadata])).toEqual(
      DEMO_KEYS.map((k) => [k, "instance", instanceOnly.address, "demo-provider-33-instance", "metadata-info"]),
    );
    const greeting = providers.find((p) => p.key === GREETING)!;
    expect({ ...greeting.url, parameters: undefined }).toEqual({ protocol: "dubbo", username: "", password: "", host, port: Number(port), path: GREETING, parameters: undefined });
    expect(greeting.url.parameters).toEqual({
      "dubbo.endpoints": `[{"port":${port},"protocol":"dubbo"}]`,
      "dubbo.metadata.revision": expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
      "dubbo.metadata.storage-type": "remote",
      "meta-v": "1.0.0",
      timestamp: expect.stringMatching(/^\d{13}$/) as unknown,
      side: "provider",
      release: "3.3.6",
      methods: "greet,whoAmI",
      deprecated: "false",
      dubbo: "2.0.2",
      interface: GREETING,
      "service-name-mapping": "true",
      generic: "false",
      "metadata-type": "remote",
      application: "demo-provider-33-instance",
      "prefer.serialization": "hessian2,fastjson2",
      dynamic: "true",
      REGISTRY_CLUSTER: "default",
    });
    const types = providers.find((p) => p.key === TYPES_KEY)!;
    expect(types.service).toEqual({ interface: DEMO.types.interface, group: "demo", version: "1.0.0" });
    expect(types.url.parameters).toMatchObject({ group: "demo", version: "1.0.0", interface: DEMO.types.interface });
    expect(providers.find((p) => p.key === FAULT_KEY)!.url.parameters).toMatchObject({ version: "2.0.0", timeout: "10000" });

    for (const iface of [GREETING, DEMO.types.interface, DEMO.fault.interface]) {
      expect(interfaceProviders(iface).map((p) => p.address)).not.toContain(instanceOnly.address);
    }
    expect(registry.discovery.instances("demo-provider-33-instance").map((i) => [i.id, i.instance.host, i.instance.port, i.metadata])).toEqual([
      [instanceOnly.address, host, Number(port), "published"],
    ]);
    expect(registry.discovery.mappedApplications(GREETING)).toContain("demo-provider-33-instance");
  });

  it("lists the 2.7.23 and 3.3 interface-mode providers at interface level only", () => {
    const interfaceLevel = rig.providers.filter((p) => p.registerMode === "interface");
    expect(interfaceLevel.map((p) => p.line).sort()).toEqual(["2.7", "3.3"]);
    for (const iface of [GREETING, DEMO.types.interface, DEMO.fault.interface]) {
      const found = interfaceProviders(iface);
      expect(found.map((p) => p.address).sort()).toEqual(interfaceLevel.map((p) => p.address).sort());
      expect(found.map((p) => p.source)).toEqual(["interface", "interface"]);
    }
    expect(registry.discovery.serviceKeys()).toEqual(DEMO_KEYS);
    expect(addresses(registry.discovery.providers(GREETING))).toEqual([instanceOnly.address]);
  });

  it("sees a register-mode=all provider register at both levels through the watches, as the same provider", async () => {
    allMode = await startProvider({ line: "3.3", registry: rig.zkAddress, host: ALL_MODE.host, app: ALL_MODE.app, registerMode: "all" });
    const atInstance = await waitFor("the all-mode provider at application level", () => {
      const found = DEMO_KEYS.map((k) => registry.discovery.providers(k).find((p) => p.address === allMode!.address));
      return found.every((p) => p !== undefined) ? found.map((p) => p!) : undefined;
    });
    const atInterface = await waitFor("the all-mode provider at interface level", () => {
      // In DEMO_KEYS order: TypesService (group demo), FaultService, GreetingService.
      const found = [DEMO.types.interface, DEMO.fault.interface, GREETING].map((i) => interfaceProviders(i).find((p) => p.address === allMode!.address));
      return found.every((p) => p !== undefined) ? found.map((p) => p!) : undefined;
    });
    // Metadata stays in the provider (metadata-type=local): the services come from the mapping and its service definitions.
    expect(atInstance.map((p) => [p.key, p.source, p.application, p.instance?.metadata, p.instance?.app])).toEqual(
      DEMO_KEYS.map((k) => [k, "instance", ALL_MODE.app, "service-definitions", ALL_MODE.app]),
    );
    expect(atInstance.map((p) => p.identity)).toEqual(atInterface.map((p) => p.identity));
    expect(atInstance.map((p) => p.identity)).toEqual(DEMO_KEYS.map((k) => `${k} dubbo://${allMode!.address}`));
    expect(atInstance.map((p) => p.url.parameters.methods)).toEqual(atInterface.map((p) => p.url.parameters.methods));
    expect(atInstance.find((p) => p.key === TYPES_KEY)!.url.parameters).toMatchObject({ group: "demo", version: "1.0.0", "register-mode": "all", "dubbo.metadata.storage-type": "local" });
    expect(registry.discovery.mappedApplications(GREETING)).toEqual(["demo-provider-33-all", "demo-provider-33-instance"]);
  });

  it("skips a malformed instance and reports why, and still lists the rest", async () => {
    await zk.createWithData(`/services/${instanceOnly.app}/10.255.0.1:1`, '{"name":"demo-provider-33-instance","id":');
    await zk.createWithData("/services/broken-app/10.255.0.2:2", JSON.stringify({ name: "broken-app", id: "10.255.0.2:2", address: "10.255.0.2", port: "2", payload: { metadata: {} } }));
    const invalid = await waitFor("both malformed instances to be reported", () => {
      const found = registry.discovery.invalidNodes().filter((n) => n.path.includes("10.255.0."));
      return found.length === 2 ? found : undefined;
    });
    expect(invalid).toEqual([
      { path: "/services/broken-app/10.255.0.2:2", reason: "instance JSON: port: Invalid input: expected number, received string" },
      { path: `/services/${instanceOnly.app}/10.255.0.1:1`, reason: expect.stringMatching(/^instance JSON is not JSON \(.+\): "\{\\"name\\":\\"demo-provider-33-instance\\",\\"id\\":"$/) as unknown },
    ]);
    expect(registry.status().invalidNodes).toEqual(expect.arrayContaining(invalid));
    expect(registry.discovery.instances(instanceOnly.app).map((i) => i.id)).toEqual([instanceOnly.address]);
    expect(registry.discovery.instances("broken-app")).toEqual([]);
    expect(addresses(registry.discovery.providers(GREETING))).toEqual([allMode!.address, instanceOnly.address].sort());
  });

  it("skips malformed MetadataInfo and reports why, then sees it corrected through its data watch", async () => {
    const instance = {
      name: "meta-broken",
      id: "10.255.0.3:3",
      address: "10.255.0.3",
      port: 3,
      payload: { metadata: { "dubbo.metadata.revision": "feedface", "dubbo.metadata.storage-type": "remote" } },
    };
    await zk.createWithData("/dubbo/metadata/meta-broken/feedface", '{"app":"meta-broken","revision":"feedface","services":{"x":{"name":"io.dubboconsole.test.Meta"}}}');
    await zk.createWithData("/services/meta-broken/10.255.0.3:3", JSON.stringify(instance));
    const reported = await waitFor("the malformed MetadataInfo", () => registry.discovery.invalidNodes().find((n) => n.path === "/dubbo/metadata/meta-broken/feedface"));
    expect(reported.reason).toBe("MetadataInfo JSON: services.x.protocol: Invalid input: expected string, received undefined");
    expect(registry.discovery.instances("meta-broken").map((i) => [i.id, i.metadata])).toEqual([["10.255.0.3:3", "invalid"]]);
    expect(registry.discovery.serviceKeys()).toEqual(DEMO_KEYS);

    await zk.setData("/dubbo/metadata/meta-broken/feedface", '{"app":"meta-broken","revision":"feedface","services":{"x":{"name":"io.dubboconsole.test.Meta","protocol":"tri","params":{"application":"meta-broken"}}}}');
    const fixed = await waitFor("the corrected MetadataInfo's provider", () => registry.discovery.providers("io.dubboconsole.test.Meta")[0]);
    expect([fixed.url.protocol, fixed.address, fixed.application, fixed.instance?.metadata]).toEqual(["tri", "10.255.0.3:3", "meta-broken", "metadata-info"]);
    expect(registry.discovery.invalidNodes().map((n) => n.path)).not.toContain("/dubbo/metadata/meta-broken/feedface");
  });

  it("sees the register-mode=all provider vanish from application level through the watches", async () => {
    const gone = allMode!.address;
    await allMode!.stop();
    allMode = undefined;
    // Within seconds of the JVM's exit: the instance node's own watch, not ZooKeeper removing the
    // emptied application node (a container node) a while later.
    await waitFor("the stopped provider to leave", () => DEMO_KEYS.every((k) => !registry.discovery.providers(k).some((p) => p.address === gone)), 3_000);
    expect(registry.discovery.instances(ALL_MODE.app)).toEqual([]);
    expect(registry.discovery.applications()).toEqual(["demo-provider-33-instance", "meta-broken"]);
    expect(addresses(registry.discovery.providers(GREETING))).toEqual([instanceOnly.address]);
  });
});
