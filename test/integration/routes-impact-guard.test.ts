import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import * as history from "@/app/api/v1/routes/[id]/history/route";
import * as byId from "@/app/api/v1/routes/[id]/route";
import * as disable from "@/app/api/v1/routes/[id]/disable/route";
import * as enable from "@/app/api/v1/routes/[id]/enable/route";
import * as rollback from "@/app/api/v1/routes/[id]/rollback/route";
import * as preview from "@/app/api/v1/routes/preview/route";
import * as routes from "@/app/api/v1/routes/route";
import { routeHistoryResponseSchema } from "@/lib/api/audit";
import { routePreviewResponseSchema } from "@/lib/api/routing/route-preview";
import { type Route, routeSchema, routesResponseSchema } from "@/lib/api/routing/routes";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { DEMO } from "../support/dubbo-peers";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * The impact view and the stranding check, against the rig's real consumers of
 * GreetingService (a Dubbo 2.7.23 and a 3.3.6 one, registered by test/support/rig-setup.ts)
 * and its real providers: each consumer is judged by the copy its release obeys among the
 * copies being saved, a save that leaves one with no provider is refused unless asked
 * for, and a rollback out of order names the entries to roll back first.
 */

const rig = inject("rig");
const SERVICE = DEMO.greeting.interface;
const DIR = `/dubbo/${SERVICE}/routers`;
const RULE_NODE = `/dubbo/config/dubbo/${SERVICE}::.condition-router`;
const PREFIX = "impact-guard";
/** Each test's own route name: the audit trail keeps the history of a name across tests. */
let NAME = PREFIX;
let tests = 0;
const [APP27, APP33] = [rig.consumers.find((c) => c.line === "2.7")!.app, rig.consumers.find((c) => c.line === "3.3")!.app];
const BOTH = ["registry", "config-center"];

let engine: Engine;
let zk: TestZk;

/** Removes this file's routes (and the copy they put in the config center). */
async function cleanUp(): Promise<void> {
  for (const node of await zk.children(DIR).catch(() => [] as string[])) if (node.includes(`name%3D${PREFIX}`)) await zk.remove(`${DIR}/${node}`);
  if ((await zk.getData(RULE_NODE))?.includes(`application = ${APP33}`)) await zk.remove(RULE_NODE);
  await waitFor("no route of this file listed", () => engine.routes.list({ service: SERVICE }).routes.every((r) => !r.name.startsWith(PREFIX)));
}

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", DUBBO_CONSOLE_CACHE_DIR: "off", CONSOLE_AUDIT_PATH: "/dubbo-console/audit-impact-guard" }));
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("both demo consumers and two providers registered", () => {
    const s = engine.catalog.routing(SERVICE);
    return engine.audit.syncedAt !== null && s.providers.length >= 2 && [APP27, APP33].every((app) => s.consumers.some((c) => c.application === app));
  }, 60_000);
});

beforeEach(async () => {
  await cleanUp();
  NAME = `${PREFIX}-${++tests}-${Date.now()}`;
});

afterAll(async () => {
  await cleanUp();
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

const errorOf = (json: unknown) => (json as { error: { code: string; message: string; consumers?: { application: string }[]; rollBackFirst?: string[] } }).error;
const listed = async () => routesResponseSchema.parse((await call(routes.GET, "GET", `/api/v1/routes?service=${SERVICE}`)).json).routes.filter((r) => r.name.startsWith(PREFIX));
/** A rule for one demo consumer alone: to a host no provider has, so with force it gets none. */
const strandRule = (app: string) => `application = ${app} => host = 10.9.9.9`;

async function previewImpact(body: Record<string, unknown>) {
  const answer = await call(preview.POST, "POST", "/api/v1/routes/preview", { service: SERVICE, consumer: `consumer://10.1.1.1/${SERVICE}?application=someone`, include: ["impact"], ...body });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const impact = routePreviewResponseSchema.parse(answer.json).impact!;
  const row = (app: string) => impact.consumers.find((c) => c.application === app)!;
  return { impact, c27: row(APP27), c33: row(APP33) };
}

describe("the impact view, by the copy each consumer's release obeys", () => {
  it("judges the 3.3.6 consumer through the config-center copy when the targets hold it, and as unaffected when they do not", async () => {
    const providers = engine.catalog.routing(SERVICE).providers.length;
    const rule = `application = ${APP33} => host = 127.0.0.2`;
    const both = await previewImpact({ rule, targets: BOTH });
    expect(both.c33).toMatchObject({ basis: "config-center", semantics: "3.x", release: "3.3.6", before: providers, after: 1, changed: true });
    expect(both.c27).toMatchObject({ basis: "release", semantics: "2.7", release: "2.7.23", changed: false });
    expect(both.impact).toMatchObject({ changed: 1, ignoring: 0 });

    const registryOnly = await previewImpact({ rule, targets: ["registry"] });
    expect(registryOnly.c33).toMatchObject({ basis: "ignores-registry", before: null, changed: false });
    expect(registryOnly.impact).toMatchObject({ changed: 0, ignoring: 1 });
  });

  it("counts the copy of a saved route among the 3.3.6 consumer's routes, and an edit that takes the copy out as a change", async () => {
    const route = await saved(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: NAME, rule: `application = ${APP33} => host = 127.0.0.2`, targets: BOTH });
    await waitFor("the route listed with its copy", async () => (await listed()).some((r) => r.id === route.id && r.configCenter === "present"));
    const kept = await previewImpact({ id: route.id, rule: route.rule });
    expect(kept.c33).toMatchObject({ basis: "config-center", before: 1, after: 1, changed: false });
    const out = await previewImpact({ id: route.id, rule: route.rule, targets: ["registry"] });
    expect(out.c33).toMatchObject({ basis: "config-center", before: 1, changed: true });
    expect(out.c33.after).toBeGreaterThan(1);
  });
});

describe("a save that leaves a registered consumer with no provider", () => {
  it("is refused with 409 strands_consumers naming the 2.7.23 consumer, and saved with allowStranding", async () => {
    const body = { service: SERVICE, name: NAME, rule: strandRule(APP27), force: true };
    const refused = await call(routes.POST, "POST", "/api/v1/routes", body);
    expect(refused.status).toBe(409);
    const error = errorOf(refused.json);
    expect(error.code).toBe("strands_consumers");
    expect(error.message).toContain(`${APP27} (`);
    expect(error.message).toContain("will have no provider");
    expect(error.consumers?.map((c) => c.application)).toEqual([APP27]);
    expect(await zk.children(DIR).then((c) => c.filter((n) => n.includes(NAME)))).toEqual([]);

    // Without force Dubbo falls back to every provider: nobody is stranded.
    expect((await call(routes.POST, "POST", "/api/v1/routes", { ...body, force: false, name: `${NAME}-soft` })).status).toBe(201);
    const forced = await saved(routes.POST, "POST", "/api/v1/routes", { ...body, allowStranding: true });
    expect(forced).toMatchObject({ force: true, enabled: true });
  });

  it("refuses the 3.3.6 consumer's stranding only when the config-center copy is saved", async () => {
    const body = { service: SERVICE, name: NAME, rule: strandRule(APP33), force: true };
    const refused = await call(routes.POST, "POST", "/api/v1/routes", { ...body, targets: BOTH });
    expect([refused.status, errorOf(refused.json).code, errorOf(refused.json).consumers?.map((c) => c.application)]).toEqual([409, "strands_consumers", [APP33]]);
    // The registry copy alone does not reach it (Dubbo 3.3 ignores route URLs in the registry).
    expect((await call(routes.POST, "POST", "/api/v1/routes", body)).status).toBe(201);
  });

  it("is refused on PUT and on enable, and enable with the body allowStranding saves it", async () => {
    const off = await saved(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: NAME, rule: strandRule(APP27), force: true, enabled: false });
    const put = await call(byId.PUT, "PUT", `/api/v1/routes/${off.id}`, { revision: off.revision, enabled: true });
    expect([put.status, errorOf(put.json).code]).toEqual([409, "strands_consumers"]);
    const on = await call(enable.POST, "POST", `/api/v1/routes/${off.id}/enable`);
    expect([on.status, errorOf(on.json).code]).toEqual([409, "strands_consumers"]);
    const enabled = await saved(enable.POST, "POST", `/api/v1/routes/${off.id}/enable`, { allowStranding: true });
    expect(enabled.enabled).toBe(true);
    // Disabling gives the providers back: no question.
    expect((await saved(disable.POST, "POST", `/api/v1/routes/${enabled.id}/disable`)).enabled).toBe(false);
  });

  it("is refused on a rollback that would re-enable the stranding route, unless allowStranding", async () => {
    const route = await saved(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: NAME, rule: strandRule(APP27), force: true, allowStranding: true });
    const off = await saved(disable.POST, "POST", `/api/v1/routes/${route.id}/disable`);
    const entries = await entriesOf(off.id, 2);
    const disabling = entries[0]!;
    const refused = await call(rollback.POST, "POST", `/api/v1/routes/${off.id}/rollback`, { auditId: disabling.id });
    expect([refused.status, errorOf(refused.json).code]).toEqual([409, "strands_consumers"]);
    const done = await call(rollback.POST, "POST", `/api/v1/routes/${off.id}/rollback`, { auditId: disabling.id, allowStranding: true });
    expect(done.status).toBe(200);
    expect((done.json as { route: Route }).route.enabled).toBe(true);
  });
});

/** The route's history once it holds `count` entries, newest first. */
async function entriesOf(id: string, count: number) {
  return waitFor(`${count} history entries of ${id}`, async () => {
    const { entries } = routeHistoryResponseSchema.parse((await call(history.GET, "GET", `/api/v1/routes/${id}/history`)).json);
    return entries.length >= count ? entries : undefined;
  });
}

describe("rolling back an older entry while later ones exist", () => {
  it("names the later entries to roll back first, newest first, and succeeds once they are", async () => {
    const created = await saved(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: NAME, rule: "=> host = 127.0.0.2" });
    const edited = await saved(byId.PUT, "PUT", `/api/v1/routes/${created.id}`, { revision: created.revision, priority: 3 });
    const again = await saved(byId.PUT, "PUT", `/api/v1/routes/${edited.id}`, { revision: edited.revision, priority: 4 });
    const [third, second, first] = await entriesOf(again.id, 3);

    const refused = await call(rollback.POST, "POST", `/api/v1/routes/${again.id}/rollback`, { auditId: first!.id });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.json)).toMatchObject({ code: "conflict", rollBackFirst: [third!.id, second!.id] });
    expect(errorOf(refused.json).message).toContain(`roll back entries ${third!.id} (`);

    expect((await call(rollback.POST, "POST", `/api/v1/routes/${again.id}/rollback`, { auditId: third!.id })).status).toBe(200);
    await entriesOf(again.id, 4);
    expect((await call(rollback.POST, "POST", `/api/v1/routes/${again.id}/rollback`, { auditId: second!.id })).status).toBe(200);
    await entriesOf(again.id, 5);
    const undone = await call(rollback.POST, "POST", `/api/v1/routes/${again.id}/rollback`, { auditId: first!.id });
    expect([undone.status, undone.json]).toEqual([200, { route: null }]);
    await waitFor("the route gone", async () => (await listed()).length === 0);
  });

  it("restores a deleted route from its deletion entry", async () => {
    const created = await saved(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: NAME, rule: "=> host = 127.0.0.2" });
    const del = await byId.DELETE(new Request(`http://console/api/v1/routes/${created.id}?revision=${created.revision}`, { method: "DELETE" }));
    expect(del.status).toBe(200);
    const [deletion] = await entriesOf(created.id, 2);
    expect(deletion!.kind).toBe("route.delete");
    const restored = await call(rollback.POST, "POST", `/api/v1/routes/${created.id}/rollback`, { auditId: deletion!.id });
    expect(restored.status).toBe(200);
    expect((restored.json as { route: Route }).route).toMatchObject({ name: NAME, rule: "=> host = 127.0.0.2", node: created.node });
  });
});
