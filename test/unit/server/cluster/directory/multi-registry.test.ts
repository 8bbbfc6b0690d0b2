import { describe, expect, it } from "vitest";
import { UrlSyntaxError } from "@/lib/dubbo/url";
import { ClusterInvoker } from "@/server/cluster/cluster-invoker";
import { consumerUrl } from "@/server/cluster/directory/consumer-url";
import { directDirectory, parseDirectUrls } from "@/server/cluster/direct-connection";
import { StaticDirectory } from "@/server/cluster/directory/directory";
import { MultiRegistryCluster, type MultiRegistryMode, type RegistryCluster } from "@/server/cluster/directory/multi-registry";
import { DOWN, FakeInvoker, invocation, testEnv, VALUE } from "../fakes";

const SERVICE = { interface: "com.foo.DemoService", group: "", version: "" };
const CONSUMER = consumerUrl({ host: "10.9.9.9", service: SERVICE }).url;

/** One registry's cluster over one provider that answers the registry's name. */
function registry(env: ReturnType<typeof testEnv>, name: string, extra: Partial<RegistryCluster> = {}, available = true) {
  const invoker = new FakeInvoker(`${name}.host:20880`, "", VALUE(name));
  invoker.available = available;
  return { registry: name, cluster: new ClusterInvoker(new StaticDirectory("com.foo.DemoService", CONSUMER, [invoker]), env), ...extra };
}

async function servedBy(multi: MultiRegistryCluster, attachments: Record<string, string> = {}) {
  const r = await multi.invoke(invocation("sayHello", ["x"], ["java.lang.String"], attachments));
  return r.outcome.type === "value" ? [r.registry, r.outcome.value] : [r.registry, r.outcome.type === "error" ? r.outcome.error.code : r.outcome.type];
}

describe("several registries", () => {
  const build = (regs: (env: ReturnType<typeof testEnv>) => RegistryCluster[], mode?: MultiRegistryMode, seed = 1) => {
    const env = testEnv({ seed });
    return new MultiRegistryCluster(regs(env), env, mode);
  };

  it("uses the preferred registry while it has an available provider", async () => {
    const multi = build((env) => [registry(env, "zk1"), registry(env, "zk2", { preferred: true })]);
    expect(await servedBy(multi)).toEqual(["zk2", "zk2"]);
    const down = build((env) => [registry(env, "zk1"), registry(env, "zk2", { preferred: true }, false)]);
    expect(await servedBy(down)).toEqual(["zk1", "zk1"]);
  });

  it("follows the call's registry_zone, and fails when the zone is forced and has nothing available", async () => {
    const multi = build((env) => [registry(env, "zk1", { zone: "east" }), registry(env, "zk2", { zone: "west" }), registry(env, "zk3", { zone: "north" }, false)]);
    expect(await servedBy(multi, { registry_zone: "west" })).toEqual(["zk2", "zk2"]);
    expect(await servedBy(multi, { registry_zone: "north", registry_zone_force: "true" })).toEqual([null, "no_provider"]);
    expect(["zk1", "zk2"]).toContain((await servedBy(multi, { registry_zone: "north" }))[0]);
  });

  it("draws a registry by weight otherwise, and falls back to the first available", async () => {
    const env = testEnv({ seed: 9 });
    const multi = new MultiRegistryCluster([registry(env, "zk1", { weight: 10 }), registry(env, "zk2", { weight: 90 })], env);
    let zk2 = 0;
    for (let i = 0; i < 2000; i++) if ((await servedBy(multi))[0] === "zk2") zk2++;
    expect(zk2).toBeGreaterThan(1700);
    expect(zk2).toBeLessThan(1900);
    const fallback = build((env2) => [registry(env2, "zk1", {}, false), registry(env2, "zk2", { weight: 0 }, false), registry(env2, "zk3")]);
    expect(await servedBy(fallback)).toEqual(["zk3", "zk3"]);
  });

  it("in available mode takes the first registry with an available provider, in order", async () => {
    const multi = build((env) => [registry(env, "zk1", {}, false), registry(env, "zk2"), registry(env, "zk3")], "available");
    expect(await servedBy(multi)).toEqual(["zk2", "zk2"]);
    const none = build((env) => [registry(env, "zk1", {}, false)], "available");
    expect(await servedBy(none)).toEqual([null, "no_provider"]);
  });
});

describe("direct connection", () => {
  it("reads one or several dubbo and tri URLs, a bare host:port as dubbo", () => {
    const urls = parseDirectUrls("10.0.0.1:20880; dubbo://10.0.0.2:20881/com.foo.DemoService?timeout=700");
    expect(urls.map((u) => [u.protocol, u.host, u.port, u.path, u.parameters.timeout])).toEqual([
      ["dubbo", "10.0.0.1", 20880, "", undefined],
      ["dubbo", "10.0.0.2", 20881, "com.foo.DemoService", "700"],
    ]);
    expect(parseDirectUrls("tri://10.0.0.1:50051").map((u) => [u.protocol, u.port])).toEqual([["tri", 50051]]);
    expect(() => parseDirectUrls("rest://10.0.0.1:8080")).toThrow(/dubbo:\/\/ and tri:\/\/ providers only/);
    expect(() => parseDirectUrls("dubbo://10.0.0.1")).toThrow(/host:port/);
    expect(() => parseDirectUrls(" ; ")).toThrow(UrlSyntaxError);
  });

  it("calls the given providers with the consumer's settings, no registry, failover by default", async () => {
    const made: FakeInvoker[] = [];
    const directory = directDirectory(parseDirectUrls("10.0.0.1:20880;10.0.0.2:20880"), { host: "10.9.9.9", service: SERVICE, parameters: { timeout: "900", loadbalance: "roundrobin" } }, (url) => {
      const invoker = Object.assign(new FakeInvoker(`${url.host}:${url.port}`, "", made.length === 0 ? DOWN : VALUE("direct")), { url });
      made.push(invoker);
      return invoker;
    });
    expect(made.map((i) => [i.url.path, i.url.parameters.timeout])).toEqual([
      ["com.foo.DemoService", "900"],
      ["com.foo.DemoService", "900"],
    ]);
    const r = await new ClusterInvoker(directory, testEnv()).invoke(invocation());
    expect(r.outcome).toMatchObject({ value: "direct", provider: "10.0.0.2:20880" });
    expect(r.attempts.map((a) => [a.provider, a.outcome, made.find((m) => m.address === a.provider)!.calls[0]!.options.timeoutMs])).toEqual([
      ["10.0.0.1:20880", "internal", 900],
      ["10.0.0.2:20880", "ok", 900],
    ]);
  });
});
