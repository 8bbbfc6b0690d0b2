import { describe, expect, it } from "vitest";
import { parseDubboUrlParameters, UrlSyntaxError } from "@/lib/dubbo/url";
import { routeCondition } from "@/lib/routing/evaluate/condition-route";
import { parseConsumerUrl } from "@/lib/routing/url/consumer-url";
import { parseNodeParams, readsAsDecoded } from "@/lib/routing/url/node-params";
import { parseProviderUrl, stripVariableKeys } from "@/lib/routing/url/provider-url";
import { javaAddress } from "@/lib/routing/url/route-url";
import { REGISTRY_READ_CASES } from "./registry-read-cases";

describe("provider nodes as each consumer reads them (each row checked against the real jars)", () => {
  for (const c of REGISTRY_READ_CASES) {
    it(c.name, () => {
      const input = { rule: c.rule, force: c.force ?? false, consumer: c.consumer, invocation: c.invocation, providers: c.providers };
      const indexes = (result: string[]) => result.map((u) => c.providers.indexOf(u));
      const v27 = indexes(routeCondition({ ...input, semantics: "2.7" }).result);
      const v3 = indexes(routeCondition({ ...input, semantics: "3.x" }).result);
      expect({ v27, v3 }).toEqual({ v27: c.v27, v3: c.v3 });
    });
  }
});

describe("URLStrParser.parseEncodedParams on URL.encode(decoded), segment by segment", () => {
  it("reads name=value segments as the decoded parser does, so they can be read one key at a time", () => {
    expect(readsAsDecoded("?a=1&b=&c=x=y;d=2", 1)).toBe(true);
    expect(readsAsDecoded("?a=1&&b=2", 1)).toBe(true);
    expect(readsAsDecoded("?a=1&canary", 1)).toBe(false);
    expect(readsAsDecoded("?a=1;=x", 1)).toBe(false);
  });

  it("reads exactly as the decoded parser whenever readsAsDecoded says so, over thousands of generated queries", () => {
    const parts = ["a", "bc", "=", "&", ";", "default.", "1", "x y", "timestamp", "%"];
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    let plain = 0;
    for (let i = 0; i < 3000; i++) {
      let q = "?";
      for (let n = 1 + Math.floor(next() * 8); n > 0; n--) q += parts[Math.floor(next() * parts.length)];
      if (!readsAsDecoded(q, 1)) continue;
      plain++;
      for (const dialect of ["2.7", "3.x"] as const) expect([q, parseNodeParams(q, 1, dialect)]).toEqual([q, parseDubboUrlParameters(q, dialect)]);
    }
    expect(plain).toBeGreaterThan(300);
  });

  it("cuts two encoded chars off a valueless name; its value is the name in 2.7, empty in 3.3", () => {
    expect(parseNodeParams("?canary&x b&ab&y=1", 1, "2.7")).toEqual({ cana: "cana", x: "x", "": "", y: "1" });
    expect(parseNodeParams("?canary&x b&ab&y=1", 1, "3.x")).toEqual({ cana: "", x: "", "": "", y: "1" });
    expect(parseNodeParams("?zone=b&default.zonexx", 1, "2.7")).toEqual({ zone: "b", "default.zone": "default.zone" });
  });

  it("throws where the cut falls inside an escape (\"unterminated escape sequence\")", () => {
    expect(() => parseNodeParams("?café", 1, "3.x")).toThrow(UrlSyntaxError);
    expect(() => parseNodeParams("?a=1&b:c", 1, "2.7")).toThrow(/unterminated escape/);
  });

  it("gives a segment that starts with '=' the empty name and everything after the first '='", () => {
    expect(parseNodeParams("?=x&==y", 1, "3.x")).toEqual({ "": "=y" });
    expect(parseNodeParams("?=", 1, "2.7")).toEqual({ "": "" });
  });
});

describe("CacheableFailbackRegistry (3.3): stripOffVariableKeys, then createURL", () => {
  it("strips the first timestamp= and pid= with their '&', then one trailing '&' and one trailing '?'", () => {
    expect(stripVariableKeys("d://h:1/p?a=1&timestamp=5&pid=7&b=2")).toBe("d://h:1/p?a=1&b=2");
    expect(stripVariableKeys("d://h:1/p?a=1&pid=7")).toBe("d://h:1/p?a=1");
    expect(stripVariableKeys("d://h:1/p?timestamp=5")).toBe("d://h:1/p");
    expect(stripVariableKeys("d://h:1/p?rapid=1&x=2")).toBe("d://h:1/p?rax=2");
    expect(stripVariableKeys("d://h:1/p?pid=1;a=2&b=3")).toBe("d://h:1/p?b=3");
  });

  it("reads the address of a URL with parameters as createPathURLAddress does, and one without as parseURLBody does", () => {
    const withParams = parseProviderUrl("tri://u@10.0.0.1/a/b#c?x=1", "3.x");
    expect([withParams.protocol, withParams.username, withParams.password, withParams.host, withParams.port, withParams.path, javaAddress(withParams)]).toEqual(["tri", "u", null, null, 0, "a/b#c", null]);
    const without = parseProviderUrl("tri://u@10.0.0.1/a/b#c", "3.x");
    expect([without.host, without.path, javaAddress(without)]).toEqual(["10.0.0.1", "a/b", "10.0.0.1"]);
  });

  it("adds check=false over the provider's own check, only when parameters are left", () => {
    expect(parseProviderUrl("dubbo://h:1/p?check=true&default.check=true", "3.x").param("check")).toBe("false");
    expect(parseProviderUrl("dubbo://h:1/p?pid=1", "3.x").param("check")).toBeNull();
    expect(parseProviderUrl("dubbo://h:1/p?canary", "3.x").parameters()).toEqual({ cana: "", check: "false" });
  });

  it("reads an address without '/' as a plain URLAddress: empty protocol and path, and the raw text as address", () => {
    const u = parseProviderUrl("10.0.0.1:20880?x=1", "3.x");
    expect([u.protocol, u.username, u.path, u.host, u.port, javaAddress(u)]).toEqual(["", "", "", "10.0.0.1", 20880, "10.0.0.1%3A20880"]);
  });
});

describe("URLStrParser.parseEncodedStr (2.7.23): the body as parseDecodedStr reads it", () => {
  it("keeps timestamp, pid and the host of a port-less URL, and cuts the body at '#'", () => {
    const u = parseProviderUrl("dubbo://10.0.0.1/p#c?timestamp=1&pid=2", "2.7");
    expect([u.host, u.path, u.param("timestamp"), u.param("pid")]).toEqual(["10.0.0.1", "p", "1", "2"]);
  });
});

describe("URL.valueOf: the consumer's URL from its text", () => {
  it("2.7.23: trims the text and each parameter, splits on & and ;, reads k= as empty and =x as the empty name", () => {
    const u = parseConsumerUrl("  consumer://1.1.1.1/a?x=1; y = 2 &empty=&=v&flag&default.zone=z  ", "2.7");
    expect(u.parameters()).toEqual({ x: "1", "y ": " 2", empty: "", "": "v", flag: "flag", "default.zone": "z", zone: "z" });
  });

  it("2.7.23: takes user info at the last '@' without requiring ':'", () => {
    const u = parseConsumerUrl("consumer://u@1.1.1.1:0/a", "2.7");
    expect([u.username, u.password, u.host, u.port, u.path]).toEqual(["u", null, "1.1.1.1", 0, "a"]);
  });

  it("3.3: is URLStrParser.parseDecodedStr, where k= is empty and a leading '=' is skipped", () => {
    expect(parseConsumerUrl("consumer://1.1.1.1/a?empty=&=v", "3.x").parameters()).toEqual({ empty: "", v: "" });
  });
});
