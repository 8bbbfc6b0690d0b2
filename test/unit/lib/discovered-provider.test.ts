import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { instanceLevelProvider, instanceProviderUrl, interfaceLevelProvider } from "@/lib/dubbo/discovered-provider";
import { type MetadataInfo, parseMetadataInfo, serviceInfoFromParameters } from "@/lib/dubbo/metadata-info";
import { parseServiceInstance, type ServiceInstance } from "@/lib/dubbo/service-instance";
import { methodsFromUrls } from "@/lib/dubbo/service-methods";
import { parseDubboUrl, parseEncodedDubboUrl } from "@/lib/dubbo/url";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "registry");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

function ok<T>(r: { ok: true; value: T } | { ok: false; reason: string }): T {
  if (!r.ok) throw new Error(r.reason);
  return r.value;
}

const remote: ServiceInstance = ok(parseServiceInstance(fixture("instance-3.3.6-remote.json")));
const local: ServiceInstance = ok(parseServiceInstance(fixture("instance-3.3.6-local.json")));
const info: MetadataInfo = ok(parseMetadataInfo(fixture("metadata-info-3.3.6.json")));

/** The interface-level node the same `register-mode=all` 3.3.6 provider as instance-3.3.6-local.json wrote, in the same run. */
const ALL_MODE_GREETING_NODE =
  "dubbo%3A%2F%2F127.0.0.7%3A37053%2Fio.dubboconsole.demo.api.GreetingService%3Fapplication%3Ddemo-provider-33-all%26deprecated%3Dfalse%26dubbo%3D2.0.2%26dynamic%3Dtrue%26generic%3Dfalse%26interface%3Dio.dubboconsole.demo.api.GreetingService%26methods%3Dgreet%2CwhoAmI%26prefer.serialization%3Dhessian2%2Cfastjson2%26release%3D3.3.6%26service-name-mapping%3Dtrue%26side%3Dprovider%26timestamp%3D1795980315188";

describe("provider URLs built from an instance and its MetadataInfo, as a Dubbo 3 consumer builds them", () => {
  it("takes protocol and path from the service, host and port from the instance, and overlays the service parameters on the instance metadata", () => {
    const types = info.services.find((s) => s.interface === "io.dubboconsole.demo.api.TypesService")!;
    const url = instanceProviderUrl(remote, types);
    expect({ ...url, parameters: undefined }).toEqual({
      protocol: "dubbo",
      username: "",
      password: "",
      host: "127.0.0.6",
      port: 43209,
      path: "io.dubboconsole.demo.api.TypesService",
      parameters: undefined,
    });
    expect(url.parameters).toEqual({ ...remote.metadata, ...types.params });
    expect(url.parameters).toMatchObject({ group: "demo", version: "1.0.0", application: "demo-provider-33-instance", "dubbo.metadata.revision": "d031b6fbcf695cc51b73bb2d8093b95b" });
  });

  it("lets a service parameter win over an instance metadata entry of the same name, and the service's group and version win over both", () => {
    const instance = { ...remote, metadata: { ...remote.metadata, timeout: "1", group: "stale", version: "9" } };
    const service = { ...info.services.find((s) => s.key === "io.dubboconsole.demo.api.GreetingService")!, params: { timeout: "2", version: "8" } };
    expect(instanceProviderUrl(instance, service).parameters).toMatchObject({ timeout: "2", interface: "io.dubboconsole.demo.api.GreetingService" });
    expect(instanceProviderUrl(instance, service).parameters).not.toHaveProperty("group");
    expect(instanceProviderUrl(instance, service).parameters).not.toHaveProperty("version");
  });

  it("marks where the provider was seen and how its services were learnt", () => {
    const greeting = info.services.find((s) => s.key === "io.dubboconsole.demo.api.GreetingService")!;
    const p = instanceLevelProvider(remote, "127.0.0.6:43209", greeting, "metadata-info");
    expect({ ...p, url: undefined }).toEqual({
      source: "instance",
      key: "io.dubboconsole.demo.api.GreetingService",
      service: { interface: "io.dubboconsole.demo.api.GreetingService", group: "", version: "" },
      url: undefined,
      address: "127.0.0.6:43209",
      application: "demo-provider-33-instance",
      identity: "io.dubboconsole.demo.api.GreetingService dubbo://127.0.0.6:43209",
      instance: { app: "demo-provider-33-instance", id: "127.0.0.6:43209", revision: "d031b6fbcf695cc51b73bb2d8093b95b", metadata: "metadata-info" },
    });
  });

  it("gives a provider in register-mode=all the same identity at both levels, and a different one to another provider", () => {
    const atInterface = interfaceLevelProvider(parseEncodedDubboUrl(ALL_MODE_GREETING_NODE));
    const service = serviceInfoFromParameters("io.dubboconsole.demo.api.GreetingService", { interface: "io.dubboconsole.demo.api.GreetingService" }, "dubbo");
    const atInstance = instanceLevelProvider(local, "127.0.0.7:37053", service, "service-definitions");
    expect(atInterface.source).toBe("interface");
    expect(atInterface.instance).toBeNull();
    expect(atInstance.identity).toBe(atInterface.identity);
    expect(atInterface.identity).toBe("io.dubboconsole.demo.api.GreetingService dubbo://127.0.0.7:37053");
    const other = instanceLevelProvider(remote, "127.0.0.6:43209", service, "service-definitions");
    expect(other.identity).not.toBe(atInterface.identity);
  });
});

describe("method names from provider URLs, when there is no service definition", () => {
  it("lists each name once, sorted, with unknown types", () => {
    const urls = [parseDubboUrl("dubbo://h:1/a.B?methods=whoAmI,greet"), parseDubboUrl("dubbo://h:2/a.B?methods=greet,,describe"), parseDubboUrl("dubbo://h:3/a.B")];
    expect(methodsFromUrls(urls)).toEqual([
      { name: "describe", parameterTypes: null, returnType: null },
      { name: "greet", parameterTypes: null, returnType: null },
      { name: "whoAmI", parameterTypes: null, returnType: null },
    ]);
  });
});
