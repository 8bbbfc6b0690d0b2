import { describe, expect, it } from "vitest";
import { dubboUrlParameter, parseDubboUrl } from "@/lib/dubbo/url";
import { javaAddress, javaRawParameter, parseJavaUrl } from "@/lib/routing/url/route-url";

describe("parseJavaUrl: the URL as Java's router holds it", () => {
  it("keeps absent parts null, where lib/dubbo's model has empty strings", () => {
    const u = parseJavaUrl("consumer://1.1.1.1?a=1", "2.7");
    expect([u.protocol, u.username, u.password, u.host, u.port, u.path]).toEqual(["consumer", null, null, "1.1.1.1", 0, null]);
    expect(parseJavaUrl("consumer://1.1.1.1/", "2.7").path).toBe("");
  });

  it("strips leading slashes from the path, as the URL constructor does", () => {
    expect(parseJavaUrl("dubbo://h:1//a/b", "3.x").path).toBe("a/b");
  });

  it("cuts the body at #, as URLStrParser does", () => {
    const u = parseJavaUrl("dubbo://h:1#frag/p?x=1", "3.x");
    expect([u.host, u.port, u.path, u.param("x")]).toEqual(["h", 1, null, "1"]);
  });

  it("reads user info the way each version does", () => {
    const u = parseJavaUrl("dubbo://admin:pw@h:1/p", "2.7");
    expect([u.username, u.password, u.host]).toEqual(["admin", "pw", "h"]);
    expect(() => parseJavaUrl("dubbo://admin@h:1/p", "2.7")).toThrow(/user info/);
    expect(parseJavaUrl("dubbo://admin@h:1/p", "3.x").username).toBe("admin");
  });

  it("writes Java's address, including its 'null' host", () => {
    expect(javaAddress(parseJavaUrl("dubbo://h:20880/p", "3.x"))).toBe("h:20880");
    expect(javaAddress(parseJavaUrl("dubbo://h/p", "3.x"))).toBe("h");
    expect(javaAddress(parseJavaUrl("dubbo://:20880/p", "3.x"))).toBe("null:20880");
  });

  it("answers $name as getRawParameter: port 0 when absent, structure before parameters", () => {
    const u = parseJavaUrl("consumer://1.1.1.1/svc?host=x&zone=z", "2.7");
    expect(["port", "host", "path", "protocol", "zone", "nope"].map((k) => javaRawParameter(u, k))).toEqual(["0", "1.1.1.1", "svc", "consumer", "z", null]);
  });

  it("lower-cases side in 3.x and rejects a side Dubbo 3 cannot store", () => {
    expect(parseJavaUrl("dubbo://h:1/p?side=Provider", "3.x").param("side")).toBe("provider");
    expect(parseJavaUrl("dubbo://h:1/p?side=Provider", "2.7").param("side")).toBe("Provider");
    expect(() => parseJavaUrl("dubbo://h:1/p?side=", "3.x")).toThrow(/side/);
  });
});

describe("dubboUrlParameter: one parameter, as a full parse reads it", () => {
  /** Query strings over a small alphabet, to reach every corner of the segment rules. */
  function* queries(): Generator<string> {
    const parts = ["a", "b", "=", "&", ";", "default.", "1", "ab"];
    let seed = 7;
    const next = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let i = 0; i < 3000; i++) {
      let q = "";
      const n = 1 + Math.floor(next() * 10);
      for (let j = 0; j < n; j++) q += parts[Math.floor(next() * parts.length)];
      yield q;
    }
  }

  it("agrees with parseDubboUrl on every name, in both dialects", () => {
    let compared = 0;
    for (const q of queries()) {
      for (const dialect of ["2.7", "3.x"] as const) {
        const input = `x://h/p?${q}`;
        const all = parseDubboUrl(input, dialect).parameters;
        for (const name of new Set([...Object.keys(all), "a", "b", "ab", "default.a", "1"])) {
          expect([q, name, dubboUrlParameter(input, name, dialect)]).toEqual([q, name, Object.hasOwn(all, name) ? all[name] : undefined]);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20000);
  });

  it("finds nothing without a query, or for names a query cannot hold", () => {
    expect(dubboUrlParameter("x://h/p", "a")).toBeUndefined();
    expect(dubboUrlParameter("x://h/p?a;b=1", "a;b")).toBeUndefined();
  });
});
