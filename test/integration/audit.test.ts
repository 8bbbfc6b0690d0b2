import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import * as audit from "@/app/api/v1/audit/route";
import * as configRoutes from "@/app/api/v1/config-routes/route";
import * as invoke from "@/app/api/v1/invoke/route";
import * as byId from "@/app/api/v1/routes/[id]/route";
import * as disable from "@/app/api/v1/routes/[id]/disable/route";
import * as enable from "@/app/api/v1/routes/[id]/enable/route";
import * as history from "@/app/api/v1/routes/[id]/history/route";
import * as rollback from "@/app/api/v1/routes/[id]/rollback/route";
import * as routes from "@/app/api/v1/routes/route";
import { type AuditDraft, type AuditEntry, auditResponseSchema, rollbackResponseSchema, routeHistoryResponseSchema } from "@/lib/api/audit";
import { configRoutePutResponseSchema } from "@/lib/api/routing/config-routes";
import { type Route, routeSchema } from "@/lib/api/routing/routes";
import { ConflictError } from "@/server/errors/governance-errors";
import { AuditLog } from "@/server/governance/audit/audit-log";
import { routeKeyOf } from "@/server/governance/audit/route-key";
import { commitPlanned } from "@/server/governance/rules/route-store-support";
import { parseConfig } from "@/server/runtime/config";
import { Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { DEMO } from "../support/dubbo-peers";
import { startTcpProxy } from "../support/tcp-proxy";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";
import { PEER_ADDRESS_HEADER, PEER_PROOF_HEADER } from "@/server/auth/authenticator";

/**
 * The audit trail against the rig's real ZooKeeper (and a real Java provider for an
 * invocation): each change recorded once, atomically with it, seen by a second engine,
 * rotated, and robust to nodes that are not entries. Each run uses its own audit path.
 */
const rig = inject("rig");
const SERVICE = "io.audit.test.AuditedService";
const DIR = `/dubbo/${SERVICE}/routers`;
const BASE = `/dubbo-console-test/audit-${process.pid}-${Date.now()}`;
const PATH = `${BASE}/trail`;
const env = { DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", DUBBO_CONSOLE_CACHE_DIR: "off", CONSOLE_AUDIT_PATH: PATH };

let engine: Engine;
let other: Engine;
let zk: TestZk;

beforeAll(async () => {
  engine = startEngine(parseConfig(env));
  other = new Engine(parseConfig(env), silentLogger);
  other.start();
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("the first full read", () => engine.registries[0]!.usable && engine.audit.syncedAt !== null && other.audit.syncedAt !== null);
});

beforeEach(async () => {
  await zk.removeTree(`/dubbo/${SERVICE}`);
});

afterAll(async () => {
  // The engines first: a console re-creates its audit path when it goes.
  await other?.close();
  await findEngine()?.close();
  await zk.removeTree(`/dubbo/${SERVICE}`);
  await zk.removeTree(BASE);
  zk.close();
});

type Handler = (request: Request) => Promise<Response>;

/** The proof this process stamps on requests, set as the stamping server sets it (a test stands in for the server). */
function stampProof(): string {
  const stamped = Symbol.for("dubbo-console.peer-stamped");
  const holder = globalThis as { [stamped]?: string };
  holder[stamped] ??= "audit-test-proof";
  return holder[stamped];
}

async function call(handler: Handler, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  // As the console's HTTP server stamps every request with its socket's address and this process's proof (app/api/_lib/peer-address.ts).
  const headers: Record<string, string> = { [PEER_ADDRESS_HEADER]: "10.9.8.7", [PEER_PROOF_HEADER]: stampProof() };
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await handler(new Request(`http://console${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
  return { status: res.status, json: await res.json() };
}

const route = (json: unknown) => routeSchema.parse(json);
/** The entry nodes ZooKeeper holds now. */
const nodes = async () => (await zk.children(PATH)).filter((n) => n.startsWith("e-")).sort();
/** The id of the newest entry `engine` holds now ("" for none): entries of a test are those after it. */
let mark = "";
beforeEach(() => {
  mark = engine.audit.entries()[0]?.id ?? "";
});

/** The entries of the service made in this test, oldest first, once `count` of them are in `e`'s index. */
async function entriesOf(e: Engine, count: number, service = SERVICE, timeoutMs?: number): Promise<AuditEntry[]> {
  return waitFor(`${count} entries for ${service}`, () => {
    const all = e.audit.query({ service, limit: 500 }).entries.filter((x) => x.id > mark);
    return all.length === count ? [...all].reverse() : false;
  }, timeoutMs);
}

describe("the audit trail of route changes", () => {
  it("records each kind of route change once, with who, from where, and the route before and after", async () => {
    const start = (await nodes()).length;
    const created = route((await call(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: "audited", rule: "=> host = 10.0.0.1" })).json);
    const edited = route((await call(byId.PUT, "PUT", `/api/v1/routes/${created.id}`, { revision: created.revision, rule: "=> host = 10.0.0.2" })).json);
    const prioritised = route((await call(byId.PUT, "PUT", `/api/v1/routes/${edited.id}`, { revision: edited.revision, priority: 5 })).json);
    const disabled = route((await call(disable.POST, "POST", `/api/v1/routes/${prioritised.id}/disable`)).json);
    const enabled = route((await call(enable.POST, "POST", `/api/v1/routes/${disabled.id}/enable`)).json);
    const deleted = await call(byId.DELETE, "DELETE", `/api/v1/routes/${enabled.id}?revision=${enabled.revision}`);
    expect(deleted.status).toBe(200);

    expect((await nodes()).length).toBe(start + 6);
    const entries = await entriesOf(engine, 6);
    expect(entries.map((e) => e.kind)).toEqual(["route.create", "route.edit", "route.priority", "route.disable", "route.enable", "route.delete"]);
    const states: [Route | null, Route | null][] = [
      [null, created],
      [created, edited],
      [edited, prioritised],
      [prioritised, disabled],
      [disabled, enabled],
      [enabled, null],
    ];
    entries.forEach((e, i) => {
      expect([e.before, e.after]).toEqual(states[i]);
      expect(e.actor).toEqual({ name: "anonymous", role: "admin", via: "anonymous", address: "10.9.8.7" });
      expect(e).toMatchObject({ service: SERVICE, outcome: "ok", route: { key: routeKeyOf(created), name: "audited", id: (states[i]![1] ?? states[i]![0])!.id } });
    });
    expect(entries[2]!.summary).toBe(`changed the priority of route "audited" of ${SERVICE} from 0 to 5`);
    // Ids grow with time, and the page answers newest first.
    // The first test of the run: the trail holds only its entries.
    expect(start).toBe(0);
    const page = auditResponseSchema.parse((await call(audit.GET, "GET", `/api/v1/audit?service=${SERVICE}&limit=4`)).json);
    expect(page.entries.map((e) => e.kind)).toEqual(["route.delete", "route.enable", "route.disable", "route.priority"]);
    const rest = auditResponseSchema.parse((await call(audit.GET, "GET", `/api/v1/audit?service=${SERVICE}&limit=4&cursor=${page.nextCursor}`)).json);
    expect([rest.entries.map((e) => e.kind), rest.nextCursor]).toEqual([["route.edit", "route.create"], null]);
    const byKind = auditResponseSchema.parse((await call(audit.GET, "GET", `/api/v1/audit?service=${SERVICE}&kind=route.edit`)).json);
    expect(byKind.entries.map((e) => e.id)).toEqual([entries[1]!.id]);

    // The second engine on the same ZooKeeper holds the same entries within a second.
    expect(await entriesOf(other, 6, SERVICE, 1_000)).toEqual(entries);
  });

  it("records one entry when two engines edit the same route at once: one wins, the other gets 409", async () => {
    const created = route((await call(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: "raced", rule: "=> host = 10.0.0.1" })).json);
    const outcomes = await Promise.allSettled([
      engine.routes.replace(created.id, created.revision, { priority: 1 }),
      other.routes.replace(created.id, created.revision, { priority: 2 }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const lost = outcomes.find((o) => o.status === "rejected")!;
    expect((lost.reason as ConflictError).code).toBe("conflict");
    const won = (outcomes.find((o) => o.status === "fulfilled") as PromiseFulfilledResult<Route>).value;
    const entries = await entriesOf(other, 2);
    expect(entries.map((e) => [e.kind, e.after])).toEqual([["route.create", created], ["route.priority", won]]);
    expect(await zk.children(DIR)).toEqual([won.node.slice(DIR.length + 1)]);
  });

  it("answers 400 validation_failed for a bad query", async () => {
    for (const q of ["limit=0", "limit=501", "kind=route.explode", "cursor=12"]) {
      const res = await call(audit.GET, "GET", `/api/v1/audit?${q}`);
      expect([q, res.status, (res.json as { error: { code: string } }).error.code]).toEqual([q, 400, "validation_failed"]);
    }
  });

  it("records nothing for a refused change (409) and nothing for a multi ZooKeeper refuses", async () => {
    const created = route((await call(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: "refused", rule: "=> host = 10.0.0.1" })).json);
    await call(byId.PUT, "PUT", `/api/v1/routes/${created.id}`, { revision: created.revision, priority: 1 });
    const before = await nodes();
    const stale = await call(byId.PUT, "PUT", `/api/v1/routes/${created.id}`, { revision: created.revision, priority: 2 });
    expect(stale.status).toBe(409);
    const dup = await call(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: "refused", rule: "=> host = 10.0.0.9" });
    expect(dup.status).toBe(409);
    // A multi whose route operation ZooKeeper refuses (a node that is not there) carries the audit create with it.
    const draft: AuditDraft = { at: Date.now(), actor: { name: "t", role: "admin", via: "token", address: "x" }, kind: "route.delete", service: SERVICE, summary: "never", before: null, after: null, outcome: "ok" };
    const refused = commitPlanned(
      engine.registries[0]!.session,
      DIR,
      async () => ({ ops: [{ type: "remove", path: `${DIR}/not-there`, version: -1 }], copyOps: [], audit: draft, refused: () => new ConflictError("refused") }),
      { writer: engine.audit, log: silentLogger },
    );
    await expect(refused).rejects.toThrow(ConflictError);
    expect(await nodes()).toEqual(before);
  });

  it("keeps a route's history through edits and its deletion, and rolls a delete, an edit and a create back, each rollback recorded", async () => {
    const created = route((await call(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: "undo", rule: "=> host = 10.0.0.1" })).json);
    const edited = route((await call(byId.PUT, "PUT", `/api/v1/routes/${created.id}`, { revision: created.revision, rule: "=> host = 10.0.0.2", name: "undone" })).json);
    await call(byId.DELETE, "DELETE", `/api/v1/routes/${edited.id}?revision=${edited.revision}`);
    const all = await entriesOf(engine, 3);
    // Any id the route had finds its whole history, renamed or deleted.
    for (const id of [created.id, edited.id]) {
      const h = routeHistoryResponseSchema.parse((await call(history.GET, "GET", `/api/v1/routes/${id}/history`)).json);
      expect(h.entries.map((e) => e.kind)).toEqual(["route.delete", "route.edit", "route.create"]);
    }
    // A create cannot be undone while later entries stand: 409, nothing written.
    const before = await nodes();
    const early = await call(rollback.POST, "POST", `/api/v1/routes/${edited.id}/rollback`, { auditId: all[0]!.id });
    expect([early.status, (early.json as { error: { code: string } }).error.code]).toEqual([409, "conflict"]);
    expect(await nodes()).toEqual(before);
    // Undo the delete: the route is back as it was.
    const back = rollbackResponseSchema.parse((await call(rollback.POST, "POST", `/api/v1/routes/${edited.id}/rollback`, { auditId: all[2]!.id })).json);
    expect(back.route).toEqual(edited);
    // Undo the rename and rule edit, then the create.
    const renamedBack = rollbackResponseSchema.parse((await call(rollback.POST, "POST", `/api/v1/routes/${edited.id}/rollback`, { auditId: all[1]!.id })).json);
    expect(renamedBack.route).toEqual(created);
    const gone = rollbackResponseSchema.parse((await call(rollback.POST, "POST", `/api/v1/routes/${created.id}/rollback`, { auditId: all[0]!.id })).json);
    expect(gone.route).toBeNull();
    expect(await zk.children(DIR)).toEqual([]);
    const after = await entriesOf(engine, 6);
    expect(after.slice(3).map((e) => [e.kind, e.before, e.after])).toEqual([
      ["route.rollback", null, edited],
      ["route.rollback", edited, created],
      ["route.rollback", created, null],
    ]);
    expect(after[3]!.summary).toContain(`to before entry ${all[2]!.id}`);
    const missing = await call(rollback.POST, "POST", `/api/v1/routes/${created.id}/rollback`, { auditId: "9999999998" });
    expect(missing.status).toBe(404);
  });
});

describe("the audit trail of config-center rules", () => {
  const key = `${SERVICE}::`;
  const node = `/dubbo/config/dubbo/${key}.condition-router`;
  afterAll(() => zk.removeTree(node));

  it("records a rule's create, edit and delete in the multi that writes it, and nothing for a refused write", async () => {
    await zk.removeTree(node);
    const start = (await nodes()).length;
    const body = { scope: "service", key, conditions: ["=> host = 127.0.0.9"] };
    const created = configRoutePutResponseSchema.parse((await call(configRoutes.PUT, "PUT", "/api/v1/config-routes", body)).json).route;
    const stale = await call(configRoutes.PUT, "PUT", "/api/v1/config-routes", { ...body, revision: 5 });
    expect(stale.status).toBe(409);
    const edited = configRoutePutResponseSchema.parse((await call(configRoutes.PUT, "PUT", "/api/v1/config-routes", { ...body, enabled: false, revision: created.revision })).json).route;
    await waitFor("the edit in the config-center view", () => engine.configRoutes.centers[0]!.get(key)?.version === edited.revision);
    const deleted = await call(configRoutes.DELETE, "DELETE", `/api/v1/config-routes?key=${encodeURIComponent(key)}&revision=${edited.revision}`);
    expect(deleted.status).toBe(200);
    expect((await nodes()).length).toBe(start + 3);
    const entries = await entriesOf(engine, 3);
    expect(entries.map((e) => [e.kind, e.before, e.after])).toEqual([
      ["config-route.create", null, created],
      ["config-route.edit", expect.objectContaining({ revision: created.revision }), edited],
      ["config-route.delete", edited, null],
    ]);
  });
});

describe("the audit log's store", () => {
  it("keeps the newest entries up to its cap, deleting the oldest after a write", async () => {
    const path = `${BASE}/rotated`;
    const log = new AuditLog(engine.registries[0]!.session, { path, max: 3 }, silentLogger);
    try {
      await waitFor("the first listing", () => log.syncedAt !== null);
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.push(await log.record(draftOf(`entry ${i}`)));
      await waitFor("the trail cut to 3", async () => (await zk.children(path)).length === 3);
      expect((await zk.children(path)).sort()).toEqual(ids.slice(4).map((id) => `e-${id}`));
      await waitFor("the index to follow", () => log.entries().length === 3);
      expect(log.entries().map((e) => e.summary)).toEqual(["entry 6", "entry 5", "entry 4"]);
    } finally {
      log.close();
    }
  });

  it("lists the trail again after a lost session, with what was written and deleted meanwhile", async () => {
    const path = `${BASE}/resync`;
    const writer = new AuditLog(engine.registries[0]!.session, { path, max: 100 }, silentLogger);
    const proxy = await startTcpProxy(Number(rig.zkConnectString.split(":").at(-1)));
    const cut = new Engine(parseConfig({ ...env, DUBBO_REGISTRY: `zookeeper://127.0.0.1:${proxy.port}?session=2000&timeout=1000`, CONSOLE_AUDIT_PATH: path }), silentLogger);
    try {
      cut.start();
      const first = await writer.record(draftOf("before the cut"));
      await waitFor("the cut console to read it", () => cut.audit.syncedAt !== null && cut.audit.entry(first));
      const session = cut.registries[0]!.session;
      const lost = new Promise<void>((resolve) => session.onState((s) => s.type === "lost" && resolve()));
      await proxy.cut();
      const second = await writer.record(draftOf("during the cut"));
      await zk.remove(`${path}/e-${first}`);
      await lost;
      await proxy.restore();
      await waitFor("the new session's listing", () => cut.audit.entry(second) !== undefined && cut.audit.entry(first) === undefined, 30_000);
      expect(cut.audit.entries().map((e) => e.summary)).toEqual(["during the cut"]);
    } finally {
      writer.close();
      await cut.close();
      await proxy.close();
    }
  });

  it("skips a node that is not an entry, and still reads the others", async () => {
    const path = `${BASE}/bad`;
    await zk.createWithData(`${path}/e-9999999990`, "{not json");
    await zk.createWithData(`${path}/e-9999999991`, JSON.stringify({ kind: "route.explode" }));
    await zk.createWithData(`${path}/foreign`, "{}");
    const log = new AuditLog(engine.registries[0]!.session, { path, max: 100 }, silentLogger);
    try {
      const id = await log.record(draftOf("good"));
      await waitFor("the good entry", () => log.entry(id));
      expect(log.entries().map((e) => e.summary)).toEqual(["good"]);
    } finally {
      log.close();
    }
  });

  it("cuts an entry to its size cap and says so", async () => {
    const path = `${BASE}/capped`;
    const log = new AuditLog(engine.registries[0]!.session, { path, max: 100, maxEntryBytes: 2_000 }, silentLogger);
    try {
      const huge = { ...draftOf("huge"), kind: "invoke" as const, invocation: { method: "m", args: ["x".repeat(10_000)], result: "y".repeat(10_000), provider: null, elapsedMs: 1 } };
      const id = await log.record(huge);
      const entry = await waitFor("the capped entry", () => log.entry(id));
      expect(entry.truncated).toBe(true);
      expect(Buffer.byteLength((await zk.getData(`${path}/e-${id}`))!)).toBeLessThanOrEqual(2_000 + 8_500);
      expect(typeof entry.invocation!.result).toBe("string");
    } finally {
      log.close();
    }
  });
});

describe("the audit trail of invocations", () => {
  it("records a call to a real Java provider with its outcome, provider, time and arguments, and a failed one with its error", async () => {
    const provider = rig.providers.find((p) => p.registerMode === "interface")!;
    const ok = await call(invoke.POST, "POST", "/api/v1/invoke", { service: DEMO.greeting.interface, method: "whoAmI", args: [], provider: provider.address });
    expect(ok.status).toBe(200);
    const bad = await call(invoke.POST, "POST", "/api/v1/invoke", { service: DEMO.greeting.interface, method: "whoAmI", args: [], provider: "10.255.0.1:20880", timeoutMs: 500 });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const entries = await entriesOf(engine, 2, DEMO.greeting.interface);
    expect(entries[0]).toMatchObject({ kind: "invoke", outcome: "ok", before: null, after: null, actor: { address: "10.9.8.7" }, invocation: { method: "whoAmI", args: [], result: provider.address, provider: provider.address } });
    expect(entries[0]!.invocation!.elapsedMs).toBeGreaterThan(0);
    expect(entries[1]).toMatchObject({ kind: "invoke", outcome: "error", error: { code: (bad.json as { error: { code: string } }).error.code } });
  });
});

function draftOf(summary: string): AuditDraft {
  return { at: Date.now(), actor: { name: "tester", role: "operator", via: "token", address: "127.0.0.1" }, kind: "route.create", service: SERVICE, summary, before: null, after: null, outcome: "ok" };
}
