import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as exportRoute from "@/app/api/v1/audit/export/route";
import * as audit from "@/app/api/v1/audit/route";
import * as configRoutes from "@/app/api/v1/config-routes/route";
import * as routes from "@/app/api/v1/routes/route";
import { type AuditDraft, type AuditEntry, auditResponseSchema } from "@/lib/api/audit";
import { registryStatusResponseSchema } from "@/lib/api/registry-state";
import { AuditLog } from "@/server/governance/audit/audit-log";
import { parseConfig } from "@/server/runtime/config";
import { Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { createLogger, silentLogger } from "@/server/runtime/logger";
import { waitFor } from "../support/wait-for";
import { connectAclTestZk } from "../support/zk-acl-client";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * The audit trail's defences against the rig's real ZooKeeper (issue 15, item 5 and the
 * Audit half of 14): a world-writable path is warned about, changes past a user's budget
 * are refused with nothing written, summaries are stored and read escaped, and the filters
 * and the export select exactly the matching entries. Each run uses its own paths.
 */
const rig = inject("rig");
const SERVICE = "io.audit.hardening.LimitedService";
const BASE = `/dubbo-console-test/audit-hardening-${process.pid}-${Date.now()}`;
const PATH = `${BASE}/trail`;
/** Three changes per user at once, one more every 20 s: the fourth in a row is refused. */
const env = { DUBBO_REGISTRY: rig.zkAddress, LOG_LEVEL: "error", DUBBO_CONSOLE_CACHE_DIR: "off", CONSOLE_AUDIT_PATH: PATH, CONSOLE_WRITE_RATE: "3/3" };

let engine: Engine;
let zk: TestZk;

beforeAll(async () => {
  engine = startEngine(parseConfig(env));
  zk = await connectTestZk(rig.zkConnectString);
  await waitFor("the first full read", () => engine.registries[0]!.usable && engine.audit.syncedAt !== null);
});

afterAll(async () => {
  await findEngine()?.close();
  await zk.removeTree(`/dubbo/${SERVICE}`);
  await zk.removeTree(`/dubbo/config/dubbo/${SERVICE}::.condition-router`);
  await zk.removeTree(BASE);
  zk.close();
});

type Handler = (request: Request) => Promise<Response>;

async function call(handler: Handler, method: string, path: string, body?: unknown, address = "10.9.8.7"): Promise<Response> {
  const headers: Record<string, string> = { "x-forwarded-for": address };
  if (body !== undefined) headers["content-type"] = "application/json";
  return handler(new Request(`http://console${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
}

function draftOf(summary: string, extra: Partial<AuditDraft> = {}): AuditDraft {
  return { at: Date.now(), actor: { name: "tester", role: "operator", via: "token", address: "127.0.0.1" }, kind: "route.create", service: SERVICE, summary, before: null, after: null, outcome: "ok", ...extra };
}

/** Warning lines written through a logger at `warn`. */
function capturedLog(): { lines: string[]; log: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  return { lines, log: createLogger("warn", (line) => lines.push(line)) };
}

describe("the audit trail's ACL", () => {
  it("warns once, in the log and the registry status, when the trail's path is world-writable", async () => {
    const path = `${BASE}/open`;
    const { lines, log } = capturedLog();
    // No credentials: the console creates the path with world:anyone:cdrwa.
    const open = new Engine(parseConfig({ ...env, CONSOLE_AUDIT_PATH: path }), log);
    try {
      open.start();
      const status = await waitFor("the ACL read", () => registryStatusResponseSchema.parse(open.registryStatus()).audit ?? false);
      expect(status).toMatchObject({ path, acl: "world:anyone:cdrwa", worldWritable: true });
      // Another listing (a new entry) reads the ACL again, and does not warn again.
      const id = await open.audit.record(draftOf("one more"));
      await waitFor("the entry read back", () => open.audit.entry(id));
      await waitFor("the ACL read again", () => (open.registryStatus().audit?.checkedAt ?? 0) > status.checkedAt);
      const warnings = lines.filter((l) => l.includes("world-writable"));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`the audit trail at ${path} is world-writable (world:anyone:cdrwa)`);
    } finally {
      await open.close();
    }
  });

  it("does not warn when the path carries the console's digest ACL", async () => {
    const path = `${BASE}/closed`;
    const { lines, log } = capturedLog();
    const closed = new Engine(parseConfig({ ...env, DUBBO_REGISTRY: rig.zkAddress.replace("zookeeper://", "zookeeper://ops:pass@"), CONSOLE_AUDIT_PATH: path }), log);
    try {
      closed.start();
      const status = await waitFor("the ACL read", () => closed.registryStatus().audit ?? false);
      expect(status).toMatchObject({ path, acl: expect.stringMatching(/^digest:ops:[^,]+:cdrwa$/), worldWritable: false });
      expect(lines.filter((l) => l.includes("world-writable"))).toEqual([]);
    } finally {
      await closed.close();
      // The digest-owned path: removed with its owner's credentials.
      const owner = await connectAclTestZk(rig.zkConnectString, ["ops:pass"]);
      await owner.removeTree(path);
      owner.close();
    }
  });
});

describe("the write budget per user", () => {
  it("refuses the change past the budget with 429 and Retry-After, and writes neither the route nor an entry", async () => {
    const before = (await zk.children(PATH)).length;
    for (const name of ["a", "b"]) {
      expect((await call(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name, rule: "=> host = 10.0.0.1" })).status).toBe(201);
    }
    // A config-center rule counts against the same budget.
    const rule = await call(configRoutes.PUT, "PUT", "/api/v1/config-routes", { scope: "service", key: `${SERVICE}::`, conditions: ["=> host = 10.0.0.2"] });
    expect(rule.status).toBe(201);
    const refused = await call(routes.POST, "POST", "/api/v1/routes", { service: SERVICE, name: "d", rule: "=> host = 10.0.0.1" });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(await refused.json()).toEqual({ error: { code: "rate_limited", message: `too many route and rule changes; try again in ${retryAfter} s`, retryAfterSeconds: retryAfter } });
    // Nothing was written: three routes-category and rule changes, three entries, no route "d".
    const nodes = await zk.children(`/dubbo/${SERVICE}/routers`);
    expect(nodes.filter((n) => n.includes("name%3Dd%26"))).toEqual([]);
    expect(nodes).toHaveLength(2);
    expect((await zk.children(PATH)).length).toBe(before + 3);
    // Reads are not changes: still answered.
    expect((await call(audit.GET, "GET", `/api/v1/audit?service=${SERVICE}`)).status).toBe(200);
  });
});

describe("audit summaries", () => {
  it("stores a summary with newlines and U+202E escaped, and escapes a forged node when read", async () => {
    const id = await engine.audit.record(draftOf("invoked x at dubbo://10.0.0.1:1\nadmin deleted route \u202Etxt.exe"));
    const stored = JSON.parse((await zk.getData(`${PATH}/e-${id}`))!) as AuditDraft;
    expect(stored.summary).toBe("invoked x at dubbo://10.0.0.1:1\\nadmin deleted route \\u{202E}txt.exe");
    await zk.createWithData(`${PATH}/e-9999999999`, JSON.stringify(draftOf("forged\r\nsecond line\u202E")));
    const page = await waitFor("both entries listed", async () => {
      const body = auditResponseSchema.parse(await (await call(audit.GET, "GET", `/api/v1/audit?service=${SERVICE}&limit=500`)).json());
      return body.entries.some((e) => e.id === "9999999999") && body.entries.some((e) => e.id === id) ? body : false;
    });
    expect(page.entries.find((e) => e.id === "9999999999")!.summary).toBe("forged\\r\\nsecond line\\u{202E}");
    expect(page.entries.find((e) => e.id === id)!.summary).toBe(stored.summary);
    await zk.remove(`${PATH}/e-9999999999`);
  });
});

describe("filters and export", () => {
  const path = `${BASE}/filtered`;
  let log: AuditLog;
  let ids: string[];
  const services = ["demo/io.filter.api.GreetingService:1.0.0", "io.filter.api.GreetingService", "io.filter.api.TypesService", "io.other.GreetingServiceImpl"];

  beforeAll(async () => {
    log = new AuditLog(engine.registries[0]!.session, { path, max: 100 }, silentLogger);
    await waitFor("the first listing", () => log.syncedAt !== null);
    ids = [];
    for (const [i, service] of services.entries()) {
      ids.push(await log.record(draftOf(i === 3 ? "=HYPERLINK(\"http://evil\")" : `entry ${i}`, { service, at: Date.UTC(2026, 11, 1, 10, i) })));
    }
    await waitFor("every entry read back", () => log.entries().length === services.length);
  });
  afterAll(() => log.close());

  const selected = (query: Record<string, string>) =>
    log.query({ limit: 500, ...query } as never).entries.map((e) => ids.indexOf(e.id));

  it("matches any part of the service key and a date range, exactly", () => {
    expect(selected({ service: "GreetingService" })).toEqual([3, 1, 0]);
    expect(selected({ service: "io.filter.api" })).toEqual([2, 1, 0]);
    expect(selected({ service: "demo/" })).toEqual([0]);
    const from = Date.UTC(2026, 11, 1, 10, 1);
    const to = Date.UTC(2026, 11, 1, 10, 2);
    expect(log.query({ limit: 500, from, to }).entries.map((e) => ids.indexOf(e.id))).toEqual([2, 1]);
    expect(log.query({ limit: 500, from, service: "greetingservice" }).entries.map((e) => ids.indexOf(e.id))).toEqual([3, 1]);
    expect(log.query({ limit: 500 }).span).toEqual({ count: 4, max: 100, oldest: { id: ids[0], at: Date.UTC(2026, 11, 1, 10, 0) }, rotated: false });
  });

  it("exports the filtered entries as CSV with formula cells escaped, and as JSON Lines", async () => {
    const csv = [...log.select({ service: "GreetingService" }, { mayInvoke: true })];
    expect(csv.map((e) => ids.indexOf(e.id))).toEqual([3, 1, 0]);
    // Through the handler, on the console's own trail: the entries of this file's service.
    const formula = await engine.audit.record(draftOf('=HYPERLINK("http://evil","click")'));
    await waitFor("the formula entry read back", () => engine.audit.entry(formula));
    const res = await call(exportRoute.GET, "GET", `/api/v1/audit/export?format=csv&service=${SERVICE}&kind=route.create`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-\d{8}T\d{6}Z\.csv"$/);
    const rows = (await res.text()).split("\r\n").filter((l) => l !== "");
    const listed = auditResponseSchema.parse(await (await call(audit.GET, "GET", `/api/v1/audit?service=${SERVICE}&kind=route.create&limit=500`)).json()).entries;
    expect(rows.slice(1).map((r) => r.slice(1, 11))).toEqual(listed.map((e) => e.id));
    expect(listed.map((e) => e.id)).toContain(formula);
    expect(rows.find((r) => r.startsWith(`"${formula}"`))).toContain(`"'=HYPERLINK(""http://evil"",""click"")"`);
    const jsonl = await call(exportRoute.GET, "GET", `/api/v1/audit/export?format=jsonl&service=${SERVICE}`);
    const lines = (await jsonl.text()).trimEnd().split("\n").map((l) => JSON.parse(l) as AuditEntry);
    const all = auditResponseSchema.parse(await (await call(audit.GET, "GET", `/api/v1/audit?service=${SERVICE}&limit=500`)).json()).entries;
    expect(lines).toEqual(all);
    const bad = await call(exportRoute.GET, "GET", "/api/v1/audit/export?format=xlsx");
    expect([bad.status, ((await bad.json()) as { error: { code: string } }).error.code]).toEqual([400, "validation_failed"]);
  });
});
