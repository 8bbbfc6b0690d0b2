import { describe, expect, it } from "vitest";
import type { Consumer, Provider } from "@/lib/api/catalog-entities";
import { conditionSuggestions } from "@/lib/routing/builder/condition-suggestions";
import { hypotheticalConsumerUrl } from "@/lib/routing/builder/hypothetical-consumer";
import { routingContext } from "@/lib/routing/evaluate/condition-route";

const provider = (host: string, port: number, parameters: Record<string, string>) =>
  ({ host, port, address: `${host}:${port}`, protocol: "dubbo", application: parameters.application ?? "", parameters }) as unknown as Provider;
const consumer = (host: string, application: string) => ({ host, address: host, application, parameters: { application, timestamp: "1" } }) as unknown as Consumer;

describe("conditionSuggestions", () => {
  const s = conditionSuggestions({
    providers: [provider("10.0.0.2", 20880, { application: "p", zone: "west" }), provider("10.0.0.1", 20881, { application: "p", zone: "east", timestamp: "9" })],
    consumers: [consumer("1.1.1.1", "shop"), consumer("1.1.1.2", "admin")],
    methods: [{ name: "sayHello", parameterTypes: null, returnType: null }],
  });

  it("offers the URL's own keys first, then the parameters seen, without per-restart noise", () => {
    expect(s.whenKeys).toEqual(["host", "application", "method", "address", "port", "protocol"]);
    expect(s.thenKeys).toEqual(["host", "address", "port", "protocol", "application", "zone"]);
  });

  it("offers the values the registry holds for a key on each side, sorted", () => {
    expect(s.values("when", "host")).toEqual(["1.1.1.1", "1.1.1.2"]);
    expect(s.values("when", "method")).toEqual(["sayHello"]);
    expect(s.values("then", "zone")).toEqual(["east", "west"]);
    expect(s.values("then", "port")).toEqual(["20880", "20881"]);
    expect(s.values("then", "nothing")).toEqual([]);
  });
});

describe("hypotheticalConsumerUrl", () => {
  it("builds the URL such a consumer registers, which the engine reads back", () => {
    const url = hypotheticalConsumerUrl({ interface: "com.foo.Bar", group: "g", version: "1.0" }, { host: "10.1.1.1", application: "shop", parameters: "zone=east & env=prod" });
    expect(url).toBe("consumer://10.1.1.1/com.foo.Bar?application=shop&group=g&interface=com.foo.Bar&side=consumer&version=1.0&zone=east&env=prod");
    const ctx = routingContext("3.x", url);
    expect([ctx.consumer.host, ctx.consumer.parameters().zone]).toEqual(["10.1.1.1", "east"]);
  });

  it("reads a blank host as 0.0.0.0 and leaves out what is not given", () => {
    expect(hypotheticalConsumerUrl({ interface: "com.foo.Bar", group: "", version: "" }, { host: " ", application: "", parameters: "" })).toBe("consumer://0.0.0.0/com.foo.Bar?interface=com.foo.Bar&side=consumer");
  });
});
