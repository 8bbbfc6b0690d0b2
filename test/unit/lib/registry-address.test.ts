import { describe, expect, it } from "vitest";
import { parseRegistryAddresses, RegistryAddressError } from "@/lib/dubbo/registry-address";

describe("parseRegistryAddresses", () => {
  it("reads one ZooKeeper with Dubbo's defaults", () => {
    expect(parseRegistryAddresses("zookeeper://127.0.0.1:2181")).toEqual([
      { source: "zookeeper://127.0.0.1:2181", servers: ["127.0.0.1:2181"], root: "/dubbo", sessionTimeoutMs: 12000, operationTimeoutMs: 5000 },
    ]);
  });

  it("reads an ensemble written as backup=, as a comma list, or without protocol", () => {
    const want = ["a:2181", "b:2182", "c:2183"];
    expect(parseRegistryAddresses("zookeeper://a:2181?backup=b:2182,c:2183")[0]?.servers).toEqual(want);
    expect(parseRegistryAddresses("zookeeper://a:2181,b:2182,c:2183")[0]?.servers).toEqual(want);
    expect(parseRegistryAddresses("a:2181,b:2182,c:2183")[0]?.servers).toEqual(want);
    expect(parseRegistryAddresses("zk-host")[0]?.servers).toEqual(["zk-host:2181"]);
  });

  it("splits separate registries on | and ;", () => {
    const r = parseRegistryAddresses("zookeeper://a:1 | zookeeper://b:2;c:3");
    expect(r.map((x) => x.servers)).toEqual([["a:1"], ["b:2"], ["c:3"]]);
  });

  it("takes the root from group, timeouts from session and timeout, and digest credentials", () => {
    const [r] = parseRegistryAddresses("zookeeper://ops:pw@a:2181/org.apache.dubbo.registry.RegistryService?group=prod&session=30000&timeout=2000");
    expect(r).toMatchObject({ root: "/prod", sessionTimeoutMs: 30000, operationTimeoutMs: 2000, auth: { username: "ops", password: "pw" } });
  });

  it("never shows the digest password in its source or its messages", () => {
    const [r] = parseRegistryAddresses("zookeeper://ops:s3cr%40t@a:2181?group=prod");
    expect([r?.source, r?.auth]).toEqual(["zookeeper://ops:***@a:2181?group=prod", { username: "ops", password: "s3cr@t" }]);
    expect(parseRegistryAddresses("ops:pw@b:1")[0]?.source).toBe("ops:***@b:1");
    expect(parseRegistryAddresses("zookeeper://ops@c:1")[0]?.source).toBe("zookeeper://ops@c:1");
    expect(() => parseRegistryAddresses("zookeeper://ops:s3cret@a:99999")).toThrow('"zookeeper://ops:***@a:99999": port');
    expect(() => parseRegistryAddresses("zookeeper://ops:s3cret@a:99999")).not.toThrow("s3cret");
  });

  it.each([
    ["", /no registry address given/],
    ["nacos://a:8848", /"nacos:\/\/a:8848": unsupported registry protocol "nacos"/],
    ["zookeeper://a:99999", /port "99999" of a is not a number from 1 to 65535/],
    ["zookeeper://a:x", /port "x" of a/],
    ["zookeeper://a:1,,b:2", /empty host/],
    ["zookeeper://a:1?session=-5", /session=-5 is not a positive number/],
    ["zookeeper://a:1?group=bad path", /group "bad path"/],
    ["zookeeper://a b:1", /host "a b"/],
  ])("rejects %j naming the bad part", (value, message) => {
    expect(() => parseRegistryAddresses(value)).toThrow(RegistryAddressError);
    expect(() => parseRegistryAddresses(value)).toThrow(message);
  });
});
