import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { interfaceLevelProvider } from "@/lib/dubbo/discovered-provider";
import type { MethodSignature } from "@/lib/dubbo/service-definition";
import type { ServiceId } from "@/lib/dubbo/service-key";
import { javaUrlEncode } from "@/lib/dubbo/url";
import type { Registry } from "@/server/registry/registry";
import { resolveServiceMethods } from "@/server/registry/service-methods";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { FAULT_METHODS, GREETING_METHODS, TYPES_METHODS, USER_PROPERTIES } from "../support/demo-signatures";
import { DEMO } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

const rig = inject("rig");
const SERVICES: [keyof typeof DEMO, MethodSignature[]][] = [
  ["greeting", GREETING_METHODS],
  ["types", TYPES_METHODS],
  ["fault", FAULT_METHODS],
];
/** The rig's providers: 2.7.23, 3.3.6 in register-mode=interface, 3.3.6 in register-mode=instance. */
const APPS = rig.providers.map((p) => p.app);
const NO_METADATA = "io.dubboconsole.test.NoMetadataService";
const BROKEN = "io.dubboconsole.test.BrokenDefinition";

let engine: Engine;
let registry: Registry;
let zk: TestZk;

const interfaceProviders = (iface: string) => (registry.view.service(iface)?.get("providers") ?? []).map((e) => interfaceLevelProvider(e.url));

beforeAll(async () => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress }), silentLogger);
  registry = engine.registries[0]!;
  engine.start();
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("the registry view to sync", () => registry.usable);
});

afterAll(async () => {
  for (const path of [`/dubbo/${NO_METADATA}`, `/dubbo/metadata/${BROKEN}`]) await zk.removeTree(path);
  engine.close();
  zk.close();
});

describe("method signatures from the metadata report of real 2.7.23 and 3.3.6 providers", () => {
  it("covers a 2.7.23 provider and 3.3.6 providers in both register modes", () => {
    expect(APPS.sort()).toEqual(["demo-provider-27", "demo-provider-33", "demo-provider-33-instance"]);
  });

  describe.each(SERVICES)("%s service", (name, expected) => {
    const id: ServiceId = DEMO[name];

    it.each(APPS)("is exact, overloads apart, in the definition %s reported", async (app) => {
      const entry = await registry.report.definition(id, app);
      expect(entry?.definition.methods).toEqual(expected);
      expect(entry?.service).toEqual(id);
      expect(entry?.definition.canonicalName).toBe(id.interface);
    });
  });

  it("finds each definition where each Dubbo line writes it", async () => {
    const found = await registry.report.definitions(DEMO.types.interface);
    // Other files' providers (other applications) may have left their definitions beside the rig's.
    const rigs = found.providers.filter((p) => APPS.includes(p.application));
    expect(rigs.map((p) => [p.path, p.key, p.application])).toEqual(
      [...APPS].sort().map((app) => [`/dubbo/metadata/${DEMO.types.interface}/1.0.0/demo/provider/${app}`, "demo/io.dubboconsole.demo.api.TypesService:1.0.0", app]),
    );
    expect((await registry.report.definitions(DEMO.fault.interface)).providers.map((p) => p.path)).toContain(`/dubbo/metadata/${DEMO.fault.interface}/2.0.0/provider/demo-provider-27`);
    expect((await registry.report.definitions(DEMO.greeting.interface)).providers.map((p) => p.path)).toContain(`/dubbo/metadata/${DEMO.greeting.interface}/provider/demo-provider-33`);
    expect(found.invalid).toEqual([]);
  });

  it("describes the POJO, enum, array and generic types the methods use, in both Dubbo lines", async () => {
    for (const app of APPS) {
      const def = (await registry.report.definition(DEMO.types, app))!.definition;
      const type = (name: string) => def.types.find((t) => t.type === name);
      expect(type("io.dubboconsole.demo.api.User")?.properties).toEqual(USER_PROPERTIES);
      expect(type("io.dubboconsole.demo.api.Color")?.enums).toEqual(["RED", "GREEN", "BLUE"]);
      expect(type("io.dubboconsole.demo.api.Address")?.properties).toEqual({ zip: "int", city: "java.lang.String", street: "java.lang.String" });
    }
  });

  it("resolves a service's methods from the definition of one of its provider applications", async () => {
    const methods = await resolveServiceMethods(registry.report, DEMO.types, interfaceProviders(DEMO.types.interface));
    expect(methods).toMatchObject({ source: "definition", application: "demo-provider-27", path: `/dubbo/metadata/${DEMO.types.interface}/1.0.0/demo/provider/demo-provider-27` });
    expect(methods.methods).toEqual(TYPES_METHODS);
  });

  it("falls back to the names in the providers' methods parameter, without types, when no definition was reported", async () => {
    const url = `dubbo://10.255.0.8:8/${NO_METADATA}?application=hand-written&interface=${NO_METADATA}&methods=zeta,alpha,alpha&side=provider`;
    await zk.mkdirp(`/dubbo/${NO_METADATA}/providers`);
    await zk.create(`/dubbo/${NO_METADATA}/providers/${javaUrlEncode(url)}`);
    const providers = await waitFor("the hand-written provider", () => (interfaceProviders(NO_METADATA).length === 1 ? interfaceProviders(NO_METADATA) : undefined));
    expect(await resolveServiceMethods(registry.report, { interface: NO_METADATA, group: "", version: "" }, providers)).toEqual({
      source: "url",
      methods: [
        { name: "alpha", parameterTypes: null, returnType: null },
        { name: "zeta", parameterTypes: null, returnType: null },
      ],
    });
    expect(await resolveServiceMethods(registry.report, { interface: NO_METADATA, group: "", version: "" }, [])).toEqual({ source: "none", methods: [] });
  });

  it("skips a malformed definition with its reason, keeps the valid one beside it, and sees a new one through the watches", async () => {
    const good = JSON.stringify({ canonicalName: BROKEN, methods: [{ name: "ok", parameterTypes: ["int[]"], returnType: "void" }], parameters: { interface: BROKEN, version: "1.0.0" } });
    await zk.createWithData(`/dubbo/metadata/${BROKEN}/1.0.0/provider/good-app`, good);
    await zk.createWithData(`/dubbo/metadata/${BROKEN}/1.0.0/provider/bad-app`, JSON.stringify({ canonicalName: BROKEN, methods: [{ name: "m" }] }));
    const first = await registry.report.definitions(BROKEN);
    expect(first.invalid).toEqual([
      { path: `/dubbo/metadata/${BROKEN}/1.0.0/provider/bad-app`, reason: "service definition JSON: methods.0.parameterTypes: Invalid input: expected array, received undefined (and 1 more)" },
    ]);
    expect(first.providers.map((p) => [p.application, p.key, p.definition.methods])).toEqual([
      ["good-app", `${BROKEN}:1.0.0`, [{ name: "ok", parameterTypes: ["int[]"], returnType: "void" }]],
    ]);
    expect(registry.status().invalidNodes).toContainEqual(first.invalid[0]);

    await zk.createWithData(`/dubbo/metadata/${BROKEN}/1.0.0/provider/late-app`, good);
    const later = await waitFor("the late definition", async () => {
      const d = await registry.report.definitions(BROKEN);
      return d.providers.length === 2 ? d : undefined;
    });
    expect(later.providers.map((p) => p.application)).toEqual(["good-app", "late-app"]);
  });
});
