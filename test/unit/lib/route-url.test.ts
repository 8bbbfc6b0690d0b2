import { describe, expect, it } from "vitest";
import { parseRouteNode, ROUTE_DEFAULTS, type RouteSpec, routeNodeName, routersPath, routeUrlString, rewrittenNodeName } from "@/lib/dubbo/rules/route-url";
import { javaUrlDecode, javaUrlEncode, UrlSyntaxError } from "@/lib/dubbo/url";
import { javaFullString } from "@/lib/dubbo/url-string";
import { javaTrim } from "@/lib/routing/parse/java-text";

const spec = (over: Partial<RouteSpec>): RouteSpec => ({ service: "com.foo.BarService", group: "", version: "", name: "test", rule: "", ...ROUTE_DEFAULTS, ...over });

/**
 * Node names computed by Dubbo 2.7.23 itself (dubbo-2.7.23.jar, JDK 17, 2026-11-29): for
 * each spec, `new URL("route", "0.0.0.0", 0, iface, params)` with the console's parameters
 * (`rule` = `URL.encode(rule)`), then `URL.encode(url.toFullString())`, as
 * ZookeeperRegistry#toUrlPath names the node; and `URL.valueOf(URL.decode(node))
 * .getParameterAndDecoded("rule")` gave each rule back unchanged.
 */
const JAVA_VECTORS: { spec: RouteSpec; dir: string; node: string }[] = [
  {
    // The example of docs (dubbo-protocol.md §5).
    spec: spec({ rule: "host = 10.20.153.10 => host = 10.20.153.11" }),
    dir: "com.foo.BarService",
    node: "route%3A%2F%2F0.0.0.0%2Fcom.foo.BarService%3Fcategory%3Drouters%26dynamic%3Dfalse%26enabled%3Dtrue%26force%3Dfalse%26name%3Dtest%26priority%3D0%26router%3Dcondition%26rule%3Dhost%2B%253D%2B10.20.153.10%2B%253D%253E%2Bhost%2B%253D%2B10.20.153.11%26runtime%3Dfalse",
  },
  {
    spec: spec({ service: "io.dubboconsole.demo.api.TypesService", group: "books", version: "2.1.0", name: "pin-port", rule: "=> port=20880", enabled: false, force: true, priority: -5, runtime: true }),
    dir: "io.dubboconsole.demo.api.TypesService",
    node: "route%3A%2F%2F0.0.0.0%2Fio.dubboconsole.demo.api.TypesService%3Fcategory%3Drouters%26dynamic%3Dfalse%26enabled%3Dfalse%26force%3Dtrue%26group%3Dbooks%26name%3Dpin-port%26priority%3D-5%26router%3Dcondition%26rule%3D%253D%253E%2Bport%253D20880%26runtime%3Dtrue%26version%3D2.1.0",
  },
  {
    spec: spec({ service: "io.x.Outer$Inner", version: "1.0.0", name: "canary-1.x_y", rule: "method = refund*,get$Id & application != a b => host = 10.0.0.1 & zone = $zone", priority: 2147483647 }),
    dir: "io.x.Outer%24Inner",
    node: "route%3A%2F%2F0.0.0.0%2Fio.x.Outer%24Inner%3Fcategory%3Drouters%26dynamic%3Dfalse%26enabled%3Dtrue%26force%3Dfalse%26name%3Dcanary-1.x_y%26priority%3D2147483647%26router%3Dcondition%26rule%3Dmethod%2B%253D%2Brefund*%252Cget%2524Id%2B%2526%2Bapplication%2B%2521%253D%2Ba%2Bb%2B%253D%253E%2Bhost%2B%253D%2B10.0.0.1%2B%2526%2Bzone%2B%253D%2B%2524zone%26runtime%3Dfalse%26version%3D1.0.0",
  },
  {
    spec: spec({ group: "g", name: "unicode", rule: "application = 支付 => region = 東京 & tag = 😀", force: true, priority: -2147483648 }),
    dir: "com.foo.BarService",
    node: "route%3A%2F%2F0.0.0.0%2Fcom.foo.BarService%3Fcategory%3Drouters%26dynamic%3Dfalse%26enabled%3Dtrue%26force%3Dtrue%26group%3Dg%26name%3Dunicode%26priority%3D-2147483648%26router%3Dcondition%26rule%3Dapplication%2B%253D%2B%25E6%2594%25AF%25E4%25BB%2598%2B%253D%253E%2Bregion%2B%253D%2B%25E6%259D%25B1%25E4%25BA%25AC%2B%2526%2Btag%2B%253D%2B%25F0%259F%2598%2580%26runtime%3Dfalse",
  },
  {
    spec: spec({ name: "punct", rule: "arguments[0] = a~b & x != (y) & q = it's! => attachments[k] = *;%+/?#", priority: 10 }),
    dir: "com.foo.BarService",
    node: "route%3A%2F%2F0.0.0.0%2Fcom.foo.BarService%3Fcategory%3Drouters%26dynamic%3Dfalse%26enabled%3Dtrue%26force%3Dfalse%26name%3Dpunct%26priority%3D10%26router%3Dcondition%26rule%3Darguments%255B0%255D%2B%253D%2Ba%257Eb%2B%2526%2Bx%2B%2521%253D%2B%2528y%2529%2B%2526%2Bq%2B%253D%2Bit%2527s%2521%2B%253D%253E%2Battachments%255Bk%255D%2B%253D%2B*%253B%2525%252B%252F%253F%2523%26runtime%3Dfalse",
  },
  {
    spec: spec({ name: "ws", rule: "host = a\n=>\thost = b " }),
    dir: "com.foo.BarService",
    node: "route%3A%2F%2F0.0.0.0%2Fcom.foo.BarService%3Fcategory%3Drouters%26dynamic%3Dfalse%26enabled%3Dtrue%26force%3Dfalse%26name%3Dws%26priority%3D0%26router%3Dcondition%26rule%3Dhost%2B%253D%2Ba%250A%253D%253E%2509host%2B%253D%2Bb%2B%26runtime%3Dfalse",
  },
];

describe("the console's route URL", () => {
  it.each(JAVA_VECTORS.map((v) => [v.spec.name, v] as const))("names the node %s byte for byte as Dubbo 2.7.23 does", (_, v) => {
    expect(routeNodeName(v.spec)).toBe(v.node);
    expect(routersPath("/dubbo", v.spec.service)).toBe(`/dubbo/${v.dir}/routers`);
  });

  it.each(JAVA_VECTORS.map((v) => [v.spec.name, v] as const))("reads node %s back to the same route, in the console's shape, loaded", (_, v) => {
    const read = parseRouteNode(v.node, v.spec.service);
    expect(read.spec).toEqual(v.spec);
    expect([read.writer, read.loaded, read.reason]).toEqual(["console", true, null]);
  });

  it("writes the documented URL with its parameters sorted as toFullString sorts them", () => {
    expect(routeUrlString(spec({ group: "books", version: "2.1.0", rule: "=> port=1" }))).toBe(
      "route://0.0.0.0/com.foo.BarService?category=routers&dynamic=false&enabled=true&force=false&group=books&name=test&priority=0&router=condition&rule=%3D%3E+port%3D1&runtime=false&version=2.1.0",
    );
  });

  it("remembers a config-center copy in a targets parameter, sorted among the others, and reads it back", () => {
    const withCopy = spec({ rule: "=> host = 1", version: "1.0", configCenter: true });
    expect(routeUrlString(withCopy)).toBe(
      "route://0.0.0.0/com.foo.BarService?category=routers&dynamic=false&enabled=true&force=false&name=test&priority=0&router=condition&rule=%3D%3E+host+%3D+1&runtime=false&targets=registry,config-center&version=1.0",
    );
    const read = parseRouteNode(routeNodeName(withCopy), withCopy.service);
    expect(read.spec).toEqual(withCopy);
    expect([read.writer, read.loaded]).toEqual(["console", true]);
    expect(parseRouteNode(routeNodeName(spec({ rule: "x" })), "com.foo.BarService").spec.configCenter).toBe(false);
  });

  it("adds and drops the targets parameter when a route read back is rewritten", () => {
    const read = parseRouteNode(foreign("condition://0.0.0.0/a.B?category=routers&owner=ops&rule=x"), "a.B");
    const marked = rewrittenNodeName(read.url, { ...read.spec, configCenter: true });
    expect(javaUrlDecode(marked)).toBe("condition://0.0.0.0/a.B?category=routers&enabled=true&force=false&owner=ops&priority=0&rule=x&runtime=false&targets=registry,config-center");
    const back = parseRouteNode(marked, "a.B");
    expect(javaUrlDecode(rewrittenNodeName(back.url, { ...back.spec, configCenter: false }))).not.toContain("targets");
  });

  it("roots the path at / without a double slash, as toRootDir does", () => {
    expect(routersPath("/", "a.B")).toBe("/a.B/routers");
    expect(routersPath("/dubbo-dev", "a.B")).toBe("/dubbo-dev/a.B/routers");
  });
});

describe("toFullString as Java builds it", () => {
  it("leaves out an empty host, a zero port, an empty path and empty parameter names, and trims values as String.trim", () => {
    const url = { protocol: "x", username: "", password: "", host: "", port: 0, path: "", parameters: { b: " 2\t", a: "1", "": "gone" } };
    expect(javaFullString(url)).toBe("x://?a=1&b=2");
    expect(javaFullString({ ...url, host: "h", port: 7, path: "p", username: "u", password: "pw" })).toBe("x://u:pw@h:7/p?a=1&b=2");
  });

  it("trims every character up to U+0020, and nothing above it", () => {
    expect(javaTrim("\u0000\u001f a b\n\u0020")).toBe("a b");
    expect(javaTrim("\u00a0a\u00a0")).toBe("\u00a0a\u00a0");
  });
});

/** A node as another tool wrote it, from its decoded URL. */
const foreign = (url: string) => javaUrlEncode(url);

describe("reading routes others wrote", () => {
  it("marks Dubbo Admin's 2.6 copies (compatible_config) as not loaded by 2.7 consumers, and keeps their mangled rule as written", () => {
    // RouteServiceImpl#createConditionRoute (dubbo-admin 0.3+): Route#toUrl plus compatible_config=true; a when with `host` becomes a blacklist.
    const read = parseRouteNode(
      foreign("route://0.0.0.0/com.foo.BarService?category=routers&compatible_config=true&dynamic=false&enabled=true&force=true&name=null&priority=0&router=condition&rule=host+%3D+1.2.3.4+%3D%3E+false&runtime=false&version=1.0.0"),
      "com.foo.BarService",
    );
    expect(read.writer).toBe("dubbo-admin");
    expect(read.loaded).toBe(false);
    expect(read.reason).toMatch(/^compatible_config=true marks a copy for Dubbo 2\.6 consumers/);
    expect(read.spec).toMatchObject({ name: "null", rule: "host = 1.2.3.4 => false", force: true, version: "1.0.0", group: "" });
  });

  it("reads condition:// without router= as a loaded route of another writer", () => {
    const read = parseRouteNode(foreign("condition://0.0.0.0/com.foo.BarService?category=routers&dynamic=false&enabled=true&force=true&name=docs&priority=1&rule=%3D%3E+host+%21%3D+10.0.0.1"), "com.foo.BarService");
    expect([read.writer, read.loaded]).toEqual(["other", true]);
    expect(read.spec.rule).toBe("=> host != 10.0.0.1");
  });

  it("says route:// without router=condition is skipped: Dubbo has no router named route", () => {
    const read = parseRouteNode(foreign("route://0.0.0.0/com.foo.BarService?category=routers&rule=%3D%3E+host+%3D+1"), "com.foo.BarService");
    expect(read.loaded).toBe(false);
    expect(read.reason).toMatch(/route:\/\/ without router=condition/);
    expect(read.spec).toMatchObject({ name: "", priority: 0, force: false, runtime: false, enabled: true });
  });

  it("takes a rule that is not encoded inside the URL as Dubbo decodes it", () => {
    const read = parseRouteNode(foreign("route://0.0.0.0/com.foo.BarService?category=routers&router=condition&rule=host != 10.0.0.1"), "com.foo.BarService");
    expect([read.spec.rule, read.loaded, read.writer]).toEqual(["host != 10.0.0.1", true, "other"]);
  });

  it("reads booleans and the priority as Java does: only \"true\" is true, and a priority Integer.parseInt refuses fails the router", () => {
    const read = parseRouteNode(foreign("route://0.0.0.0/a.B?category=routers&router=condition&enabled=yes&force=TRUE&runtime&priority=+7&rule=x"), "a.B");
    expect(read.spec).toMatchObject({ enabled: false, force: true, runtime: false, priority: 7 });
    expect(read.loaded).toBe(true);
    const bad = parseRouteNode(foreign("route://0.0.0.0/a.B?category=routers&router=condition&priority=2147483648&rule=x"), "a.B");
    expect([bad.loaded, bad.spec.priority]).toEqual([false, 0]);
    expect(bad.reason).toMatch(/^priority "2147483648" is not a whole number/);
  });

  it.each([
    ["no rule", "route://0.0.0.0/a.B?category=routers&router=condition", /^no rule/],
    ["a blank rule", "route://0.0.0.0/a.B?category=routers&router=condition&rule=+%09+", /^no rule/],
    ["a rule Dubbo cannot decode", "route://0.0.0.0/a.B?category=routers&router=condition&rule=%zz", /not valid percent-encoding/],
    ["another router", "route://0.0.0.0/a.B?category=routers&router=tag", /^a tag router, not a condition route/],
    ["an unknown router", "script://0.0.0.0/a.B?category=routers&rule=x", /^Dubbo 2\.7 has no router named "script"/],
    ["a configurator", "override://0.0.0.0/a.B?category=configurators&weight=1", /configurator/],
    ["no routers category", "condition://0.0.0.0/a.B?rule=x", /Dubbo would take it for a provider/],
    ["another interface", "condition://0.0.0.0/c.D?category=routers&rule=x", /names interface "c\.D" but is stored under a\.B/],
  ])("says why %s is not loaded", (_, url, reason) => {
    const read = parseRouteNode(foreign(url), "a.B");
    expect(read.loaded).toBe(false);
    expect(read.reason).toMatch(reason);
  });

  it("accepts a route naming every interface (*), as UrlUtils.isMatch does", () => {
    expect(parseRouteNode(foreign("condition://0.0.0.0/*?category=routers&rule=x"), "a.B").loaded).toBe(true);
  });

  it("refuses a name that is not a URL", () => {
    expect(() => parseRouteNode("not-a-url%zz", "a.B")).toThrow(UrlSyntaxError);
  });
});

describe("rewriting a route read from the registry", () => {
  it("gives a route in the console's shape the console's node name", () => {
    const before = spec({ rule: "=> host = 1" });
    const read = parseRouteNode(routeNodeName(before), before.service);
    const after = { ...read.spec, enabled: false, group: "g" };
    expect(rewrittenNodeName(read.url, after)).toBe(routeNodeName(after));
  });

  it("keeps what the console does not model: the protocol, compatible_config and other parameters", () => {
    const read = parseRouteNode(foreign("condition://0.0.0.0/a.B?category=routers&compatible_config=true&group=g&owner=ops&rule=%3D%3E+x%3D1"), "a.B");
    const node = rewrittenNodeName(read.url, { ...read.spec, rule: "=> x = 2", group: "", priority: 3 });
    expect(decodeURIComponent(node.replaceAll("+", " "))).toBe(
      "condition://0.0.0.0/a.B?category=routers&compatible_config=true&enabled=true&force=false&owner=ops&priority=3&rule=%3D%3E+x+%3D+2&runtime=false",
    );
    expect(parseRouteNode(node, "a.B").spec).toMatchObject({ rule: "=> x = 2", group: "", priority: 3 });
  });
});
