import { describe, expect, it } from "vitest";
import { routeNodeName } from "@/lib/dubbo/rules/route-url";
import { type DubboUrl, javaUrlEncode, parseDubboUrl } from "@/lib/dubbo/url";
import { formatDubboUrl } from "@/lib/dubbo/url-string";
import type { ChainRoute } from "@/lib/routing/evaluate/route-chain";
import type { DubboRelease } from "@/lib/dubbo/dubbo-release";
import { providerRegistries, registrySnapshot } from "@/server/cluster/directory/catalog-snapshot";
import type { ClusterOutcome } from "@/server/cluster/cluster-call";
import { ClusterInvoker } from "@/server/cluster/cluster-invoker";
import { consumerUrl } from "@/server/cluster/directory/consumer-url";
import type { Invoker } from "@/server/cluster/invoker";
import { type DirectorySnapshot, RegistryDirectory, routeInvocation } from "@/server/cluster/directory/registry-directory";
import { registryRoutes } from "@/server/cluster/directory/registry-routes";
import { FakeInvoker, invocation, testEnv, VALUE } from "../fakes";

const IFACE = "com.foo.DemoService";
const SERVICE = { interface: IFACE, group: "", version: "" };
const P1 = `dubbo://10.0.0.1:20880/${IFACE}?application=shop&interface=${IFACE}&methods=sayHello,bye&timeout=1000&sayHello.timeout=3000&threads=200&timestamp=1700000000000`;
const P2 = `dubbo://10.0.0.2:20880/${IFACE}?application=shop&interface=${IFACE}&methods=sayHello,bye`;
const P3 = `dubbo://10.0.0.3:20881/${IFACE}?application=shop&interface=${IFACE}&methods=sayHello,bye&zone=b`;

const entry = (text: string) => ({ text, url: parseDubboUrl(text) });

/** A directory over a changeable snapshot, recording the invokers it makes and destroys. */
function directoryOf(providers: string[], extra: Partial<{ configurators: string[]; routes: ChainRoute[]; consumer: Record<string, string>; dialect: DubboRelease }> = {}) {
  let snapshot: DirectorySnapshot = {
    providers: providers.map(entry),
    configurators: (extra.configurators ?? []).map((c) => parseDubboUrl(c)),
    routes: extra.routes ?? [],
  };
  const made: DubboUrl[] = [];
  const destroyed: Invoker[] = [];
  const directory = new RegistryDirectory({
    consumer: { host: "10.9.9.9", service: SERVICE, parameters: extra.consumer ?? {} },
    dialect: extra.dialect ?? "3.x",
    snapshot: () => snapshot,
    createInvoker: (url) => {
      made.push(url);
      return Object.assign(new FakeInvoker(`${url.host}:${url.port}`, "", VALUE(url.host)), { url });
    },
    destroyInvoker: (invoker) => destroyed.push(invoker),
  });
  const update = (next: Partial<DirectorySnapshot>) => {
    snapshot = { ...snapshot, ...next };
  };
  return { directory, made, destroyed, update };
}

const addresses = (invokers: readonly Invoker[]) => invokers.map((i) => i.address);
const CALL = invocation();

describe("registry directory", () => {
  it("merges each provider URL with the consumer's settings, as ClusterUtils.mergeUrl", () => {
    const { directory } = directoryOf([P1], { consumer: { timeout: "5000", methods: "x", application: "ops" } });
    const url = directory.list(CALL)[0]!.url;
    expect(url.parameters).toMatchObject({ timeout: "5000", "sayHello.timeout": "3000", methods: "sayHello,bye", timestamp: "1700000000000", application: "ops", "remote.application": "shop", check: "false", side: "consumer" });
    expect(url.parameters.threads).toBeUndefined();
  });

  it("keeps providers of the protocols a consumer of its release refers (3.x: dubbo and tri; 2.7: dubbo), unless the consumer names its own", () => {
    const tri = `tri://10.0.0.4:50051/${IFACE}?interface=${IFACE}`;
    const rest = `rest://10.0.0.5:8080/${IFACE}?interface=${IFACE}`;
    expect(addresses(directoryOf([P1, tri, rest]).directory.list(CALL))).toEqual(["10.0.0.1:20880", "10.0.0.4:50051"]);
    expect(addresses(directoryOf([P1, tri, rest], { dialect: "2.7" }).directory.list(CALL))).toEqual(["10.0.0.1:20880"]);
    expect(addresses(directoryOf([P1, tri], { consumer: { protocol: "tri" } }).directory.list(CALL))).toEqual(["10.0.0.4:50051"]);
  });

  it("leaves out disabled providers: disabled=true, or enabled=false without disabled", () => {
    const list = (params: string) => directoryOf([`${P2}&${params}`, P3]).directory.list(CALL).length;
    expect([list("disabled=true"), list("enabled=false"), list("disabled=false&enabled=false"), list("disabled=TRUE")]).toEqual([1, 1, 2, 1]);
  });

  it("applies override rules: one provider disabled by host and port, all re-weighted through 0.0.0.0", () => {
    const { directory } = directoryOf([P1, P2, P3], {
      configurators: [`override://10.0.0.2:20880/${IFACE}?category=configurators&dynamic=false&disabled=true`, `override://0.0.0.0/${IFACE}?category=configurators&weight=50`],
    });
    const invokers = directory.list(CALL);
    expect(addresses(invokers)).toEqual(["10.0.0.1:20880", "10.0.0.3:20881"]);
    expect(invokers.map((i) => i.url.parameters.weight)).toEqual(["50", "50"]);
    expect(invokers[0]!.url.parameters.category).toBeUndefined();
  });

  it("narrows override rules to the consumer's application and the provider's ~parameters, and lets empty:// clear them", () => {
    const rule = (q: string) => `override://0.0.0.0/${IFACE}?category=configurators&disabled=true&${q}`;
    expect(directoryOf([P1, P2], { configurators: [rule("application=other")] }).directory.list(CALL)).toHaveLength(2);
    expect(directoryOf([P1, P2], { configurators: [rule("application=dubbo-console")] }).directory.list(CALL)).toHaveLength(0);
    expect(addresses(directoryOf([P1, P3], { configurators: [rule("~zone=b")], dialect: "2.7" }).directory.list(CALL))).toEqual(["10.0.0.1:20880"]);
    expect(directoryOf([P1, P2], { configurators: [rule(""), `empty://0.0.0.0/${IFACE}?category=configurators`] }).directory.list(CALL)).toHaveLength(2);
    const absent = directoryOf([`${P2}&weight=10`], { configurators: [`absent://0.0.0.0/${IFACE}?weight=70&warmup=1000`], dialect: "2.7" }).directory.list(CALL)[0]!;
    expect([absent.url.parameters.weight, absent.url.parameters.warmup]).toEqual(["10", "1000"]);
  });

  // 3.3.6 RegistryDirectory.overrideWithConfigurators configures a DubboServiceAddressURL's
  // separate override URL (only application, side, group, version), whose values win in
  // DubboServiceAddressURL.getParameter; checked against the jar in config-differential.test.ts.
  it("applies 3.3.6 override rules to a separate override URL: a ~key condition never matches, absent fills over the provider's value", () => {
    const rule = (q: string) => `override://0.0.0.0/${IFACE}?category=configurators&disabled=true&${q}`;
    expect(addresses(directoryOf([P1, P3], { configurators: [rule("~zone=b")] }).directory.list(CALL))).toEqual(["10.0.0.1:20880", "10.0.0.3:20881"]);
    const absent = directoryOf([`${P2}&weight=10`], { configurators: [`absent://0.0.0.0/${IFACE}?weight=70&warmup=1000`] }).directory.list(CALL)[0]!;
    expect([absent.url.parameters.weight, absent.url.parameters.warmup]).toEqual(["70", "1000"]);
  });

  it("runs the routes for every call with its method and arguments", () => {
    const routes: ChainRoute[] = [
      { name: "vip", rule: "arguments[0] = vip => host = 10.0.0.3" },
      { name: "bye", rule: "method = bye => port = 20880", priority: 1 },
    ];
    const { directory } = directoryOf([P1, P2, P3], { routes });
    expect(addresses(directory.list(invocation("sayHello", ["vip"])))).toEqual(["10.0.0.3:20881"]);
    expect(addresses(directory.list(invocation("sayHello", ["anyone"])))).toEqual(["10.0.0.1:20880", "10.0.0.2:20880", "10.0.0.3:20881"]);
    expect(addresses(directory.list(invocation("bye", ["anyone"])))).toEqual(["10.0.0.1:20880", "10.0.0.2:20880"]);
  });

  it("says why it lists none", () => {
    expect(directoryOf([]).directory.whyEmpty()).toBe("no provider is registered");
    const filtered = directoryOf([`${P1}&disabled=true`, `rest://10.0.0.4:8080/${IFACE}`]).directory;
    expect(filtered.list(CALL)).toEqual([]);
    expect(filtered.whyEmpty()).toBe("2 providers are registered: 1 of another protocol than dubbo and tri, 1 disabled");
    const routed = directoryOf([P1, P2], { routes: [{ rule: "=> host = 10.0.0.7", force: true }] }).directory;
    expect(routed.list(CALL)).toEqual([]);
    expect(routed.whyEmpty()).toBe("the routes left none of the 2 providers");
  });

  it("keeps an invoker while its URL is unchanged, and destroys those whose provider left or changed", () => {
    const { directory, made, destroyed, update } = directoryOf([P1, P2]);
    const first = directory.list(CALL);
    update({ providers: [entry(P1), entry(P2)] });
    const again = directory.list(CALL);
    expect(again[0]).toBe(first[0]);
    expect(made).toHaveLength(2);
    update({ providers: [entry(P1), entry(`${P2}&weight=7`)] });
    const changed = directory.list(CALL);
    expect(changed[0]).toBe(first[0]);
    expect(changed[1]).not.toBe(first[1]);
    expect(destroyed).toEqual([first[1]]);
  });

  it("gives a cluster its providers, and the cluster answers from them", async () => {
    const { directory } = directoryOf([P1, P2], { consumer: { loadbalance: "roundrobin" } });
    const cluster = new ClusterInvoker(directory, testEnv());
    const served: ClusterOutcome[] = [];
    for (let i = 0; i < 4; i++) served.push((await cluster.invoke(CALL)).outcome);
    expect(served.map((o) => o.type === "value" && o.provider)).toEqual(["10.0.0.1:20880", "10.0.0.2:20880", "10.0.0.1:20880", "10.0.0.2:20880"]);
  });
});

describe("the consumer and the routes", () => {
  it("builds the console's consumer URL, settings over defaults but never over interface and side", () => {
    const c = consumerUrl({ host: "10.9.9.9", service: { interface: IFACE, group: "g", version: "1.0" }, parameters: { timeout: "300", side: "provider" } });
    expect(c.text).toBe(`consumer://10.9.9.9/${IFACE}?application=dubbo-console&dubbo=2.0.2&group=g&interface=${IFACE}&side=consumer&timeout=300&version=1.0`);
  });

  it("reads a call's arguments for routes as String.valueOf, null for null", () => {
    const r = routeInvocation(invocation("find", [7, null, 2.5, ["a", 1]], ["long", "java.lang.String", "double", "java.util.List"], { tag: "x" }));
    expect(r).toEqual({ method: "find", arguments: ["7", null, "2.5", "[a, 1]"], attachments: { tag: "x" } });
  });

  it("takes the registry's loaded routes of the consumer's group and version", () => {
    const spec = { service: IFACE, group: "", version: "", name: "r1", rule: "=> host = 10.0.0.1", priority: 3, force: true, runtime: false, enabled: true };
    const nodes = [
      { registry: "zk1", category: "routers" as const, node: routeNodeName(spec) },
      { registry: "zk1", category: "routers" as const, node: routeNodeName({ ...spec, name: "grouped", group: "g" }) },
      { registry: "zk2", category: "routers" as const, node: routeNodeName({ ...spec, name: "elsewhere" }) },
      { registry: "zk1", category: "configurators" as const, node: javaUrlEncode(`override://0.0.0.0/${IFACE}?disabled=true`) },
      { registry: "zk1", category: "routers" as const, node: "not-a-url" },
    ];
    expect(registryRoutes(nodes, "zk1", SERVICE)).toEqual([{ rule: "=> host = 10.0.0.1", force: true, enabled: true, priority: 3, name: "r1" }]);
    expect(registryRoutes(nodes, "zk1", { ...SERVICE, group: "g" }).map((r) => r.name)).toEqual(["grouped"]);
  });

  it("formats merged URLs stably (the key invokers are kept by), without the consumer's own dubbo version", () => {
    const { directory } = directoryOf([P2]);
    expect(formatDubboUrl(directory.list(CALL)[0]!.url)).toBe(
      `dubbo://10.0.0.2:20880/${IFACE}?application=dubbo-console&check=false&interface=${IFACE}&methods=sayHello,bye&remote.application=shop&side=consumer`,
    );
  });
});

describe("the catalog's view as a directory snapshot", () => {
  const route = { service: IFACE, group: "", version: "", name: "r", rule: "=> host = 10.0.0.2", priority: 0, force: false, runtime: false, enabled: true };
  const service = {
    id: SERVICE,
    providers: [
      { registry: "zk1", url: parseDubboUrl(P1), node: javaUrlEncode(P1) },
      { registry: "zk2", url: parseDubboUrl(P2), node: javaUrlEncode(P2) },
      { registry: "zk1", url: parseDubboUrl(P3), node: null },
    ],
    routes: [
      { registry: "zk1", category: "routers" as const, node: routeNodeName(route) },
      { registry: "zk1", category: "configurators" as const, node: javaUrlEncode(`override://10.0.0.3:20881/${IFACE}?disabled=true`) },
      { registry: "zk1", category: "configurators" as const, node: "garbage" },
    ],
  };

  it("takes one registry's providers, override rules and routes, the same object for the same entry", () => {
    const snapshot = registrySnapshot(service, "zk1");
    expect(snapshot.providers.map((p) => p.text)).toEqual([P1, formatDubboUrl(parseDubboUrl(P3))]);
    expect(snapshot.configurators.map((c) => `${c.protocol}://${c.host}:${c.port}`)).toEqual(["override://10.0.0.3:20881"]);
    expect(snapshot.routes.map((r) => r.name)).toEqual(["r"]);
    expect(registrySnapshot(service, "zk1")).toBe(snapshot);
    expect(registrySnapshot(service, "zk2").providers.map((p) => p.text)).toEqual([P2]);
    expect(providerRegistries(service)).toEqual(["zk1", "zk2"]);
  });
});
