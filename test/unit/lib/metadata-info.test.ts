import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseMetadataInfo, serviceInfoFromParameters } from "@/lib/dubbo/metadata-info";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "registry");

describe("MetadataInfo published by Dubbo 3.3.6 at /dubbo/metadata/{app}/{revision}", () => {
  it("lists each exported service with its key, protocol, path and parameters", () => {
    const result = parseMetadataInfo(readFileSync(join(FIXTURES, "metadata-info-3.3.6.json"), "utf8"));
    if (!result.ok) throw new Error(result.reason);
    const info = result.value;
    expect(info.app).toBe("demo-provider-33-instance");
    expect(info.revision).toBe("d031b6fbcf695cc51b73bb2d8093b95b");
    expect(info.services.map(({ params: _p, ...s }) => s)).toEqual([
      { key: "demo/io.dubboconsole.demo.api.TypesService:1.0.0", interface: "io.dubboconsole.demo.api.TypesService", group: "demo", version: "1.0.0", protocol: "dubbo", path: "io.dubboconsole.demo.api.TypesService", port: 43209 },
      { key: "io.dubboconsole.demo.api.FaultService:2.0.0", interface: "io.dubboconsole.demo.api.FaultService", group: "", version: "2.0.0", protocol: "dubbo", path: "io.dubboconsole.demo.api.FaultService", port: 43209 },
      { key: "io.dubboconsole.demo.api.GreetingService", interface: "io.dubboconsole.demo.api.GreetingService", group: "", version: "", protocol: "dubbo", path: "io.dubboconsole.demo.api.GreetingService", port: 43209 },
    ]);
    expect(info.services[2]?.params).toEqual({
      side: "provider",
      release: "3.3.6",
      methods: "greet,whoAmI",
      deprecated: "false",
      dubbo: "2.0.2",
      interface: "io.dubboconsole.demo.api.GreetingService",
      "service-name-mapping": "true",
      generic: "false",
      "metadata-type": "remote",
      application: "demo-provider-33-instance",
      "prefer.serialization": "hessian2,fastjson2",
      dynamic: "true",
      REGISTRY_CLUSTER: "default",
    });
  });

  it.each([
    ['{"app":"a","revision":"r"}', /^MetadataInfo JSON: services: /],
    ['{"app":"a","revision":"r","services":{"k":{"name":"x.Y"}}}', /^MetadataInfo JSON: services\.k\.protocol: /],
    ['{"app":"a","revision":"r","services":{"k":{"name":"x.Y","protocol":"dubbo","params":{"timeout":5}}}}', /^MetadataInfo JSON: services\.k\.params\.timeout: /],
    ["[]", /^MetadataInfo JSON: \(root\): /],
  ])("rejects %s with the reason", (json, expected) => {
    const result = parseMetadataInfo(json);
    expect(result.ok ? "accepted" : result.reason).toMatch(expected);
  });

  it("treats version 0.0.0 as no version, and a service from definition parameters takes the given protocol", () => {
    expect(serviceInfoFromParameters("x.Y", { interface: "x.Y", version: "0.0.0", group: "g" }, "tri")).toEqual({
      key: "g/x.Y",
      interface: "x.Y",
      group: "g",
      version: "",
      protocol: "tri",
      path: "x.Y",
      port: null,
      params: { interface: "x.Y", version: "0.0.0", group: "g" },
    });
  });
});
