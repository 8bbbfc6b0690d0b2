import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/errors";
import { parseConfig } from "@/server/runtime/config";

describe("parseConfig", () => {
  it("defaults to a local ZooKeeper on port 3000", () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.registries.map((r) => r.servers)).toEqual([["127.0.0.1:2181"]]);
    expect(c.logLevel).toBe("info");
  });

  it.each([
    [{ DUBBO_REGISTRY: "redis://r:6379" }, 'invalid DUBBO_REGISTRY: "redis://r:6379": unsupported registry protocol "redis" (only zookeeper:// is supported)'],
    [{ PORT: "http" }, 'invalid PORT: "http" is not a number'],
    [{ PORT: "70000" }, 'invalid PORT: "70000" is above 65535'],
    [{ LOG_LEVEL: "loud" }, 'invalid LOG_LEVEL: "loud" is not one of debug, info, warn, error'],
  ])("answers %j with one line naming the variable and the bad part", (env, message) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(message);
    expect((error as ConfigError).message).not.toContain("\n");
  });
});
