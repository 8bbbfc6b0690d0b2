import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/client/fetch-json";
import { directUrlParts, invokeRequestSchema, invokeResponseSchema } from "@/lib/api/invoke";
import { invokeHref } from "@/lib/format/hrefs";
import { readInvokeLocation } from "@/lib/invoke/form/invoke-location";
import { invokeRequestOf, recentEntryOf } from "@/lib/invoke/invoke-request";
import { DEFAULT_SETTINGS, invokeSettingsSchema, settingsOf } from "@/lib/invoke/form/invoke-settings";
import { methodLabel, preselectedMethod } from "@/lib/invoke/form/method-choice";
import { readRecent, RECENT_INVOCATIONS_KEPT, type RecentInvocation, withRecent } from "@/lib/invoke/form/recent-invocations";

const TYPES = "io.dubboconsole.demo.api.TypesService";

/** The messages of a body the schema refuses, by path. */
function refused(body: unknown): Record<string, string> {
  const result = invokeRequestSchema.safeParse(body);
  if (result.success) throw new Error("expected a refusal");
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join(".") || "(body)", i.message]));
}

describe("the invoke request", () => {
  it("takes the issue's fields, each optional one left out or given", () => {
    const minimal = { service: TYPES, method: "ping", args: [] };
    expect(invokeRequestSchema.parse(minimal)).toEqual(minimal);
    const full = {
      service: TYPES,
      group: "demo",
      version: "1.0.0",
      method: "describe",
      parameterTypes: ["java.lang.String", "int"],
      args: ["x", 3],
      provider: "127.0.0.2:20880",
      timeoutMs: 300_000,
      attachments: { traceId: "abc" },
      cluster: "failfast",
      loadbalance: "roundrobin",
    };
    expect(invokeRequestSchema.parse(full)).toEqual(full);
    expect(invokeRequestSchema.parse({ ...minimal, url: "dubbo://[::1]:20880/io.x.Svc?serialization=hessian2" })).toMatchObject({ url: "dubbo://[::1]:20880/io.x.Svc?serialization=hessian2" });
  });

  it("takes a request tag, trimmed (blank is none), and refuses one too long, with control characters, or disagreeing with a dubbo.tag attachment", () => {
    const minimal = { service: TYPES, method: "ping", args: [] };
    expect(invokeRequestSchema.parse({ ...minimal, tag: "  gray|canary " })).toEqual({ ...minimal, tag: "gray|canary" });
    expect(invokeRequestSchema.parse({ ...minimal, tag: "   " })).toEqual(minimal);
    expect(invokeRequestSchema.parse({ ...minimal, tag: "gray", attachments: { "dubbo.tag": "gray" } })).toMatchObject({ tag: "gray" });
    expect(refused({ ...minimal, tag: "x".repeat(256) })).toEqual({ tag: "tag must be at most 255 characters" });
    expect(refused({ ...minimal, tag: "gr\u0000ay" })).toEqual({ tag: "tag must not hold control characters (tabs, line breaks, …)" });
    expect(refused({ ...minimal, tag: "gr\nay" })).toEqual({ tag: "tag must not hold control characters (tabs, line breaks, …)" });
    expect(refused({ ...minimal, tag: 7 })).toEqual({ tag: "tag must be a request tag such as gray (the dubbo.tag attachment), got number" });
    expect(refused({ ...minimal, tag: "gray", attachments: { "dubbo.tag": "blue" } })).toEqual({ tag: 'tag "gray" and the attachment dubbo.tag "blue" disagree; give one' });
  });

  it("says which field is wrong and why", () => {
    expect(
      refused({
        service: "not a name",
        method: "",
        parameterTypes: ["int["],
        args: [1],
        provider: "127.0.0.2",
        timeoutMs: 0,
        cluster: "roundrobin",
        attachments: { "": "x" },
      }),
    ).toEqual({
      service: 'service must be a Java interface name such as com.foo.BarService, got "not a name"',
      method: 'method must be a Java method name such as sayHello, got ""',
      "parameterTypes.0": 'each of parameterTypes must be a Java type name such as java.lang.String, int[] or java.util.List<com.foo.User>, got "int["',
      provider: 'provider must be a provider\'s host:port such as 10.0.0.1:20880, got "127.0.0.2"',
      timeoutMs: "timeoutMs must be from 1 to 300000",
      cluster: "cluster must be failover, failfast, failsafe, failback, forking, broadcast, available, got \"roundrobin\"",
      "attachments.": "attachments' keys must be 1 to 255 characters",
    });
  });

  it("takes several direct addresses in url, separated by ';' as Dubbo's url attribute", () => {
    const minimal = { service: TYPES, method: "ping", args: [] };
    const url = "dubbo://10.0.0.1:20880; dubbo://[::1]:20881/io.x.Svc?weight=50;;tri://h:1";
    expect(invokeRequestSchema.parse({ ...minimal, url })).toMatchObject({ url });
    expect(directUrlParts(url)).toEqual(["dubbo://10.0.0.1:20880", "dubbo://[::1]:20881/io.x.Svc?weight=50", "tri://h:1"]);
  });

  it("names each address of url that is not dubbo:// or tri://host:port", () => {
    const minimal = { service: TYPES, method: "ping", args: [] };
    expect(refused({ ...minimal, url: "dubbo://h:1;10.0.0.2:20880" })).toEqual({ url: 'each address of url must be dubbo://host:port or tri://host:port (a path and parameters may follow), got "10.0.0.2:20880"' });
    expect(refused({ ...minimal, url: "rest://h:1" })).toEqual({ url: 'each address of url must be dubbo://host:port or tri://host:port (a path and parameters may follow), got "rest://h:1"' });
    expect(refused({ ...minimal, url: " ; " })).toEqual({ url: "url must be a direct provider address such as dubbo://10.0.0.1:20880 or tri://10.0.0.1:50051, or several separated by ';', got \" ; \"" });
  });

  it("refuses provider and url together, and another count of args than of types", () => {
    expect(refused({ service: TYPES, method: "m", args: [1], parameterTypes: [], provider: "h:1", url: "dubbo://h:1" })).toEqual({
      url: "give provider (a registered provider) or url (a direct address), not both",
      args: "args must hold one value per parameter type: 0 types, 1 argument",
    });
  });

  it("refuses unknown fields, a port past 65535, more than 64 attachments, and a body that is not an object", () => {
    expect(refused({ service: TYPES, method: "m", args: [], arguments: [] })).toEqual({ "(body)": 'unknown field "arguments"; see docs/api.md' });
    expect(refused({ service: TYPES, method: "m", args: [], provider: "h:65536" })).toEqual({ provider: 'provider\'s port must be from 1 to 65535, got "h:65536"' });
    const attachments = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, "v"]));
    expect(refused({ service: TYPES, method: "m", args: [], attachments })).toEqual({ attachments: "attachments may hold at most 64 entries" });
    expect(refused([])).toEqual({ "(body)": "the body must be a JSON object, got a list" });
  });
});

describe("the invoke answers", () => {
  const served = { provider: "127.0.0.2:20880", tagRoute: { tag: "gray", force: false, path: "dynamic", rule: "shop" }, elapsedMs: 3.2, attempts: [{ provider: "127.0.0.3:20880", outcome: "timeout", elapsedMs: 1000, message: "no answer in 1000 ms" }, { provider: "127.0.0.2:20880", outcome: "ok", elapsedMs: 2 }] };

  it("reads a value (null for void, told apart by the return type) and an exception the method threw", () => {
    expect(invokeResponseSchema.parse({ ok: true, value: null, returnType: "void", ...served })).toEqual({ ok: true, value: null, returnType: "void", ...served });
    expect(invokeResponseSchema.parse({ ok: true, value: null, returnType: null, ...served })).toEqual({ ok: true, value: null, returnType: null, ...served });
    expect(invokeResponseSchema.safeParse({ ok: true, value: null, ...served }).success).toBe(false);
    const thrown = { ok: false, error: { code: "business_exception", class: "io.dubboconsole.demo.api.BusinessException", message: null, stackTrace: ["io.x.FaultServiceImpl.checkedFailure(FaultServiceImpl.java:20)"] }, ...served };
    expect(invokeResponseSchema.parse(thrown)).toEqual(thrown);
  });

  it("refuses an outcome it does not know and an answer without its provider", () => {
    expect(invokeResponseSchema.safeParse({ ok: true, value: 1, ...served, attempts: [{ provider: "h:1", outcome: "maybe", elapsedMs: 1 }] }).success).toBe(false);
    expect(invokeResponseSchema.safeParse({ ok: true, value: 1, elapsedMs: 1, attempts: [] }).success).toBe(false);
  });
});

describe("the invoke settings", () => {
  it("sends nothing of its own by default: the provider's cluster, load balance and timeout", () => {
    expect(invokeSettingsSchema.parse(DEFAULT_SETTINGS)).toEqual({});
  });

  it("reads a pinned provider, a timeout, a request tag and attachments, trimming keys and the tag and skipping blank rows", () => {
    const settings = { target: { type: "provider" as const, cluster: "failfast" as const, loadbalance: "" as const, address: "127.0.0.2:20880" }, timeout: " 1500 ", tag: " gray ", attachments: [{ key: " traceId ", value: "a b" }, { key: "", value: "" }] };
    const fields = invokeSettingsSchema.parse(settings);
    expect(fields).toEqual({ provider: "127.0.0.2:20880", timeoutMs: 1500, tag: "gray", attachments: { traceId: "a b" } });
    expect(invokeSettingsSchema.parse({ ...settings, tag: "   " })).not.toHaveProperty("tag");
    expect(settingsOf({ service: TYPES, method: "m", args: [], ...fields })).toEqual({
      target: { type: "provider", cluster: "", loadbalance: "", address: "127.0.0.2:20880" },
      timeout: "1500",
      tag: "gray",
      attachments: [{ key: "traceId", value: "a b" }],
    });
  });

  it("names the field at fault: no provider chosen, a bad timeout, a tag with a tab, a keyless or repeated attachment", () => {
    const result = invokeSettingsSchema.safeParse({
      target: { type: "provider", cluster: "", loadbalance: "", address: "" },
      timeout: "0",
      tag: "gr\tay",
      attachments: [{ key: "", value: "x" }, { key: "a", value: "1" }, { key: "a ", value: "2" }],
    });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["target.address", "Choose the provider to call"],
      ["timeout", "A whole number of milliseconds from 1 to 300000, or blank for the provider's timeout"],
      ["tag", "At most 255 characters, no tabs or line breaks; blank for none"],
      ["attachments.0.key", "Give the attachment a key"],
      ["attachments.2.key", 'The key "a" is there twice'],
    ]);
  });

  it("builds the request the page sends, with the cluster's choices", () => {
    const fields = invokeSettingsSchema.parse({ ...DEFAULT_SETTINGS, target: { type: "cluster", cluster: "failover", loadbalance: "leastactive", address: "" } });
    const request = invokeRequestOf({ interface: TYPES, group: "demo", version: "" }, "echoInt", ["int"], [7], fields);
    expect(request).toEqual({ service: TYPES, group: "demo", method: "echoInt", parameterTypes: ["int"], args: [7], cluster: "failover", loadbalance: "leastactive" });
    expect(invokeRequestSchema.parse(request)).toEqual(request);
  });
});

describe("recent invocations", () => {
  const request = (n: number) => ({ service: TYPES, method: "echoInt", parameterTypes: ["int"], args: [n] });
  const entry = (n: number, at = n): RecentInvocation => ({ at, request: request(n), outcome: "value", summary: String(n) });

  it("keeps the newest first, one entry per request, at most 20", () => {
    let list: RecentInvocation[] = [];
    for (let n = 0; n < 25; n++) list = withRecent(list, entry(n));
    expect(list.map((e) => e.at)).toEqual(Array.from({ length: RECENT_INVOCATIONS_KEPT }, (_, i) => 24 - i));
    list = withRecent(list, entry(10, 100));
    expect(list.map((e) => e.at).slice(0, 3)).toEqual([100, 24, 23]);
    expect(list.filter((e) => e.request.args[0] === 10)).toHaveLength(1);
  });

  it("reads back what it stored, and drops what does not read", () => {
    const stored = JSON.stringify([entry(1), { at: "x" }, entry(2), { ...entry(3), request: { method: "no service" } }]);
    expect(readRecent(stored)).toEqual([entry(1), entry(2)]);
    expect(readRecent("not json")).toEqual([]);
    expect(readRecent(null)).toEqual([]);
    expect(readRecent('{"a":1}')).toEqual([]);
  });

  it("sums up each ending in one line", () => {
    const served = { provider: "h:1", tagRoute: null, elapsedMs: 1, attempts: [] };
    expect(recentEntryOf(request(1), 5, { answer: { ok: true, value: { a: "x".repeat(200) }, returnType: null, ...served } }).summary).toHaveLength(120);
    expect(recentEntryOf(request(1), 5, { answer: { ok: true, value: null, returnType: "void", ...served } }).summary).toBe("void");
    expect(recentEntryOf(request(1), 5, { answer: { ok: true, value: null, returnType: null, ...served } }).summary).toBe("no value returned");
    expect(recentEntryOf(request(1), 5, { answer: { ok: true, value: null, returnType: "io.x.User", ...served } }).summary).toBe("null");
    expect(recentEntryOf(request(1), 5, { answer: { ok: false, error: { code: "business_exception", class: "io.x.Boom", message: null, stackTrace: [] }, ...served } })).toMatchObject({ outcome: "exception", summary: "io.x.Boom: (no message)" });
    expect(recentEntryOf(request(1), 5, { error: new ApiError(503, "no_provider", "no provider of io.x.Svc") })).toMatchObject({ outcome: "error", summary: "no_provider: no provider of io.x.Svc" });
  });
});

describe("the Invoke page's address", () => {
  const service = { interface: TYPES, group: "demo", version: "1.0.0" };

  it("names the service, the method and its overload, and reads back the same", () => {
    const href = invokeHref(service, { name: "describe", parameterTypes: ["java.lang.String", "int"] });
    expect(href).toBe(`/invoke?service=${TYPES}&group=demo&version=1.0.0&method=describe&types=java.lang.String,int`);
    const params = new URL(href, "http://console").searchParams;
    expect(readInvokeLocation((n) => params.get(n))).toEqual({ service: TYPES, group: "demo", version: "1.0.0", method: "describe", types: ["java.lang.String", "int"] });
  });

  it("keeps generics whole, tells the no-argument overload from no overload, and leaves out an empty group", () => {
    const generic = invokeHref({ ...service, group: "" }, { name: "echoMap", parameterTypes: ["java.util.Map<java.lang.String,java.lang.Integer>"] });
    expect(generic).toBe(`/invoke?service=${TYPES}&version=1.0.0&method=echoMap&types=java.util.Map%3Cjava.lang.String,java.lang.Integer%3E`);
    const params = new URL(generic, "http://console").searchParams;
    expect(readInvokeLocation((n) => params.get(n)).types).toEqual(["java.util.Map<java.lang.String,java.lang.Integer>"]);
    expect(readInvokeLocation((n) => new URLSearchParams("method=now&types=").get(n)).types).toEqual([]);
    expect(readInvokeLocation((n) => new URLSearchParams("method=now").get(n)).types).toBeNull();
  });
});

describe("the method the page opens on", () => {
  const m = (name: string, parameterTypes: string[] | null) => ({ name, parameterTypes, returnType: parameterTypes && "java.lang.String" });
  const methods = [m("describe", ["int"]), m("describe", ["java.lang.String"]), m("describe", ["java.lang.String", "int"]), m("ping", [])];

  it("is the overload the address names, else the first of that name, else none", () => {
    expect(preselectedMethod(methods, "describe", ["java.lang.String", "int"])).toBe(2);
    expect(preselectedMethod(methods, "describe", null)).toBe(0);
    expect(preselectedMethod(methods, "describe", ["long"])).toBe(0);
    expect(preselectedMethod(methods, "ping", [])).toBe(3);
    expect(preselectedMethod(methods, "nope", null)).toBe(-1);
    expect(preselectedMethod(methods, "", null)).toBe(-1);
  });

  it("is labelled by its short signature, or its name alone when only that is known", () => {
    expect(methodLabel(m("echoMap", ["java.util.Map<java.lang.String,java.util.List<io.x.Address>>"]))).toBe("echoMap(Map<String, List<Address>>)");
    expect(methodLabel(m("greet", null))).toBe("greet");
  });
});
