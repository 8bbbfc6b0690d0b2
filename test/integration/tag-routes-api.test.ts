import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import * as byId from "@/app/api/v1/tag-routes/[id]/route";
import * as disable from "@/app/api/v1/tag-routes/[id]/disable/route";
import * as enable from "@/app/api/v1/tag-routes/[id]/enable/route";
import * as history from "@/app/api/v1/tag-routes/[id]/history/route";
import * as rollback from "@/app/api/v1/tag-routes/[id]/rollback/route";
import * as preview from "@/app/api/v1/tag-routes/preview/route";
import * as tagRoutes from "@/app/api/v1/tag-routes/route";
import type { ChangeEvent } from "@/lib/api/events";
import { tagPreviewResponseSchema } from "@/lib/api/tag-route-preview";
import { type TagRoute, tagRouteSchema, tagRoutesResponseSchema } from "@/lib/api/tag-routes";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Tag rules written through the /api/v1/tag-routes handlers against the rig's real
 * ZooKeeper, read back with a client of the test's own. The expected node text is written
 * out by hand from Dubbo's format (TagRouterRule, as 2.7.23 and 3.3.6 parse it), not by the
 * code under test. The rig's own providers' applications are written to only where the
 * write is refused (nothing reaches ZooKeeper), so the other files' consumers are not moved.
 */

const rig = inject("rig");
const APP = "tag-api-test-app";
const NODE = `/dubbo/config/dubbo/${APP}.tag-router`;

let engine: Engine;
let zk: TestZk;
const events: ChangeEvent[] = [];

beforeAll(async () => {
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", CONSOLE_WRITE_RATE: "100000/100000" }));
  engine.events.subscribe((e) => events.push(e.data));
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("the first full read", () => engine.registries[0]!.usable);
});

beforeEach(async () => {
  await zk.removeTree(NODE);
  await waitFor("no rule of the test app", async () => (await list()).length === 0);
  events.length = 0;
});

afterAll(async () => {
  await zk.removeTree(NODE);
  zk.close();
  findEngine()?.close();
});

type Handler = (request: Request) => Promise<Response>;

async function call(handler: Handler, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown; headers: Headers }> {
  const init: RequestInit = body === undefined ? { method, headers } : { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
  const res = await handler(new Request(`http://console${path}`, init));
  return { status: res.status, json: await res.json(), headers: res.headers };
}

const list = async (application = APP) => tagRoutesResponseSchema.parse((await call(tagRoutes.GET, "GET", `/api/v1/tag-routes?application=${application}`)).json).tagRoutes;
const listedAs = (revision: string) => waitFor(`the rule at ${revision} in the list`, async () => (await list()).find((r) => r.revision === revision));
const errorOf = (json: unknown) => (json as { error: { code: string; message: string; issues?: { path: string }[] } }).error;
const create = (body: Record<string, unknown>) => call(tagRoutes.POST, "POST", "/api/v1/tag-routes", body);
const GRAY = { tags: [{ name: "gray", addresses: ["127.0.0.2/32"] }] };

const GRAY_TEXT = `configVersion: v3.0
force: false
enabled: true
runtime: true
priority: 0
key: "${APP}"
tags:
  - name: "gray"
    addresses:
      - "127.0.0.2/32"
`;

describe("tag rules saved through /api/v1/tag-routes, as ZooKeeper holds them", () => {
  it("creates a rule from the form's fields, lists it with its origin, and edits, disables, enables and deletes it", async () => {
    const created = await create({ application: APP, rule: GRAY });
    expect(created.status).toBe(201);
    const rule = tagRouteSchema.parse(created.json);
    expect(await zk.getData(NODE)).toBe(GRAY_TEXT);
    expect(created.headers.get("location")).toBe(`/api/v1/tag-routes/${rule.id}`);
    expect(rule).toMatchObject({ application: APP, node: NODE, yaml: GRAY_TEXT, textOnly: null, rule: { force: false, enabled: true, runtime: true, priority: 0, tags: [{ name: "gray", addresses: ["127.0.0.2/32"], match: [] }] } });
    expect(rule.readings).toEqual([
      { release: "2.7", status: "active", problem: null },
      { release: "3.x", status: "active", problem: null },
    ]);
    // Read-your-writes: the answer comes once the watches hold the rule and its audit entry, so both say it is the console's, and the list asked next has it.
    expect(rule.origin).toMatchObject({ by: "console" });
    const listed = (await list()).find((r) => r.revision === rule.revision);
    expect(listed?.origin).toMatchObject({ by: "console" });
    await waitFor("a tag-routes event", () => events.some((e) => e.type === "tag-routes" && e.application === APP));

    const one = await call(byId.GET, "GET", `/api/v1/tag-routes/${rule.id}`);
    expect([one.status, one.headers.get("etag")]).toEqual([200, `"${rule.revision}"`]);

    const yaml = `configVersion: v3.0\nforce: true\nkey: ${APP}\ntags:\n  - name: gray\n    addresses: ["127.0.0.2/32"]\n  - name: blue\n    match:\n      - key: version\n        value:\n          exact: "2.0.0"\n`;
    const edited = await call(byId.PUT, "PUT", `/api/v1/tag-routes/${rule.id}`, { yaml }, { "if-match": `"${rule.revision}"` });
    expect(edited.status).toBe(200);
    const after = tagRouteSchema.parse(edited.json);
    expect(await zk.getData(NODE)).toBe(yaml);
    expect([after.id, after.revision === rule.revision, after.rule?.force, after.rule?.tags.map((t) => t.name)]).toEqual([rule.id, false, true, ["gray", "blue"]]);
    expect(after.notes).toEqual(['tag "blue": Dubbo 2.7 consumers ignore match conditions, so for them this tag selects no provider']);
    await listedAs(after.revision);

    const disabled = tagRouteSchema.parse((await call(disable.POST, "POST", `/api/v1/tag-routes/${rule.id}/disable`, { revision: after.revision })).json);
    expect(await zk.getData(NODE)).toMatch(/^enabled: false$/m);
    expect(disabled.readings.map((r) => r.status)).toEqual(["disabled", "disabled"]);
    await listedAs(disabled.revision);
    const enabled = tagRouteSchema.parse((await call(enable.POST, "POST", `/api/v1/tag-routes/${rule.id}/enable`, { revision: disabled.revision })).json);
    expect(await zk.getData(NODE)).toMatch(/^enabled: true$/m);
    await listedAs(enabled.revision);

    const deleted = await call(byId.DELETE, "DELETE", `/api/v1/tag-routes/${rule.id}?revision=${enabled.revision}`);
    expect([deleted.status, deleted.json]).toEqual([200, { deleted: true, id: rule.id }]);
    expect(await zk.getData(NODE)).toBeNull();
    await waitFor("the rule to leave the list", async () => (await list()).length === 0);

    await expect.poll(async () => (await entriesOf(rule.id)).map((e) => e.kind).slice(0, 5)).toEqual(["tag-route.delete", "tag-route.enable", "tag-route.disable", "tag-route.edit", "tag-route.create"]);
  });

  it("refuses a second rule, a stale revision and a rule Dubbo would refuse, writing nothing", async () => {
    const rule = tagRouteSchema.parse((await create({ application: APP, rule: GRAY })).json);
    await listedAs(rule.revision);
    const again = await create({ application: APP, rule: GRAY });
    expect([again.status, errorOf(again.json).code]).toEqual([409, "conflict"]);
    const stale = await call(byId.PUT, "PUT", `/api/v1/tag-routes/${rule.id}`, { revision: "AAAAAAAAAAAAAAAA", rule: { ...GRAY, force: true } });
    expect([stale.status, errorOf(stale.json).code]).toEqual([409, "conflict"]);
    const staleDelete = await call(byId.DELETE, "DELETE", `/api/v1/tag-routes/${rule.id}?revision=nope`);
    expect(staleDelete.status).toBe(409);
    // 2.7.23 sets `force` only from a YAML boolean: a quoted "true" makes it refuse the whole rule.
    const refused = await call(byId.PUT, "PUT", `/api/v1/tag-routes/${rule.id}`, { revision: rule.revision, yaml: `force: "true"\ntags:\n  - name: gray\n    addresses: ["*"]\n` });
    expect([refused.status, errorOf(refused.json).code, errorOf(refused.json).issues?.map((i) => i.path)]).toEqual([400, "validation_failed", ["yaml"]]);
    expect(errorOf(refused.json).message).toContain("Dubbo 2.7 refuses it");
    expect(await zk.getData(NODE)).toBe(GRAY_TEXT);
  });

  it("answers typed 400s for bodies and ids it cannot take, and 404 for a rule that is not there", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ application: APP }, "rule"],
      [{ application: APP, rule: GRAY, yaml: "tags: []" }, "yaml"],
      [{ application: APP, rule: { tags: [] } }, "rule.tags"],
      [{ application: APP, rule: { tags: [{ name: "g", match: [{ key: "v", value: { exact: "1", prefix: "2" } }] }] } }, "rule.tags.0.match.0.value"],
      [{ application: "a/b", rule: GRAY }, "application"],
      [{ application: APP, rule: GRAY, extra: 1 }, "(body)"],
      [{ application: APP, rule: { tags: [{ name: "g", addresses: [] }] } }, "rule.tags.0"],
    ];
    for (const [body, path] of cases) {
      const res = await create(body);
      expect([res.status, errorOf(res.json).code], JSON.stringify(body)).toEqual([400, "validation_failed"]);
      expect(errorOf(res.json).issues?.map((i) => i.path), JSON.stringify(body)).toContain(path);
    }
    expect(await zk.getData(NODE)).toBeNull();
    const badId = await call(byId.GET, "GET", "/api/v1/tag-routes/not-an-id");
    expect([badId.status, errorOf(badId.json).code]).toEqual([400, "validation_failed"]);
    const missing = await call(byId.GET, "GET", `/api/v1/tag-routes/0.${Buffer.from(APP).toString("base64url")}`);
    expect(missing.status).toBe(404);
  });

  it("lists a rule written outside the console as such, and rolls back an edit and a delete", async () => {
    await zk.mkdirp("/dubbo/config/dubbo");
    const outside = `force: false\nkey: ${APP}\ntags:\n  - name: gray\n    addresses: ['*']\n`;
    await zk.createWithData(NODE, outside);
    const foreign = await waitFor("the outside rule listed", async () => (await list())[0]);
    expect(foreign.origin).toEqual({ by: "outside" });
    expect(foreign.notes[0]).toContain("no configVersion v3.0");

    const edited = tagRouteSchema.parse((await call(byId.PUT, "PUT", `/api/v1/tag-routes/${foreign.id}`, { revision: foreign.revision, rule: GRAY })).json);
    await listedAs(edited.revision);
    const editEntry = await newest(foreign.id, "tag-route.edit");
    const back = await call(rollback.POST, "POST", `/api/v1/tag-routes/${foreign.id}/rollback`, { auditId: editEntry.id });
    expect(back.status).toBe(200);
    expect(await zk.getData(NODE)).toBe(outside);
    const restored = (back.json as { tagRoute: TagRoute }).tagRoute;
    await listedAs(restored.revision);

    // Rolling back the edit again: the rule is no longer as that entry left it.
    const twice = await call(rollback.POST, "POST", `/api/v1/tag-routes/${foreign.id}/rollback`, { auditId: editEntry.id });
    expect([twice.status, errorOf(twice.json).code]).toEqual([409, "conflict"]);

    await call(byId.DELETE, "DELETE", `/api/v1/tag-routes/${foreign.id}?revision=${restored.revision}`);
    await waitFor("the rule to leave the list", async () => (await list()).length === 0);
    const deleteEntry = await newest(foreign.id, "tag-route.delete");
    const undeleted = await call(rollback.POST, "POST", `/api/v1/tag-routes/${foreign.id}/rollback`, { auditId: deleteEntry.id });
    expect(undeleted.status).toBe(200);
    expect(await zk.getData(NODE)).toBe(outside);
    // The trail also holds the earlier tests' entries about the same application, older than these.
    await expect.poll(async () => (await entriesOf(foreign.id)).map((e) => e.kind).slice(0, 4)).toEqual(["tag-route.rollback", "tag-route.delete", "tag-route.rollback", "tag-route.edit"]);
  });

  it("refuses a rule that leaves a registered consumer's own calls with no provider, and previews why", async () => {
    const app = rig.providers.find((p) => p.line === "2.7")!.app;
    const node = `/dubbo/config/dubbo/${app}.tag-router`;
    expect(await zk.getData(node)).toBeNull();
    const everything = { tags: [{ name: "gray", addresses: ["*"] }] };
    const answer = tagPreviewResponseSchema.parse((await call(preview.POST, "POST", "/api/v1/tag-routes/preview", { application: app, yaml: `configVersion: v3.0\nkey: ${app}\ntags:\n  - name: gray\n    addresses: ["*"]\n` })).json);
    const stranded = answer.impact.stranded.filter((s) => s.tag === null);
    expect(stranded.length).toBeGreaterThan(0);
    const refused = await create({ application: app, rule: everything });
    expect([refused.status, errorOf(refused.json).code]).toEqual([409, "strands_consumers"]);
    expect(await zk.getData(node)).toBeNull();
  });
});

async function entriesOf(id: string): Promise<{ id: string; kind: string }[]> {
  return ((await call(history.GET, "GET", `/api/v1/tag-routes/${id}/history`)).json as { entries: { id: string; kind: string }[] }).entries;
}

/** The rule's newest entry once it is of `kind` (the trail is read back through a watch). */
function newest(id: string, kind: string): Promise<{ id: string; kind: string }> {
  return waitFor(`a ${kind} entry`, async () => {
    const first = (await entriesOf(id))[0];
    return first?.kind === kind ? first : undefined;
  });
}
