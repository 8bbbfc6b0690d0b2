import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import * as byId from "@/app/api/v1/routes/[id]/route";
import * as disable from "@/app/api/v1/routes/[id]/disable/route";
import * as enable from "@/app/api/v1/routes/[id]/enable/route";
import * as routes from "@/app/api/v1/routes/route";
import type { ChangeEvent } from "@/lib/api/events";
import { type Route, routeSchema, routesResponseSchema, type RouteTarget } from "@/lib/api/routing/routes";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Routes saved with `targets: ["registry", "config-center"]`, against the rig's ZooKeeper:
 * the route node and its condition in the service's config-center rule, as ZooKeeper holds
 * them after each call. The YAML expected is written out by hand in the format of
 * lib/dubbo/rules/condition-router-yaml.ts (which config-routes.test.ts shows real consumers obey).
 */

const rig = inject("rig");
const SERVICE = "io.routes.test.TargetsService";
const DIR = `/dubbo/${SERVICE}/routers`;
const RULE_NODE = `/dubbo/config/dubbo/${SERVICE}::.condition-router`;
const BOTH: RouteTarget[] = ["registry", "config-center"];

let engine: Engine;
let zk: TestZk;
const events: ChangeEvent[] = [];

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error" }));
  engine.events.subscribe((e) => events.push(e.data));
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("the first full read of the registry and its config center", () => engine.registries[0]!.usable && engine.configRoutes.centers[0]!.syncedAt !== null);
});

beforeEach(async () => {
  await zk.removeTree(`/dubbo/${SERVICE}`);
  await zk.removeTree(RULE_NODE);
  events.length = 0;
});

afterAll(async () => {
  await zk.removeTree(`/dubbo/${SERVICE}`);
  await zk.removeTree(RULE_NODE);
  zk.close();
  findEngine()?.close();
});

type Handler = (request: Request) => Promise<Response>;

async function call(handler: Handler, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json() };
}

async function saved(handler: Handler, method: string, path: string, body?: unknown): Promise<Route> {
  const answer = await call(handler, method, path, body);
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
  return routeSchema.parse(answer.json);
}

const create = (body: Record<string, unknown>) => saved(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, ...body });
const put = (route: Route, body: Record<string, unknown>) => saved(byId.PUT, "PUT", `/api/v1/routes/${route.id}`, { revision: route.revision, ...body });
const list = async () => routesResponseSchema.parse((await call(routes.GET, "GET", `/api/v1/routes?service=${SERVICE}`)).json).routes;
/** Waits until GET lists route `id` with `what` (the watches bring both nodes back). */
const listedAs = (id: string, what: Partial<Route>) =>
  waitFor(`route ${id} listed with ${JSON.stringify(what)}`, async () => (await list()).find((r) => r.id === id && Object.entries(what).every(([k, v]) => JSON.stringify(r[k as keyof Route]) === JSON.stringify(v))));
const yaml = () => zk.getData(RULE_NODE);
const conditionsOf = (text: string | null) => (text === null ? null : [...text.matchAll(/^ {2}- (.*)$/gm)].map((m) => m[1]));
const errorOf = (json: unknown) => (json as { error: { code: string; message: string } }).error;

/** The rule YAML the console writes for a service rule created for one route (force and priority are the route's). */
const ruleYaml = (force: boolean, priority: number, conditions: string[]) =>
  `configVersion: v3.0\nscope: service\nkey: "${SERVICE}::"\nenabled: true\nforce: ${force}\nruntime: false\npriority: ${priority}\nconditions:\n${conditions.map((c) => `  - ${c}\n`).join("")}`;

describe("a route saved with targets registry and config-center", () => {
  it("creates the route node and its service's config-center rule together, each as Dubbo reads it, and GET lists both targets", async () => {
    const route = await create({ name: "both", rule: "host = 10.0.0.1 => host = 10.0.0.2", force: true, priority: 2, targets: BOTH });
    // Dubbo's route URL (dubbo-protocol.md §5) with the targets parameter Dubbo ignores, written out by hand.
    const node =
      "route%3A%2F%2F0.0.0.0%2Fio.routes.test.TargetsService%3Fcategory%3Drouters%26dynamic%3Dfalse%26enabled%3Dtrue%26force%3Dtrue%26name%3Dboth%26priority%3D2%26router%3Dcondition%26rule%3Dhost%2B%253D%2B10.0.0.1%2B%253D%253E%2Bhost%2B%253D%2B10.0.0.2%26runtime%3Dfalse%26targets%3Dregistry%2Cconfig-center";
    expect(route).toMatchObject({ targets: BOTH, configCenter: "present", node: `${DIR}/${node}`, origin: { writer: "console", loaded: true } });
    expect(await zk.children(DIR)).toEqual([node]);
    expect(await yaml()).toBe(ruleYaml(true, 2, ["host = 10.0.0.1 => host = 10.0.0.2"]));
    expect(await listedAs(route.id, { targets: BOTH, configCenter: "present" })).toEqual(route);
    await waitFor("a routes event for the service", () => events.some((e) => e.type === "routes" && e.service === SERVICE));
  });

  it("replaces the old condition in place among conditions others wrote, keeps that rule's own fields, and takes the copy out with targets [registry]", async () => {
    await zk.createWithData(RULE_NODE, "enabled: true\nforce: false\npriority: 7\nruntime: true\nconditions:\n- => host != 10.0.0.9\n");
    const first = await create({ name: "inplace", rule: "=> host = 10.0.0.1", targets: BOTH });
    expect(conditionsOf(await yaml())).toEqual(["=> host != 10.0.0.9", "=> host = 10.0.0.1"]);
    await zk.setData(RULE_NODE, `${(await yaml())!}  - => host != 10.0.0.8\n`);
    await listedAs(first.id, { configCenter: "present" });

    const edited = await put(first, { rule: "=> host = 10.0.0.5", priority: 1 });
    expect(edited).toMatchObject({ rule: "=> host = 10.0.0.5", priority: 1, targets: BOTH, configCenter: "present" });
    const after = await yaml();
    expect(conditionsOf(after)).toEqual(["=> host != 10.0.0.9", "=> host = 10.0.0.5", "=> host != 10.0.0.8"]);
    expect(after).toContain("force: false\nruntime: true\npriority: 7\n");
    expect(await zk.children(DIR)).toEqual([edited.node.slice(DIR.length + 1)]);

    const registryOnly = await put(edited, { targets: ["registry"] });
    expect(registryOnly).toMatchObject({ targets: ["registry"], configCenter: "none" });
    expect(registryOnly.node).not.toContain("targets");
    expect(conditionsOf(await yaml())).toEqual(["=> host != 10.0.0.9", "=> host != 10.0.0.8"]);
    expect(await listedAs(registryOnly.id, { targets: ["registry"] })).toEqual(registryOnly);
  });

  it("takes the condition out while disabled, remembering it, and puts it back when enabled", async () => {
    const route = await create({ name: "toggle", rule: "=> host = 10.0.0.2", targets: BOTH });
    const disabled = await saved(disable.POST, "POST", `/api/v1/routes/${route.id}/disable`);
    expect(disabled).toMatchObject({ enabled: false, targets: ["registry"], configCenter: "withheld" });
    expect(disabled.node).toContain("targets%3Dregistry%2Cconfig-center");
    // Its only condition gone, the rule is deleted: Dubbo would keep applying a rule whose list became empty.
    expect(await yaml()).toBeNull();
    expect(await listedAs(disabled.id, { configCenter: "withheld" })).toEqual(disabled);

    const enabled = await saved(enable.POST, "POST", `/api/v1/routes/${disabled.id}/enable`);
    expect(enabled).toMatchObject({ enabled: true, targets: BOTH, configCenter: "present", node: route.node });
    expect(await yaml()).toBe(ruleYaml(false, 0, ["=> host = 10.0.0.2"]));
  });

  it("deletes the copy with the route, leaving the conditions others wrote", async () => {
    const one = await create({ name: "one", rule: "=> host = 10.0.0.1", targets: BOTH });
    const two = await create({ name: "two", rule: "=> host = 10.0.0.2", targets: BOTH });
    expect(conditionsOf(await yaml())).toEqual(["=> host = 10.0.0.1", "=> host = 10.0.0.2"]);
    const deleted = await call(byId.DELETE, "DELETE", `/api/v1/routes/${one.id}?revision=${one.revision}`);
    expect([deleted.status, deleted.json]).toEqual([200, { deleted: true, id: one.id, node: one.node }]);
    expect(conditionsOf(await yaml())).toEqual(["=> host = 10.0.0.2"]);
    expect(await zk.children(DIR)).toEqual([two.node.slice(DIR.length + 1)]);
    await call(byId.DELETE, "DELETE", `/api/v1/routes/${two.id}?revision=${two.revision}`);
    expect([await zk.children(DIR), await yaml()]).toEqual([[], null]);
  });

  it("refuses a stale revision with 409 and writes neither node", async () => {
    const first = await create({ name: "stale", rule: "=> host = 10.0.0.1", targets: BOTH });
    const second = await put(first, { rule: "=> host = 10.0.0.3" });
    const [nodes, rule] = [await zk.children(DIR), await yaml()];
    for (const answer of [
      await call(byId.PUT, "PUT", `/api/v1/routes/${first.id}`, { revision: first.revision, rule: "=> host = 10.0.0.4", targets: BOTH }),
      await call(byId.PUT, "PUT", `/api/v1/routes/${first.id}`, { revision: first.revision, targets: ["registry"] }),
      await call(byId.DELETE, "DELETE", `/api/v1/routes/${first.id}?revision=${first.revision}`),
    ]) {
      expect([answer.status, errorOf(answer.json).code]).toEqual([409, "conflict"]);
    }
    expect([await zk.children(DIR), await yaml()]).toEqual([nodes, rule]);
    expect(conditionsOf(rule)).toEqual([second.rule]);
  });

  it("refuses with 409 to add to a config-center rule it cannot read back, and writes neither node", async () => {
    const v31 = "configVersion: v3.1\nconditions:\n- from: {match: 'host = 10.0.0.1'}\n  to: [{match: 'host = 10.0.0.2'}]\n";
    await zk.createWithData(RULE_NODE, v31);
    const answer = await call(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: "blocked", rule: "=> host = 10.0.0.2", targets: BOTH });
    expect([answer.status, errorOf(answer.json).code]).toEqual([409, "conflict"]);
    expect(errorOf(answer.json).message).toMatch(/is a v3\.1 \(multi-destination\) rule, so the console does not add/);
    expect([await zk.children(DIR), await yaml()]).toEqual([[], v31]);
  });

  it("lists what ZooKeeper really holds: a condition put there by hand is a copy, and one removed by hand is missing", async () => {
    const plain = await create({ name: "plain", rule: "=> host = 10.0.0.7" });
    expect(plain).toMatchObject({ targets: ["registry"], configCenter: "none" });
    await zk.createWithData(RULE_NODE, "conditions:\n- => host = 10.0.0.7\n");
    await listedAs(plain.id, { targets: BOTH, configCenter: "present" });

    const marked = await create({ name: "marked", rule: "=> host = 10.0.0.8", targets: BOTH });
    expect(conditionsOf(await yaml())).toEqual(["=> host = 10.0.0.7", "=> host = 10.0.0.8"]);
    await zk.setData(RULE_NODE, "conditions:\n- => host = 10.0.0.7\n");
    await listedAs(marked.id, { targets: ["registry"], configCenter: "missing" });
    // Saving it again (nothing else changed) puts the condition back, the route node as it was.
    const again = await put(marked, { targets: BOTH });
    expect(again).toMatchObject({ id: marked.id, configCenter: "present" });
    expect(conditionsOf(await yaml())).toEqual(["=> host = 10.0.0.7", "=> host = 10.0.0.8"]);
  });
});
