import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DELETE, GET, PUT } from "@/app/api/v1/config-routes/route";
import { type ConfigRoute, configRouteDeleteResponseSchema, configRoutePutResponseSchema, configRoutesResponseSchema } from "@/lib/api/routing/config-routes";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { type ConsumerHandle, DEMO, startConsumer } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Config-center copies of routes, obeyed by real consumers: rules published through
 * /api/v1/config-routes to the rig's ZooKeeper, and a Dubbo 3.3.6 and a 2.7.23 consumer of
 * GreetingService (started here, so their calls can be observed) that call whoAmI() every
 * 200 ms against the rig's providers on 127.0.0.2 (2.7.23) and 127.0.0.3 (3.3.6).
 */

const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const SERVICE_KEY = `${GREETING}::`;
const NODE = `/dubbo/config/dubbo/${SERVICE_KEY}.condition-router`;
const APP_33 = "cc-route-consumer-33";
const APP_27 = "cc-route-consumer-27";
/** Consecutive calls that must all go where a rule sends them. */
const CONSECUTIVE = 8;

let engine: Engine;
let zk: TestZk;
let c33: ConsumerHandle;
let c27: ConsumerHandle;

const host = (address: string) => address.slice(0, address.lastIndexOf(":"));

/** Waits until the last CONSECUTIVE calls of `consumer` made after now all went to `hosts`. */
async function servedOnlyBy(consumer: ConsumerHandle, hosts: readonly string[]): Promise<string[]> {
  const mark = consumer.servedBy().length;
  return waitFor(`${consumer.app} to be served only by ${hosts.join(", ")} for ${CONSECUTIVE} calls`, () => {
    const tail = consumer.servedBy().slice(mark).slice(-CONSECUTIVE);
    return tail.length === CONSECUTIVE && tail.every((a) => hosts.includes(host(a))) ? tail.map(host) : undefined;
  }, 60_000);
}

/** Waits until calls of `consumer` made after now have reached both providers. */
async function servedByBoth(consumer: ConsumerHandle): Promise<string[]> {
  const mark = consumer.servedBy().length;
  return waitFor(`${consumer.app} to be served by both providers again`, () => {
    const hosts = new Set(consumer.servedBy().slice(mark).map(host));
    return hosts.has("127.0.0.2") && hosts.has("127.0.0.3") ? [...hosts].sort() : undefined;
  }, 60_000);
}

async function put(body: Record<string, unknown>): Promise<Response> {
  return PUT(new Request("http://console/api/v1/config-routes", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
}

async function list(query = ""): Promise<ConfigRoute[]> {
  const res = await GET(new Request(`http://console/api/v1/config-routes${query}`));
  expect(res.status).toBe(200);
  return configRoutesResponseSchema.parse(await res.json()).routes;
}

async function remove(key: string, revision: number): Promise<Response> {
  return DELETE(new Request(`http://console/api/v1/config-routes?key=${encodeURIComponent(key)}&revision=${revision}`, { method: "DELETE" }));
}

const rule = { scope: "service", key: SERVICE_KEY, conditions: ["=> host = 127.0.0.2"] };

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error" }));
  zk = await connectTestZk(rig.zkConnectString);
  await zk.removeTree(NODE);
  [c33, c27] = await Promise.all([
    startConsumer({ line: "3.3", registry: rig.zkAddress, app: APP_33, intervalMs: 200 }),
    startConsumer({ line: "2.7", registry: rig.zkAddress, app: APP_27, intervalMs: 200 }),
  ]);
  await waitFor("the config center read and both new consumers in the catalog", () => {
    if (engine.registries.some((r) => !r.usable)) return undefined;
    const apps = [...engine.catalog.entries()].flatMap((e) => e.consumers.map((c) => c.application));
    return apps.includes(APP_33) && apps.includes(APP_27) && engine.configRoutes.list({}) !== undefined;
  });
});

afterAll(async () => {
  await zk?.removeTree(NODE);
  await Promise.all([c33?.stop(), c27?.stop()]);
  // Later files count GreetingService's consumers: wait for these to unregister.
  await waitFor("the test's consumers to leave the registry", () =>
    [...engine.catalog.entries()].every((e) => e.consumers.every((c) => c.application !== APP_33 && c.application !== APP_27)),
  );
  findEngine()?.close();
  zk?.close();
});

describe("a route published to the config center, obeyed by real Dubbo consumers", () => {
  let revision = -1;

  it("starts with both providers serving both consumers", async () => {
    expect(await servedByBoth(c33)).toEqual(["127.0.0.2", "127.0.0.3"]);
    expect(await servedByBoth(c27)).toEqual(["127.0.0.2", "127.0.0.3"]);
  });

  it("creates the service rule as YAML at the key Dubbo reads (201), and both the 3.3.6 and the 2.7.23 consumer obey it", async () => {
    const res = await put(rule);
    expect(res.status).toBe(201);
    const { route, created } = configRoutePutResponseSchema.parse(await res.json());
    expect(created).toBe(true);
    expect(route).toMatchObject({ node: NODE, key: SERVICE_KEY, scope: "service", revision: 0, status: "active", problem: null });
    expect(route.yaml).toBe(
      `configVersion: v3.0\nscope: service\nkey: "${SERVICE_KEY}"\nenabled: true\nforce: false\nruntime: true\npriority: 0\nconditions:\n  - => host = 127.0.0.2\n`,
    );
    revision = route.revision;
    expect(await servedOnlyBy(c33, ["127.0.0.2"])).toEqual(Array(CONSECUTIVE).fill("127.0.0.2"));
    expect(await servedOnlyBy(c27, ["127.0.0.2"])).toEqual(Array(CONSECUTIVE).fill("127.0.0.2"));
  });

  it("lists the rule for the service with who obeys it, by release", async () => {
    const [listed] = await list(`?service=${GREETING}&group=&version=`);
    expect(listed).toMatchObject({ registry: rig.zkAddress, node: NODE, revision, status: "active", service: { interface: GREETING, version: "", group: "" } });
    const mine = listed!.consumers.filter((c) => c.application.startsWith("cc-route-"));
    expect(mine.map(({ application, release, via, obeys }) => ({ application, release, via, obeys }))).toEqual([
      { application: APP_27, release: "2.7.23", via: "service", obeys: true },
      { application: APP_33, release: "3.3.6", via: "service", obeys: true },
    ]);
    expect(mine[0]!.words).toMatch(/obeys the registry copy too/);
    expect(mine[1]!.words).toMatch(/ignores the registry copy/);
  });

  it("refuses a write based on a stale revision, and a create over an existing rule, with 409", async () => {
    const stale = await put({ ...rule, revision: revision + 1 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { code: "conflict", node: NODE, revision } });
    const again = await put(rule);
    expect(again.status).toBe(409);
  });

  it("disables the rule (200, the next revision) and both providers serve again", async () => {
    const res = await put({ ...rule, enabled: false, revision });
    expect(res.status).toBe(200);
    const { route, created } = configRoutePutResponseSchema.parse(await res.json());
    expect({ created, revision: route.revision, status: route.status }).toEqual({ created: false, revision: revision + 1, status: "disabled" });
    revision = route.revision;
    expect(await servedByBoth(c33)).toEqual(["127.0.0.2", "127.0.0.3"]);
  });

  it("enables it again, then deletes it, and both providers serve again", async () => {
    const res = await put({ ...rule, enabled: true, revision });
    revision = configRoutePutResponseSchema.parse(await res.json()).route.revision;
    await servedOnlyBy(c33, ["127.0.0.2"]);
    const stale = await remove(SERVICE_KEY, revision - 1);
    expect(stale.status).toBe(409);
    const deleted = await remove(SERVICE_KEY, revision);
    expect(deleted.status).toBe(200);
    expect(configRouteDeleteResponseSchema.parse(await deleted.json()).deleted).toEqual({ registry: rig.zkAddress, node: NODE, key: SERVICE_KEY, revision });
    expect(await servedByBoth(c33)).toEqual(["127.0.0.2", "127.0.0.3"]);
    expect(await servedByBoth(c27)).toEqual(["127.0.0.2", "127.0.0.3"]);
    expect(await list(`?service=${GREETING}`)).toEqual([]);
    expect((await remove(SERVICE_KEY, revision)).status).toBe(404);
  });

  it("publishes an application rule that only the consumer of that application obeys", async () => {
    const res = await put({ scope: "application", key: APP_33, conditions: ["=> host = 127.0.0.3"] });
    expect(res.status).toBe(201);
    const { route } = configRoutePutResponseSchema.parse(await res.json());
    try {
      expect(await servedOnlyBy(c33, ["127.0.0.3"])).toEqual(Array(CONSECUTIVE).fill("127.0.0.3"));
      expect(await servedByBoth(c27)).toEqual(["127.0.0.2", "127.0.0.3"]);
      const [listed] = await list(`?application=${APP_33}`);
      expect(listed?.consumers.map((c) => ({ application: c.application, via: c.via, obeys: c.obeys }))).toEqual([{ application: APP_33, via: "consumer-application", obeys: true }]);
    } finally {
      expect((await remove(APP_33, route.revision)).status).toBe(200);
    }
    expect(await servedByBoth(c33)).toEqual(["127.0.0.2", "127.0.0.3"]);
  });
});

describe("rules others wrote", () => {
  const broken = "/dubbo/config/dubbo/cc-route-broken.condition-router";
  const admin = "/dubbo/config/dubbo/cc-route-admin.condition-router";

  afterAll(async () => {
    await zk.removeTree(broken);
    await zk.removeTree(admin);
  });

  it("lists a malformed node with Dubbo's reason instead of failing, and follows its changes", async () => {
    await zk.createWithData(broken, "conditions: [\n");
    const refused = await waitFor("the malformed rule to be read", async () => (await list("?application=cc-route-broken"))[0]);
    expect(refused).toMatchObject({ status: "refused", rule: null, revision: 0, problem: { code: "yaml_syntax", line: 2 } });
    await zk.setData(broken, "force: true\n");
    const fixed = await waitFor("the changed rule to be read", async () => (await list("?application=cc-route-broken")).find((r) => r.revision === 1));
    expect(fixed).toMatchObject({ status: "not_valid", problem: null, rule: { force: true, conditions: [] } });
  });

  it("reads the YAML Dubbo Admin writes", async () => {
    await zk.createWithData(admin, "conditions:\n- => host != 172.22.3.91\nenabled: true\nforce: true\nkey: cc-route-admin\npriority: 0\nruntime: false\nscope: application\n");
    const read = await waitFor("Dubbo Admin's rule to be read", async () => (await list("?application=cc-route-admin"))[0]);
    expect(read).toMatchObject({ status: "active", rule: { format: "v3.0", configVersion: null, force: true, runtime: false, conditions: ["=> host != 172.22.3.91"] } });
  });
});
