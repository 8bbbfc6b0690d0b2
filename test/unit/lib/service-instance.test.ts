import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { likelyProtocol, parseServiceInstance, portFor, type ServiceInstance } from "@/lib/dubbo/service-instance";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "registry");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

function parsed(json: string): ServiceInstance {
  const result = parseServiceInstance(json);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

function reason(json: string): string {
  const result = parseServiceInstance(json);
  if (result.ok) throw new Error("expected a rejection");
  return result.reason;
}

/** A valid instance JSON with `change` applied to it. */
function instanceJson(change: (o: { payload: { metadata: Record<string, string | undefined> } } & Record<string, unknown>) => void): string {
  const o = JSON.parse(fixture("instance-3.3.6-local.json")) as { payload: { metadata: Record<string, string | undefined> } } & Record<string, unknown>;
  change(o);
  return JSON.stringify(o);
}

describe("instances written by Dubbo 3.3.6 at /services/{app}/{host:port}", () => {
  it("reads an instance whose MetadataInfo stays in the provider (metadata-type=local)", () => {
    const i = parsed(fixture("instance-3.3.6-local.json"));
    expect(i).toEqual({
      app: "demo-provider-33-all",
      id: "127.0.0.7:37053",
      host: "127.0.0.7",
      port: 37053,
      registeredAt: 1795980315570,
      enabled: true,
      metadata: expect.objectContaining({ "meta-v": "1.0.0", timestamp: "1795980315278" }) as unknown,
      revision: "230a98328d5ec9942404887d07bde623",
      storageType: "local",
      endpoints: [{ port: 37053, protocol: "dubbo" }],
      metadataServiceParams: {
        "prefer.serialization": "hessian2,fastjson2",
        version: "1.0.0",
        dubbo: "2.0.2",
        release: "3.3.6",
        side: "provider",
        port: "37053",
        protocol: "dubbo",
      },
    });
    expect(Object.keys(i.metadata).sort()).toEqual([
      "dubbo.endpoints",
      "dubbo.metadata-service.url-params",
      "dubbo.metadata.revision",
      "dubbo.metadata.storage-type",
      "meta-v",
      "timestamp",
    ]);
  });

  it("reads an instance that publishes its MetadataInfo (metadata-type=remote), which has no MetadataService params", () => {
    const i = parsed(fixture("instance-3.3.6-remote.json"));
    expect(i).toMatchObject({ app: "demo-provider-33-instance", id: "127.0.0.6:43209", host: "127.0.0.6", port: 43209, storageType: "remote", metadataServiceParams: null });
    expect(i.revision).toBe("d031b6fbcf695cc51b73bb2d8093b95b");
  });

  it("serves a protocol on its endpoint's port, else on the instance port", () => {
    const i = parsed(instanceJson((o) => (o.payload.metadata["dubbo.endpoints"] = '[{"port":50051,"protocol":"tri"},{"port":37053,"protocol":"dubbo"}]')));
    expect(portFor(i, "tri")).toBe(50051);
    expect(portFor(i, "rest")).toBe(37053);
    expect(likelyProtocol(i)).toBe("dubbo"); // two endpoints: the MetadataService's protocol decides
    expect(likelyProtocol(parsed(fixture("instance-3.3.6-remote.json")))).toBe("dubbo");
  });
});

describe("malformed instances are rejected with the reason", () => {
  it.each([
    ["not JSON", "{", /^instance JSON is not JSON \(.*\): "\{"$/],
    ["a port that is text", instanceJson((o) => (o.port = "37053")), /^instance JSON: port: /],
    ["no address", instanceJson((o) => delete o.address), /^instance JSON: address: /],
    ["no payload", instanceJson((o) => (o.payload = null as never)), /^instance JSON: payload: /],
    ["a metadata value that is a number", instanceJson((o) => (o.payload.metadata.timestamp = 5 as never)), /^instance JSON: payload\.metadata\.timestamp: /],
    ["no revision", instanceJson((o) => delete o.payload.metadata["dubbo.metadata.revision"]), /^not a Dubbo instance: its metadata has no dubbo\.metadata\.revision$/],
    ["an unknown storage type", instanceJson((o) => (o.payload.metadata["dubbo.metadata.storage-type"] = "disk")), /^dubbo\.metadata\.storage-type is "disk", not "local" or "remote"$/],
    ["endpoints that are not JSON", instanceJson((o) => (o.payload.metadata["dubbo.endpoints"] = "[{port")), /^dubbo\.endpoints is not JSON \(.+\): "\[\{port"$/],
    ["an endpoint without a protocol", instanceJson((o) => (o.payload.metadata["dubbo.endpoints"] = '[{"port":1}]')), /^dubbo\.endpoints: 0\.protocol: /],
    ["MetadataService params that are not a map", instanceJson((o) => (o.payload.metadata["dubbo.metadata-service.url-params"] = "[1]")), /^dubbo\.metadata-service\.url-params: \(root\): /],
  ])("%s", (_what, json, expected) => {
    expect(reason(json)).toMatch(expected);
  });
});
