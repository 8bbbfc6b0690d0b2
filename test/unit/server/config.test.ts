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

  it("reads CONSOLE_ZK_ACL as the ACL of created nodes, and leaves the default when it is unset", () => {
    expect(parseConfig({}).zkAcl).toBeNull();
    expect(parseConfig({ CONSOLE_ZK_ACL: " " }).zkAcl).toBeNull();
    expect(parseConfig({ CONSOLE_ZK_ACL: "world:anyone:r, ip:10.0.0.0/8:cdrwa" }).zkAcl).toEqual([
      { scheme: "world", id: "anyone", perms: "r" },
      { scheme: "ip", id: "10.0.0.0/8", perms: "cdrwa" },
    ]);
    expect(parseConfig({ CONSOLE_ZK_ACL: "auth::cdrwa", DUBBO_REGISTRY: "zookeeper://ops:pw@zk:2181" }).zkAcl).toEqual([{ scheme: "auth", id: "", perms: "cdrwa" }]);
  });

  it.each<[Record<string, string>, string | null]>([
    [{ HOME: "/home/op" }, "/home/op/.dubbo-console/cache"],
    [{}, null],
    [{ HOME: "/home/op", DUBBO_CONSOLE_CACHE_DIR: "/var/cache/dubbo-console/" }, "/var/cache/dubbo-console/"],
    [{ HOME: "/home/op", DUBBO_CONSOLE_CACHE_DIR: "/var/cache/../cache/dc" }, "/var/cache/dc"],
    [{ HOME: "/home/op", DUBBO_CONSOLE_CACHE_DIR: "~/dc-cache" }, "/home/op/dc-cache"],
    [{ HOME: "/home/op", DUBBO_CONSOLE_CACHE_DIR: "off" }, null],
    [{ HOME: "/home/op", DUBBO_CONSOLE_CACHE_DIR: " OFF " }, null],
    [{ HOME: "/home/op", DUBBO_CONSOLE_CACHE_DIR: "" }, null],
  ])("reads the disk cache folder from %j as %j", (env, cacheDir) => {
    expect(parseConfig(env).cacheDir).toBe(cacheDir);
  });

  it.each([
    [{ DUBBO_REGISTRY: "redis://r:6379" }, 'invalid DUBBO_REGISTRY: "redis://r:6379": unsupported registry protocol "redis" (only zookeeper:// is supported)'],
    [{ PORT: "http" }, 'invalid PORT: "http" is not a number'],
    [{ PORT: "70000" }, 'invalid PORT: "70000" is above 65535'],
    [{ LOG_LEVEL: "loud" }, 'invalid LOG_LEVEL: "loud" is not one of debug, info, warn, error'],
    [{ DUBBO_CONSOLE_CACHE_DIR: "cache" }, 'invalid DUBBO_CONSOLE_CACHE_DIR: "cache" is not an absolute path (give an absolute folder, or "off")'],
    [{ DUBBO_CONSOLE_CACHE_DIR: "~/cache" }, 'invalid DUBBO_CONSOLE_CACHE_DIR: "~/cache" starts with ~ but HOME is not set'],
    [{ DUBBO_CONSOLE_CACHE_DIR: "/tmp/a\0b" }, "invalid DUBBO_CONSOLE_CACHE_DIR: the path contains a NUL character"],
    [{ CONSOLE_ZK_ACL: "world:anyone:rx" }, 'invalid CONSOLE_ZK_ACL: "world:anyone:rx": "x" is not a permission (give letters of cdrwa)'],
    [{ CONSOLE_ZK_ACL: "digest:ops:secret:cdrwa" }, 'invalid CONSOLE_ZK_ACL: "digest:ops:…": a digest id is user:<base64 sha1 of user:password> (28 characters ending in =), not a password'],
    [
      { CONSOLE_ZK_ACL: "auth::cdrwa", DUBBO_REGISTRY: "zookeeper://zk:2181" },
      'invalid CONSOLE_ZK_ACL: "auth::" means the console\'s own credentials, but registry "zookeeper://zk:2181" has none (give user:password@ in DUBBO_REGISTRY)',
    ],
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
