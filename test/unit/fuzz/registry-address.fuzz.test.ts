import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { parseRegistryAddresses } from "@/lib/dubbo/registry-address";
import { delimitedText, FUZZ_TIMEOUT_MS, fuzzParameters, valueOrTypedError } from "../../support/fuzz";

vi.setConfig({ testTimeout: FUZZ_TIMEOUT_MS });

/** Property-based fuzzing of the `DUBBO_REGISTRY` address parser: registries, or a config_invalid error naming the bad part. */

const hostPort = fc.tuple(fc.oneof(fc.ipV4(), fc.domain(), fc.constantFrom("", "[::1]", "h st", "ü")), fc.option(fc.oneof(fc.integer({ min: -1, max: 70_000 }).map(String), fc.constantFrom("", "abc", "099999", "1e3"))));
const hostList = fc.array(hostPort, { minLength: 1, maxLength: 3 }).map((hs) => hs.map(([h, p]) => (p === null ? h : `${h}:${p}`)).join(","));
const credentials = fc.option(fc.tuple(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("%", "%zz", "%E2%82", "us%40er")), fc.option(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("%", "p%3Aw", "%C3")))));
const query = fc.array(fc.tuple(fc.constantFrom("backup", "group", "session", "timeout", "x"), fc.oneof(hostList, fc.constantFrom("", "0", "-1", "5000", "/a/b", "a//b", "..", "99999999999999999999"), fc.string({ maxLength: 6 }))), { maxLength: 4 });
const oneAddress = fc
  .tuple(fc.constantFrom("zookeeper://", "", "nacos://", "://", "zookeeper:/"), credentials, hostList, fc.constantFrom("", "/org.apache.dubbo.registry.RegistryService"), query)
  .map(([scheme, cred, hosts, path, q]) => {
    const auth = cred === null ? "" : `${cred[0]}${cred[1] === null ? "" : `:${cred[1]}`}@`;
    return `${scheme}${auth}${hosts}${path}${q.length > 0 ? `?${q.map(([k, v]) => `${k}=${v}`).join("&")}` : ""}`;
  });
const value = fc.oneof(fc.array(oneAddress, { minLength: 1, maxLength: 3 }).chain((as) => fc.constantFrom(" | ", "|", ";", "||").map((j) => as.join(j))), delimitedText(), fc.string({ maxLength: 40 }));

describe("registry addresses under fuzzing", () => {
  it("parses any DUBBO_REGISTRY value into registries, or throws a config_invalid error", () => {
    fc.assert(
      fc.property(value, (v) => {
        const registries = valueOrTypedError(() => parseRegistryAddresses(v), ["config_invalid"]);
        for (const r of registries ?? []) {
          expect(r.servers.length).toBeGreaterThan(0);
          for (const s of r.servers) expect(s).toMatch(/^[A-Za-z0-9._-]+:\d{1,5}$/);
          expect(r.root.startsWith("/")).toBe(true);
          expect(r.sessionTimeoutMs).toBeGreaterThan(0);
        }
      }),
      fuzzParameters(2_000),
    );
  });
});

describe("crashes fuzzing found (regressions)", () => {
  it.each([
    ["zookeeper://%@127.0.0.1:2181", "user name"],
    ["zookeeper://user:%E2%82@127.0.0.1:2181", "password"],
  ])("refuses %s with a config_invalid error about the %s, where decodeURIComponent threw a URIError", (address, what) => {
    expect(() => parseRegistryAddresses(address)).toThrow(`the ${what} before @ is not valid percent-encoding (write % as %25)`);
  });
});
