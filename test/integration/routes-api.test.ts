import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import * as byId from "@/app/api/v1/routes/[id]/route";
import * as disable from "@/app/api/v1/routes/[id]/disable/route";
import * as enable from "@/app/api/v1/routes/[id]/enable/route";
import * as previewHandler from "@/app/api/v1/routes/preview/route";
import * as routes from "@/app/api/v1/routes/route";
import type { ChangeEvent } from "@/lib/api/events";
import { routePreviewResponseSchema } from "@/lib/api/routing/route-preview";
import { type Route, routeSchema, routesResponseSchema } from "@/lib/api/routing/routes";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { fingerprintRouteId, stableRouteId } from "@/server/governance/rules/condition/route-id";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

const rig = inject("rig");
const SERVICE = "io.routes.test.CrudService";
const DIR = `/dubbo/${SERVICE}/routers`;

let engine: Engine;
let zk: TestZk;
const events: ChangeEvent[] = [];

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error" }));
  engine.events.subscribe((e) => events.push(e.data));
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("the first full read", () => engine.registries[0]!.usable);
});

beforeEach(async () => {
  await zk.removeTree(`/dubbo/${SERVICE}`);
  events.length = 0;
});

afterAll(async () => {
  await zk.removeTree(`/dubbo/${SERVICE}`);
  zk.close();
  findEngine()?.close();
});

type Handler = (request: Request) => Promise<Response>;

async function call(handler: Handler, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown; headers: Headers }> {
  const init: RequestInit = body === undefined ? { method } : { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json(), headers: res.headers };
}

const create = (body: Record<string, unknown>) => call(routes.POST, "POST", "/api/v1/routes", body);
const list = async (query = `?service=${SERVICE}`) => routesResponseSchema.parse((await call(routes.GET, "GET", `/api/v1/routes${query}`)).json).routes;
const listed = (id: string) => waitFor(`route ${id} in the registry view`, async () => (await list()).find((r) => r.id === id));
const children = () => zk.children(DIR);
const errorCode = (json: unknown) => (json as { error: { code: string } }).error.code;
const withIfMatch = async (handler: Handler, method: string, path: string, revision: string, body?: unknown) => {
  const headers: Record<string, string> = { "if-match": `"${revision}"`, ...(body === undefined ? {} : { "content-type": "application/json" }) };
  const res = await handler(new Request(`http://console${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
  return { status: res.status, json: (await res.json()) as unknown };
};
const fetchOnce = (handler: Handler, method: string, path: string) => handler(new Request(`http://console${path}`, { method }));
/** The id a route had before stable ids: its node's fingerprint. */
const oldIdOf = (route: Route) => fingerprintRouteId(0, javaUrlEncode(SERVICE), route.node.slice(DIR.length + 1));
const stableIdOf = (route: Route) => stableRouteId(0, javaUrlEncode(SERVICE), route);

describe("routes saved through /api/v1/routes, as ZooKeeper holds them", () => {
  it("creates the node Dubbo 2.7 reads, lists it back, and edits, disables, enables and deletes it, each a single replacement", async () => {
    const created = await create({ service: SERVICE, name: "crud", rule: "host = 10.0.0.1 => host = 10.0.0.2" });
    expect(created.status).toBe(201);
    const route = routeSchema.parse(created.json);
    // Written out by hand from Dubbo's format (dubbo-protocol.md §5), not by the code under test.
    const node =
      "route%3A%2F%2F0.0.0.0%2Fio.routes.test.CrudService%3Fcategory%3Drouters%26dynamic%3Dfalse%26enabled%3Dtrue%26force%3Dfalse%26name%3Dcrud%26priority%3D0%26router%3Dcondition%26rule%3Dhost%2B%253D%2B10.0.0.1%2B%253D%253E%2Bhost%2B%253D%2B10.0.0.2%26runtime%3Dfalse";
    expect(route).toMatchObject({ service: SERVICE, group: "", version: "", name: "crud", priority: 0, force: false, runtime: false, enabled: true, targets: ["registry"], node: `${DIR}/${node}` });
    expect(route.origin).toEqual({ writer: "console", loaded: true, reason: null });
    expect(created.headers.get("location")).toBe(`/api/v1/routes/${route.id}`);
    expect(await children()).toEqual([node]);
    expect(await listed(route.id)).toEqual(route);
    await waitFor("a routes event for the service", () => events.some((e) => e.type === "routes" && e.service === SERVICE));

    const edited = await call(byId.PUT, "PUT", `/api/v1/routes/${route.id}`, { revision: route.revision, priority: 3, rule: "=> host = 10.0.0.3", force: true });
    expect(edited.status).toBe(200);
    const after = routeSchema.parse(edited.json);
    expect(after).toMatchObject({ name: "crud", priority: 3, force: true, rule: "=> host = 10.0.0.3", enabled: true });
    // The id is stable across the edit; the revision says it changed.
    expect(after.id).toBe(route.id);
    expect(after.revision).not.toBe(route.revision);
    // GET answers from the registry's view, which the watch brings up to date.
    const one = await waitFor("the edit in GET /api/v1/routes/{id}", async () => {
      const answer = await call(byId.GET, "GET", `/api/v1/routes/${route.id}`);
      return answer.headers.get("etag") === `"${after.revision}"` ? answer : undefined;
    });
    expect([one.status, routeSchema.parse(one.json)]).toEqual([200, after]);
    expect(await children()).toEqual([after.node.slice(DIR.length + 1)]);
    expect(after.node).toContain("priority%3D3%26router%3Dcondition%26rule%3D%253D%253E%2Bhost%2B%253D%2B10.0.0.3");

    const disabled = routeSchema.parse((await call(disable.POST, "POST", `/api/v1/routes/${after.id}/disable?revision=${after.revision}`)).json);
    expect(disabled).toMatchObject({ enabled: false, priority: 3, rule: after.rule });
    expect(await children()).toEqual([disabled.node.slice(DIR.length + 1)]);
    expect(disabled.node).toContain("enabled%3Dfalse");
    const enabled = routeSchema.parse((await call(enable.POST, "POST", `/api/v1/routes/${disabled.id}/enable`)).json);
    expect([disabled.id, enabled.id]).toEqual([route.id, route.id]);
    expect(enabled.node).toBe(after.node);
    expect(enabled.revision).toBe(after.revision);

    const deleted = await call(byId.DELETE, "DELETE", `/api/v1/routes/${enabled.id}?revision=${enabled.revision}`);
    expect([deleted.status, deleted.json]).toEqual([200, { deleted: true, id: enabled.id, node: enabled.node }]);
    expect(await children()).toEqual([]);
    await waitFor("the route to leave the list", async () => (await list()).length === 0);
  });

  it("refuses a rule Dubbo 2.7.23 would refuse with 400 invalid_rule and its offset, on create and on edit, writing nothing", async () => {
    const bad = await create({ service: SERVICE, name: "bad", rule: "host = 10.0.0.1 => host = ,10.0.0.2" });
    expect([bad.status, bad.json]).toEqual([400, { error: expect.objectContaining({ code: "invalid_rule", offset: 26 }) }]);
    await expect(children()).rejects.toThrow(/NO_NODE/);
    const created = routeSchema.parse((await create({ service: SERVICE, name: "good", rule: "=> host = 10.0.0.2" })).json);
    const before = await children();
    const edit = await call(byId.PUT, "PUT", `/api/v1/routes/${created.id}`, { revision: created.revision, rule: "host = ,a => host = b" });
    expect([edit.status, errorCode(edit.json)]).toEqual([400, "invalid_rule"]);
    expect(await children()).toEqual(before);
  });

  it("refuses an edit or delete based on a stale revision with 409, writing nothing", async () => {
    const first = routeSchema.parse((await create({ service: SERVICE, name: "stale", rule: "=> host = 10.0.0.1" })).json);
    const second = routeSchema.parse((await call(byId.PUT, "PUT", `/api/v1/routes/${first.id}`, { revision: first.revision, priority: 1 })).json);
    const nodes = await children();
    expect(nodes).toEqual([second.node.slice(DIR.length + 1)]);

    expect(second.id).toBe(first.id);

    const staleEdit = await call(byId.PUT, "PUT", `/api/v1/routes/${first.id}`, { revision: first.revision, priority: 2 });
    expect(staleEdit.status).toBe(409);
    expect(staleEdit.json).toMatchObject({ error: { code: "conflict", id: first.id, revision: second.revision } });
    expect((staleEdit.json as { error: { message: string } }).error.message).toMatch(/is not the current one of route/);
    const staleIfMatch = await withIfMatch(byId.PUT, "PUT", `/api/v1/routes/${first.id}`, first.revision, { priority: 2 });
    expect([staleIfMatch.status, errorCode(staleIfMatch.json)]).toEqual([409, "conflict"]);
    const staleDelete = await withIfMatch(byId.DELETE, "DELETE", `/api/v1/routes/${first.id}`, first.revision);
    expect([staleDelete.status, errorCode(staleDelete.json)]).toEqual([409, "conflict"]);
    const staleDisable = await call(disable.POST, "POST", `/api/v1/routes/${first.id}/disable?revision=${first.revision}`);
    expect([staleDisable.status, errorCode(staleDisable.json)]).toEqual([409, "conflict"]);
    // An old id names one state of the route: without a revision, a write by it is based on that state.
    const oldDisable = await call(disable.POST, "POST", `/api/v1/routes/${oldIdOf(first)}/disable`);
    expect([oldDisable.status, errorCode(oldDisable.json)]).toEqual([409, "conflict"]);
    const mismatch = await withIfMatch(byId.PUT, "PUT", `/api/v1/routes/${first.id}`, first.revision, { revision: second.revision, priority: 2 });
    expect([mismatch.status, errorCode(mismatch.json)]).toEqual([400, "validation_failed"]);
    expect(await children()).toEqual(nodes);

    const current = await withIfMatch(byId.PUT, "PUT", `/api/v1/routes/${first.id}`, second.revision, { priority: 2 });
    expect([current.status, routeSchema.parse(current.json).priority]).toEqual([200, 2]);
  });

  it("keeps old ids (a node's fingerprint, as ids were before) working: GET redirects to the stable id, a write acts on the route", async () => {
    const route = routeSchema.parse((await create({ service: SERVICE, name: "old-id", rule: "=> host = 10.0.0.1" })).json);
    await listed(route.id);
    const old = oldIdOf(route);
    expect(old).not.toBe(route.id);
    const moved = await fetchOnce(byId.GET, "GET", `/api/v1/routes/${old}?x=1`);
    expect([moved.status, moved.headers.get("location"), moved.headers.get("deprecation")]).toEqual([308, `/api/v1/routes/${route.id}?x=1`, "@1796256000"]);
    expect(moved.headers.get("link")).toBe(`</api/v1/routes/${route.id}?x=1>; rel="successor-version"`);

    const edited = await call(byId.PUT, "PUT", `/api/v1/routes/${old}`, { revision: route.revision, priority: 4 });
    expect(edited.status).toBe(200);
    expect(routeSchema.parse(edited.json)).toMatchObject({ id: route.id, priority: 4 });
    // Its node is gone now, and no audit entry names the old id (the route was born with a stable id): nothing to redirect to.
    await waitFor("the edit in the view", async () => (await list()).find((r) => r.id === route.id)?.priority === 4);
    expect((await fetchOnce(byId.GET, "GET", `/api/v1/routes/${old}`)).status).toBe(404);
    expect((await fetchOnce(byId.GET, "GET", `/api/v1/routes/${route.id}`)).status).toBe(200);
  });

  it("gives a route without a name, or sharing its name, a fingerprint id, and an edit of it adds no name", async () => {
    const unnamed = `route://0.0.0.0/${SERVICE}?category=routers&dynamic=false&enabled=true&router=condition&rule=%3D%3E+host+%3D+10.0.0.1`;
    const twin = (host: string) => `route://0.0.0.0/${SERVICE}?category=routers&dynamic=false&enabled=true&name=twin&router=condition&rule=%3D%3E+host+%3D+${host}`;
    await zk.mkdirp(DIR);
    for (const url of [unnamed, twin("10.0.0.2"), twin("10.0.0.3")]) await zk.create(`${DIR}/${javaUrlEncode(url)}`);
    const read = await waitFor("three routes listed", async () => {
      const all = await list();
      return all.length === 3 ? all : undefined;
    });
    for (const r of read) expect(r.id).toBe(oldIdOf(r));
    const bare = read.find((r) => r.name === "")!;
    const edited = routeSchema.parse((await call(byId.PUT, "PUT", `/api/v1/routes/${bare.id}`, { revision: bare.revision, priority: 2 })).json);
    expect(edited.id).not.toBe(bare.id);
    expect(edited.url).not.toContain("name=");
    const shared = await fetchOnce(byId.GET, "GET", `/api/v1/routes/${stableIdOf(read.find((r) => r.name === "twin")!)}`);
    expect(shared.status).toBe(409);
  });

  it("follows an id from the audit trail once its node is gone: a shared name's fingerprint id leads to the route's stable id", async () => {
    const twin = (host: string) => `route://0.0.0.0/${SERVICE}?category=routers&dynamic=false&enabled=true&name=twin&router=condition&rule=%3D%3E+host+%3D+${host}`;
    await zk.mkdirp(DIR);
    for (const host of ["10.0.0.2", "10.0.0.3"]) await zk.create(`${DIR}/${javaUrlEncode(twin(host))}`);
    const [a, b] = await waitFor("both twins listed", async () => {
      const all = await list();
      return all.length === 2 ? all : undefined;
    });
    const edited = routeSchema.parse((await call(byId.PUT, "PUT", `/api/v1/routes/${a!.id}`, { revision: a!.revision, priority: 2 })).json);
    expect(edited.id).not.toBe(a!.id);
    expect((await call(byId.DELETE, "DELETE", `/api/v1/routes/${b!.id}?revision=${b!.revision}`)).status).toBe(200);
    // Alone with its name now, the edited twin has its stable id; a's old id (its node gone) is found through the trail.
    const stable = stableIdOf(edited);
    await listed(stable);
    const moved = await waitFor("the old id redirected", async () => {
      const res = await fetchOnce(byId.GET, "GET", `/api/v1/routes/${a!.id}`);
      return res.status === 308 ? res : undefined;
    });
    expect(moved.headers.get("location")).toBe(`/api/v1/routes/${stable}`);
    const stale = await call(disable.POST, "POST", `/api/v1/routes/${a!.id}/disable`);
    expect([stale.status, errorCode(stale.json)]).toEqual([409, "conflict"]);
    const written = await withIfMatch(byId.PUT, "PUT", `/api/v1/routes/${a!.id}`, edited.revision, { priority: 3 });
    expect([written.status, (written.json as Route).id, (written.json as Route).priority]).toEqual([200, stable, 3]);
  });

  it("refuses a second route of the same name for the same service, group and version, also when both are saved at once", async () => {
    const one = await create({ service: SERVICE, name: "dup", rule: "=> host = 10.0.0.1" });
    expect(one.status).toBe(201);
    const again = await create({ service: SERVICE, name: "dup", rule: "=> host = 10.0.0.9", priority: 5 });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: { code: "conflict", id: (one.json as Route).id } });
    const otherGroup = await create({ service: SERVICE, group: "g", name: "dup", rule: "=> host = 10.0.0.9" });
    expect(otherGroup.status).toBe(201);

    const racing = await Promise.all([1, 2, 3].map((n) => create({ service: SERVICE, version: "1.0.0", name: "race", rule: `=> host = 10.0.0.${n}` })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await children()).filter((c) => c.includes("name%3Drace"))).toHaveLength(1);
  });

  it("lists a Dubbo Admin copy as such, and an edit of it keeps it a copy", async () => {
    const url = `route://0.0.0.0/${SERVICE}?category=routers&compatible_config=true&dynamic=false&enabled=true&force=true&name=null&priority=0&router=condition&rule=host+%3D+1.2.3.4+%3D%3E+false&runtime=false`;
    await zk.mkdirp(DIR);
    await zk.create(`${DIR}/${javaUrlEncode(url)}`);
    const copy = await waitFor("the copy in the list", async () => (await list())[0]);
    expect(copy).toMatchObject({ name: "null", rule: "host = 1.2.3.4 => false", force: true, origin: { writer: "dubbo-admin", loaded: false } });
    expect(copy.url).toBe(url);
    const disabled = routeSchema.parse((await call(disable.POST, "POST", `/api/v1/routes/${copy.id}/disable`)).json);
    expect(disabled.url).toBe(url.replace("enabled=true", "enabled=false"));
    expect(disabled.origin.writer).toBe("dubbo-admin");
  });

  it("filters by group and version, an empty one meaning none", async () => {
    for (const [group, version] of [["", ""], ["g", ""], ["", "1.0.0"], ["g", "1.0.0"]]) {
      expect((await create({ service: SERVICE, group, version, name: "f", rule: "=> host = 10.0.0.1" })).status).toBe(201);
    }
    await waitFor("four routes listed", async () => (await list()).length === 4);
    const keys = async (q: string) => (await list(`?service=${SERVICE}${q}`)).map((r) => `${r.group}/${r.version}`);
    expect(await keys("")).toEqual(["/", "/1.0.0", "g/", "g/1.0.0"]);
    expect(await keys("&group=")).toEqual(["/", "/1.0.0"]);
    expect(await keys("&group=g&version=1.0.0")).toEqual(["g/1.0.0"]);
    expect((await list("")).filter((r) => r.service === SERVICE)).toHaveLength(4);
  });
});

describe("POST /api/v1/routes/preview on the registry's current providers", () => {
  const provider = (host: string) => `dubbo://${host}:20880/${SERVICE}?application=crud-provider&interface=${SERVICE}&release=2.7.23&side=provider`;
  const consumer = (host: string, release: string) => `consumer://${host}/${SERVICE}?application=crud-${release}&category=consumers&interface=${SERVICE}&release=${release}&side=consumer`;
  const register = (category: "providers" | "consumers", url: string) => zk.create(`/dubbo/${SERVICE}/${category}/${javaUrlEncode(url)}`);
  const preview = async (body: Record<string, unknown>) => {
    const { status, json } = await call(previewHandler.POST, "POST", "/api/v1/routes/preview", { service: SERVICE, ...body });
    expect(status).toBe(200);
    return routePreviewResponseSchema.parse(json);
  };

  it("routes the providers the registry holds now, through the saved routes, and judges each consumer as its release routes", async () => {
    for (const category of ["providers", "consumers", "routers"]) await zk.mkdirp(`/dubbo/${SERVICE}/${category}`);
    for (const host of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) await register("providers", provider(host));
    await register("consumers", consumer("1.1.1.1", "2.7.23"));
    await register("consumers", consumer("2.2.2.2", "3.3.6"));
    expect((await create({ service: SERVICE, name: "drain", rule: "=> host != 10.0.0.3", priority: -1 })).status).toBe(201);
    await waitFor("the service's providers, consumers and route in the catalog", async () => {
      const routing = engine.catalog.routing(SERVICE);
      return routing.providers.length === 3 && routing.consumers.length === 2 && (await list()).length === 1;
    });

    const body = { rule: "=> host = 10.0.0.1,10.0.0.3", consumer: consumer("1.1.1.1", "2.7.23") };
    const first = await preview(body);
    expect([first.providersFrom, first.result]).toEqual(["registry", [provider("10.0.0.1"), provider("10.0.0.3")]]);
    expect(first.chain!.steps.map((step) => [step.name, step.input, step.output])).toEqual([
      ["drain", 3, 2],
      ["this draft", 2, 1],
    ]);
    expect(first.impact!.consumers.map((c) => [c.release, c.basis, c.semantics, c.before, c.after, c.lost])).toEqual([
      ["2.7.23", "release", "2.7", 2, 1, [provider("10.0.0.2")]],
      ["3.3.6", "ignores-registry", null, null, null, []],
    ]);

    // A provider registers: the next preview routes it (nothing of the last one is reused for it).
    await register("providers", provider("10.0.0.4"));
    await waitFor("the new provider in the catalog", () => engine.catalog.routing(SERVICE).providers.length === 4);
    const second = await preview(body);
    expect(second.providers.map((p) => [p.url, p.kept])).toEqual([
      [provider("10.0.0.1"), true],
      [provider("10.0.0.2"), false],
      [provider("10.0.0.3"), true],
      [provider("10.0.0.4"), false],
    ]);
    expect(second.chain!.steps.map((step) => [step.input, step.output])).toEqual([
      [4, 3],
      [3, 1],
    ]);
  });
});
