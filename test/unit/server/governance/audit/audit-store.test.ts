import { describe, expect, it } from "vitest";
import type { AuditDraft, AuditEntry } from "@/lib/api/audit";
import { auditQuerySchema } from "@/lib/api/audit";
import type { Route } from "@/lib/api/routing/routes";
import { routeNodeName } from "@/lib/dubbo/rules/route-url";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { decodeAuditNode, encodeAuditDraft, isAuditEntry } from "@/server/governance/audit/audit-entry";
import { keyOfRouteId, routeHistory, selectAuditPage } from "@/server/governance/audit/audit-query";
import { routeChangeDraft, routeChangeKind } from "@/server/governance/audit/route-audit";
import { routeKeyOf } from "@/server/governance/audit/route-key";
import { routeOf } from "@/server/governance/rules/condition/route-model";
import { parseConfig } from "@/server/runtime/config";

const SERVICE = "io.audit.unit.Service";
const ACTOR = { name: "alice", role: "operator", via: "session", address: "10.0.0.1" } as const;
const at = { index: 0, registry: "zookeeper://127.0.0.1:2181", root: "/dubbo", dir: javaUrlEncode(SERVICE) };

function route(fields: Partial<{ name: string; rule: string; priority: number; enabled: boolean; force: boolean; group: string }> = {}): Route {
  const spec = { service: SERVICE, group: fields.group ?? "", version: "", name: fields.name ?? "r", rule: fields.rule ?? "=> host = 1.1.1.1", priority: fields.priority ?? 0, force: fields.force ?? false, runtime: false, enabled: fields.enabled ?? true };
  return routeOf(at, routeNodeName(spec));
}

const draft = (summary: string, extra: Partial<AuditDraft> = {}): AuditDraft => ({ at: 1, actor: ACTOR, kind: "route.create", service: SERVICE, summary, before: null, after: null, outcome: "ok", ...extra });
const entry = (id: number, extra: Partial<AuditDraft> = {}): AuditEntry => ({ id: String(id).padStart(10, "0"), ...draft(`entry ${id}`, extra) });

describe("route change kinds", () => {
  it("names a change by what it changed, whichever endpoint made it", () => {
    const base = route();
    expect(routeChangeKind(null, base)).toBe("route.create");
    expect(routeChangeKind(base, null)).toBe("route.delete");
    expect(routeChangeKind(base, route({ enabled: false }))).toBe("route.disable");
    expect(routeChangeKind(route({ enabled: false }), base)).toBe("route.enable");
    expect(routeChangeKind(base, route({ priority: 4 }))).toBe("route.priority");
    expect(routeChangeKind(base, route({ priority: 4, force: true }))).toBe("route.edit");
    expect(routeChangeKind(base, route({ rule: "=> host = 2.2.2.2" }))).toBe("route.edit");
  });

  it("keeps a route's key through edits and records the old key of a rename", () => {
    const before = route();
    const edited = routeChangeDraft(ACTOR, before, route({ rule: "=> host = 3.3.3.3" }));
    expect(edited.route).toEqual({ key: routeKeyOf(before), name: "r", id: route({ rule: "=> host = 3.3.3.3" }).id });
    const renamed = routeChangeDraft(ACTOR, before, route({ name: "s" }));
    expect(renamed.route).toMatchObject({ key: routeKeyOf(route({ name: "s" })), previousKey: routeKeyOf(before), name: "s" });
    expect(routeKeyOf(route({ group: "g" }))).not.toBe(routeKeyOf(before));
    expect(routeChangeDraft(ACTOR, before, null).route!.id).toBe(before.id);
    expect(routeChangeDraft(ACTOR, before, null, "0000000007").summary).toBe(`rolled back route "r" of ${SERVICE} to before entry 0000000007 (deleted it)`);
  });
});

describe("audit entry nodes", () => {
  it("reads back what it wrote, with the node's sequence as the id", () => {
    const d = draft("made", { before: route(), after: null, kind: "route.delete" });
    const read = decodeAuditNode("e-0000000012", encodeAuditDraft(d));
    expect(read).toEqual({ id: "0000000012", ...d });
  });

  it("cuts the largest fields to stay within the cap, and marks the entry", () => {
    const big = draft("big", { kind: "invoke", invocation: { method: "m", args: ["a".repeat(50_000)], result: "b".repeat(50_000), provider: null, elapsedMs: 1 } });
    const data = encodeAuditDraft(big, 20_000);
    expect(data.length).toBeLessThanOrEqual(20_000);
    const read = decodeAuditNode("e-0000000001", data);
    expect(isAuditEntry(read) && read.truncated).toBe(true);
    expect(isAuditEntry(read) && typeof read.invocation!.result === "string" && read.invocation!.result.startsWith('"bbb')).toBe(true);
    expect(decodeAuditNode("e-0000000001", encodeAuditDraft(draft("small"), 20_000))).not.toHaveProperty("truncated");
  });

  it("reports, never throws on, a node that is not an entry", () => {
    for (const [name, data] of [["e-0000000001", "{nope"], ["e-0000000001", '{"kind":"route.explode"}'], ["e-0000000001", "42"], ["other", "{}"]] as const) {
      const read = decodeAuditNode(name, Buffer.from(data));
      expect(isAuditEntry(read)).toBe(false);
      expect((read as { reason: string }).reason).toMatch(/./);
    }
  });
});

describe("selecting audit entries", () => {
  const entries = [5, 4, 3, 2, 1].map((i) => entry(i, { service: i % 2 ? `g/${SERVICE}:1.0` : "other.Service", actor: { ...ACTOR, name: i > 3 ? "bob" : "alice" }, kind: i === 3 ? "invoke" : "route.edit" }));
  const q = (query: Record<string, string>) => auditQuerySchema.parse(query);

  it("pages newest first, with a cursor to the next page and none after the last", () => {
    const first = selectAuditPage(entries, q({ limit: "2" }));
    expect([first.entries.map((e) => e.id), first.nextCursor]).toEqual([["0000000005", "0000000004"], "0000000004"]);
    const second = selectAuditPage(entries, q({ limit: "2", cursor: first.nextCursor! }));
    expect(second.entries.map((e) => e.id)).toEqual(["0000000003", "0000000002"]);
    const last = selectAuditPage(entries, q({ limit: "2", cursor: second.nextCursor! }));
    expect([last.entries.map((e) => e.id), last.nextCursor]).toEqual([["0000000001"], null]);
    expect(selectAuditPage(entries, q({ limit: "5" })).nextCursor).toBeNull();
  });

  it("filters by service key or interface, user and kind", () => {
    const ids = (query: Record<string, string>) => selectAuditPage(entries, q(query)).entries.map((e) => Number(e.id));
    expect(ids({ service: SERVICE })).toEqual([5, 3, 1]);
    expect(ids({ service: `g/${SERVICE}:1.0` })).toEqual([5, 3, 1]);
    expect(ids({ user: "bob" })).toEqual([5, 4]);
    expect(ids({ kind: "invoke" })).toEqual([3]);
    expect(ids({ service: SERVICE, user: "alice", kind: "route.edit" })).toEqual([1]);
  });

  it("follows a route through renames, and finds its key from any id it had", () => {
    const a = route({ name: "a" });
    const b = route({ name: "b" });
    const trail = [
      { id: "0000000003", ...routeChangeDraft(ACTOR, b, null) },
      { id: "0000000002", ...routeChangeDraft(ACTOR, a, b) },
      { id: "0000000001", ...routeChangeDraft(ACTOR, null, a) },
      { id: "0000000000", ...routeChangeDraft(ACTOR, null, route({ name: "other" })) },
    ];
    expect(routeHistory(trail, routeKeyOf(a)).map((e) => e.id)).toEqual(["0000000003", "0000000002", "0000000001"]);
    expect(routeHistory(trail, routeKeyOf(b)).map((e) => e.id)).toEqual(["0000000003", "0000000002", "0000000001"]);
    expect(keyOfRouteId(trail, a.id)).toBe(routeKeyOf(a));
    expect(keyOfRouteId(trail, b.id)).toBe(routeKeyOf(b));
    expect(keyOfRouteId(trail, "0.x.AAAAAAAAAAAAAAAA")).toBeUndefined();
  });

  it("refuses bad query parameters", () => {
    for (const bad of [{ limit: "0" }, { limit: "501" }, { kind: "x" }, { cursor: "1" }]) expect(auditQuerySchema.safeParse(bad).success).toBe(false);
    expect(auditQuerySchema.parse({}).limit).toBe(50);
  });
});

describe("audit configuration", () => {
  it("defaults to /dubbo-console/audit and 10,000 entries, and refuses a bad path or cap in one line", () => {
    expect(parseConfig({}).audit).toEqual({ path: "/dubbo-console/audit", max: 10_000 });
    expect(parseConfig({ CONSOLE_AUDIT_PATH: "/x/y", CONSOLE_AUDIT_MAX: "20" }).audit).toEqual({ path: "/x/y", max: 20 });
    for (const env of [{ CONSOLE_AUDIT_PATH: "relative" }, { CONSOLE_AUDIT_PATH: "/" }, { CONSOLE_AUDIT_PATH: "/a//b" }, { CONSOLE_AUDIT_MAX: "0" }, { CONSOLE_AUDIT_MAX: "ten" }]) {
      expect(() => parseConfig(env)).toThrow(/CONSOLE_AUDIT_(PATH|MAX)/);
    }
  });
});
