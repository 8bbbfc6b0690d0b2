import { describe, expect, it } from "vitest";
import { javaUrlDecode, javaUrlEncode, parseDubboUrl, parseEncodedDubboUrl, UrlSyntaxError, urlAddress } from "@/lib/dubbo/url";

describe("parseDubboUrl (mirrors URLStrParser.parseDecodedStr)", () => {
  it("splits a provider URL into protocol, host, port, path and raw parameters", () => {
    const url = parseDubboUrl(
      "dubbo://127.0.0.2:20880/io.demo.GreetingService?application=demo&methods=greet,whoAmI&rule=host+%3D+1",
    );
    expect(url).toEqual({
      protocol: "dubbo",
      username: "",
      password: "",
      host: "127.0.0.2",
      port: 20880,
      path: "io.demo.GreetingService",
      parameters: { application: "demo", methods: "greet,whoAmI", rule: "host+%3D+1" },
    });
    expect(urlAddress(url)).toBe("127.0.0.2:20880");
  });

  it("reads user and password before the last @", () => {
    const url = parseDubboUrl("zookeeper://admin:s3cr:et@10.0.0.1:2181/x");
    expect([url.username, url.password, url.host, url.port]).toEqual(["admin", "s3cr:et", "10.0.0.1", 2181]);
  });

  it("reads a parameter without a value (`k`, `k=`) as empty in 3.x and as its own name in 2.7", () => {
    expect(parseDubboUrl("a://h/p?flag&empty=&x=1").parameters).toEqual({ flag: "", empty: "", x: "1" });
    expect(parseDubboUrl("a://h/p?flag&empty=&x=1", "2.7").parameters).toEqual({ flag: "flag", empty: "empty", x: "1" });
  });

  it("lets `default.x` supply `x` only when `x` is absent, and later duplicates win", () => {
    expect(parseDubboUrl("a://h/p?default.timeout=5&retries=1&default.retries=9&k=1&k=2").parameters).toEqual({
      "default.timeout": "5",
      timeout: "5",
      retries: "1",
      "default.retries": "9",
      k: "2",
    });
  });

  it("splits parameters on ';' as well as '&', and skips a leading '='", () => {
    expect(parseDubboUrl("a://h/p?a=1;b=2&=c").parameters).toEqual({ a: "1", b: "2", c: "" });
  });

  it("keeps only the first '=' of a segment as the split, and mixes ';' and '&' in any order", () => {
    expect(parseDubboUrl("a://h/p?x=a=b;y==&z;&;==w=1&v").parameters).toEqual({ x: "a=b", y: "=", z: "", w: "1", v: "" });
    expect(Object.keys(parseDubboUrl("a://h/p?b=1;a=2&c=3;b=4").parameters)).toEqual(["b", "a", "c"]);
  });

  it("keeps names that a plain object inherits as parameters of their own, in a plain object", () => {
    const { parameters } = parseDubboUrl("a://h/p?__proto__=x&toString=y&default.constructor=z&default.valueOf=v&valueOf=w");
    expect(Object.getPrototypeOf(parameters)).toBe(Object.prototype);
    expect(Object.entries(parameters)).toEqual([
      ["__proto__", "x"],
      ["toString", "y"],
      ["default.constructor", "z"],
      ["constructor", "z"],
      ["default.valueOf", "v"],
      ["valueOf", "w"],
    ]);
    expect("hasOwnProperty" in parameters && !Object.hasOwn(parameters, "hasOwnProperty")).toBe(true);
  });

  it("parses the same with or without a URL to share strings with", () => {
    const like = parseDubboUrl("dubbo://10.0.0.1:20880/a.B?application=app&methods=x,y&timestamp=1");
    for (const input of ["dubbo://10.0.0.2:20880/a.B?application=app&methods=x,y&timestamp=2", "dubbo://10.0.0.1:20880/a.C?toString=app&k", "x://h"]) {
      for (const dialect of ["2.7", "3.x"] as const) expect(parseDubboUrl(input, dialect, like)).toEqual(parseDubboUrl(input, dialect));
    }
  });

  it("handles Java's odd shapes: bare host:port, file:/path, relative path", () => {
    expect(parseDubboUrl("192.168.1.3:20880")).toMatchObject({ protocol: "", host: "192.168.1.3", port: 20880, path: "" });
    expect(parseDubboUrl("file:/D:/1/router.js?type=script")).toMatchObject({ protocol: "file", host: "", path: "D:/1/router.js" });
    expect(parseDubboUrl("home/user1/router.js")).toMatchObject({ protocol: "", host: "home", path: "user1/router.js" });
    expect(parseDubboUrl("/home/user1/router.js")).toMatchObject({ host: "", path: "home/user1/router.js" });
    expect(parseDubboUrl("route://0.0.0.0/com.foo.Bar")).toMatchObject({ host: "0.0.0.0", port: 0 });
  });

  it("rejects a missing protocol and a non-numeric port with a typed error", () => {
    expect(() => parseDubboUrl("://h:1/p")).toThrow(UrlSyntaxError);
    expect(() => parseDubboUrl("dubbo://h:port/p")).toThrow(/port "port" is not a number/);
    expect(() => parseDubboUrl("dubbo://h:/p")).toThrow(UrlSyntaxError);
  });
});

describe("ZooKeeper node names", () => {
  it("decodes URLEncoder output, where '+' is a space and %2B a plus", () => {
    expect(javaUrlDecode("a+b%2Bc%3D")).toBe("a b+c=");
    expect(javaUrlEncode("a b+c=*")).toBe("a+b%2Bc%3D*");
  });

  it("round-trips a routers node with its double-encoded rule (reference §5)", () => {
    const node =
      "route%3A%2F%2F0.0.0.0%2Fcom.foo.BarService%3Fcategory%3Drouters%26dynamic%3Dfalse%26enabled%3Dtrue%26force%3Dfalse%26name%3Dtest%26priority%3D0%26router%3Dcondition%26rule%3Dhost%2B%253D%2B10.20.153.10%2B%253D%253E%2Bhost%2B%253D%2B10.20.153.11%26runtime%3Dfalse";
    const url = parseEncodedDubboUrl(node);
    expect(url.protocol).toBe("route");
    expect(url.path).toBe("com.foo.BarService");
    expect(url.parameters.rule).toBe("host+%3D+10.20.153.10+%3D%3E+host+%3D+10.20.153.11");
    expect(javaUrlDecode(url.parameters.rule!)).toBe("host = 10.20.153.10 => host = 10.20.153.11");
  });

  it("rejects a child name without an encoded :// as Dubbo's registry skips it", () => {
    expect(() => parseEncodedDubboUrl("dubbo://h:1/a.B")).toThrow(/no encoded ":\/\/"/);
    expect(() => parseEncodedDubboUrl("leftover-lock-node")).toThrow(UrlSyntaxError);
  });

  it("rejects malformed percent-encoding", () => {
    expect(() => parseEncodedDubboUrl("dubbo%3A%2F%2Fh%ZZ")).toThrow(/malformed percent-encoding/);
  });
});
