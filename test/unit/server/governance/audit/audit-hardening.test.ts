import { describe, expect, it } from "vitest";
import { type AuditDraft, type AuditEntry, auditExportQuerySchema, auditQuerySchema } from "@/lib/api/audit";
import { auditExportHref } from "@/lib/api/audit-filter";
import { localMinuteInstant } from "@/lib/audit/local-minute";
import { SUMMARY_MAX_CHARS, safeSummary } from "@/lib/audit/summary-text";
import { ValidationError } from "@/lib/errors";
import { decodeAuditNode, encodeAuditDraft } from "@/server/governance/audit/audit-entry";
import { AUDIT_CSV_COLUMNS, auditExportStream, csvCell, csvCells } from "@/server/governance/audit/audit-export";
import { auditMatcher, selectAuditPage, trailSpan } from "@/server/governance/audit/audit-query";
import { entryFor } from "@/server/governance/audit/audit-visibility";
import { invocationDraft } from "@/server/governance/audit/invoke-audit";
import { ForbiddenError } from "@/server/errors/auth-errors";
import { DEFAULT_WRITE_RATE, parseConfig } from "@/server/runtime/config";

const ACTOR = { name: "alice", role: "invoker", via: "session", address: "10.0.0.1" } as const;
const draft = (extra: Partial<AuditDraft> = {}): AuditDraft => ({ at: 1_000, actor: ACTOR, kind: "route.create", service: "io.x.Svc", summary: "s", before: null, after: null, outcome: "ok", ...extra });
const entry = (id: number, extra: Partial<AuditDraft> = {}): AuditEntry => ({ id: String(id).padStart(10, "0"), ...draft(extra) });
const call = (extra: Partial<AuditDraft> = {}) =>
  entry(7, { kind: "invoke", invocation: { method: "pay", parameterTypes: ["java.lang.String"], args: ["card 4111"], result: { balance: 12 }, provider: "10.0.0.9:20880", elapsedMs: 3 }, ...extra });

describe("audit summaries", () => {
  it("escapes newlines, control characters and bidirectional overrides visibly", () => {
    expect(safeSummary("invoked x at dubbo://a\nforged line\r\t\u0007")).toBe("invoked x at dubbo://a\\nforged line\\r\\t\\u{0007}");
    expect(safeSummary("at \u202Emoc.elpmaxe\u202C \u2066x\u2069 \u200F \u061C \u2028 \u0085 \uFEFF")).toBe(
      "at \\u{202E}moc.elpmaxe\\u{202C} \\u{2066}x\\u{2069} \\u{200F} \\u{061C} \\u{2028} \\u{0085} \\u{FEFF}",
    );
    expect(safeSummary("lone \ud800 surrogate, pair 😀 kept")).toBe("lone \\u{D800} surrogate, pair 😀 kept");
  });

  it("is idempotent and leaves ordinary text alone", () => {
    const once = safeSummary('edited route "a\nb" of g/io.x.Svc:1.0: rule, ümlaut, 中文');
    expect(safeSummary(once)).toBe(once);
    expect(safeSummary("created route \"r\" of io.x.Svc")).toBe("created route \"r\" of io.x.Svc");
  });

  it("bounds the length without splitting an escape or a surrogate pair", () => {
    const long = safeSummary("x".repeat(2_000));
    expect(long.length).toBe(SUMMARY_MAX_CHARS);
    expect(long.endsWith("…")).toBe(true);
    const escapes = safeSummary(`${"x".repeat(SUMMARY_MAX_CHARS - 5)}\u202E\u202E`);
    expect(escapes).toBe(`${"x".repeat(SUMMARY_MAX_CHARS - 5)}…`);
    const pair = safeSummary(`${"x".repeat(SUMMARY_MAX_CHARS - 2)}😀😀`);
    expect(pair).toBe(`${"x".repeat(SUMMARY_MAX_CHARS - 2)}…`);
  });

  it("stores a refused invocation's url text escaped, as its one-line summary", () => {
    const body = { service: "io.x.Svc", method: "m", args: [], url: "dubbo://10.0.0.1:20880\n2026-12-01 admin: deleted every route \u202Etxt.exe" } as never;
    const drafted = invocationDraft({ ...ACTOR, via: "session" }, body, { error: new ForbiddenError("refused") }, 1, 5);
    const stored = JSON.parse(encodeAuditDraft(drafted).toString("utf8")) as AuditDraft;
    expect(stored.summary).toBe("invoked io.x.Svc#m at dubbo://10.0.0.1:20880\\n2026-12-01 admin: deleted every route \\u{202E}txt.exe: forbidden");
  });

  it("is stored escaped, and a forged node is escaped when read", () => {
    const stored = JSON.parse(encodeAuditDraft(draft({ summary: "a\nb\u202E" })).toString("utf8")) as AuditDraft;
    expect(stored.summary).toBe("a\\nb\\u{202E}");
    const forged = Buffer.from(JSON.stringify(draft({ summary: "ok\n2026-01-01 admin deleted everything\u202E" })));
    expect(decodeAuditNode("e-0000000001", forged)).toMatchObject({ summary: "ok\\n2026-01-01 admin deleted everything\\u{202E}" });
  });
});

describe("audit filters", () => {
  const entries = [
    entry(6, { service: "demo/io.dubboconsole.demo.api.TypesService:1.0.0", at: 6_000 }),
    entry(5, { service: "io.dubboconsole.demo.api.GreetingService", at: 5_000 }),
    entry(4, { service: "other.Service", at: 4_000 }),
    entry(3, { service: "demo/io.dubboconsole.demo.api.GreetingService:2.0.0", at: 3_000 }),
  ];
  const ids = (query: Record<string, string>) => selectAuditPage(entries, auditQuerySchema.parse(query)).entries.map((e) => Number(e.id));

  it("matches any part of the service key, case-insensitively", () => {
    expect(ids({ service: "GreetingService" })).toEqual([5, 3]);
    expect(ids({ service: "io.dubboconsole.demo" })).toEqual([6, 5, 3]);
    expect(ids({ service: "demo/" })).toEqual([6, 3]);
    expect(ids({ service: "greetingservice:2.0.0" })).toEqual([3]);
    expect(ids({ service: "io.dubboconsole.demo.api.GreetingService" })).toEqual([5, 3]);
    expect(ids({ service: "nothing" })).toEqual([]);
  });

  it("keeps the entries of a date range, both ends inclusive, in either form", () => {
    expect(ids({ from: "4000", to: "5000" })).toEqual([5, 4]);
    expect(ids({ from: new Date(5_000).toISOString() })).toEqual([6, 5]);
    expect(ids({ to: "1970-01-01T01:00:04+01:00" })).toEqual([4, 3]);
    expect(ids({ from: "3001", service: "Greeting" })).toEqual([5]);
  });

  it("refuses a range that ends before it starts, and a date-time without an offset", () => {
    expect(() => auditMatcher(auditQuerySchema.parse({ from: "5000", to: "4000" }))).toThrow(ValidationError);
    expect(auditQuerySchema.safeParse({ from: "2026-12-01T10:00" }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ to: "yesterday" }).error?.issues[0]?.message).toMatch(/^to must be an ISO 8601 date-time with an offset/);
  });

  it("reads the page's local minutes as instants, the end through its last millisecond", () => {
    const start = localMinuteInstant("2026-12-01T10:30");
    expect(new Date(start).getTime()).toBe(new Date(2026, 11, 1, 10, 30).getTime());
    expect(new Date(localMinuteInstant("2026-12-01T10:30", true)).getTime() - new Date(start).getTime()).toBe(59_999);
    expect([localMinuteInstant(""), localMinuteInstant("2026-02-31T10:00"), localMinuteInstant("junk")]).toEqual(["", "", ""]);
  });

  it("says how far back the trail goes and whether older entries are gone", () => {
    expect(trailSpan(entries, 10)).toEqual({ count: 4, max: 10, oldest: { id: "0000000003", at: 3_000 }, rotated: true });
    expect(trailSpan([entry(1), entry(0)], 10)).toEqual({ count: 2, max: 10, oldest: { id: "0000000000", at: 1_000 }, rotated: false });
    expect(trailSpan([entry(1), entry(0)], 2).rotated).toBe(true);
    expect(trailSpan([], 10)).toEqual({ count: 0, max: 10, oldest: null, rotated: false });
  });
});

describe("who sees invocation data", () => {
  it("withholds arguments, result and a business exception's message from a role that may not invoke", () => {
    const seen = entryFor(call({ outcome: "error", error: { code: "business_exception", message: "io.x.CardDeclined: card 4111 declined" } }), { mayInvoke: false });
    const json = JSON.parse(JSON.stringify(seen)) as AuditEntry;
    expect(json.invocation).toEqual({ method: "pay", parameterTypes: ["java.lang.String"], provider: "10.0.0.9:20880", elapsedMs: 3, withheld: true });
    expect(json.error).toEqual({ code: "business_exception", message: "io.x.CardDeclined" });
    expect(JSON.stringify(json)).not.toContain("4111");
  });

  it("shows everything to a role that may invoke, and leaves route entries alone", () => {
    const whole = call();
    expect(entryFor(whole, { mayInvoke: true })).toBe(whole);
    const change = entry(1);
    expect(entryFor(change, { mayInvoke: false })).toBe(change);
  });
});

describe("audit export", () => {
  it("prefixes cells a spreadsheet would read as a formula, and quotes every cell", () => {
    expect(["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "plain", "a=b"].map(csvCell)).toEqual([
      '"\'=HYPERLINK(""x"")"',
      '"\'+1"',
      '"\'-2"',
      '"\'@SUM(A1)"',
      '"\'\tx"',
      '"\'\rx"',
      '"plain"',
      '"a=b"',
    ]);
  });

  it("writes one row per entry in the columns' order, invocation data only when not withheld", () => {
    const cells = csvCells(call());
    expect(cells).toHaveLength(AUDIT_CSV_COLUMNS.length);
    const row = Object.fromEntries(AUDIT_CSV_COLUMNS.map((c, i) => [c, cells[i]]));
    expect(row).toMatchObject({ id: "0000000007", time: "1970-01-01T00:00:01.000Z", user: "alice", kind: "invoke", arguments: '["card 4111"]', result: '{"balance":12}', invocation_withheld: "", elapsed_ms: "3" });
    const hidden = Object.fromEntries(AUDIT_CSV_COLUMNS.map((c, i) => [c, csvCells(entryFor(call(), { mayInvoke: false }))[i]]));
    expect(hidden).toMatchObject({ arguments: "", result: "", invocation_withheld: "true", method: "pay" });
  });

  it("streams CSV with a header and JSON Lines, a chunk at a time, for thousands of entries", async () => {
    const many = Array.from({ length: 1_001 }, (_, i) => entry(1_001 - i, { summary: i === 0 ? "=cmd|' /C calc'!A0" : `entry ${i}` }));
    const bytes = Buffer.from(await new Response(auditExportStream(many, "csv")).arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheets read the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.map((c) => `"${c}"`).join(","));
    expect(lines).toHaveLength(1 + 1_001 + 1);
    expect(lines[1]).toContain(`"'=cmd|' /C calc'!A0"`);
    const jsonl = (await new Response(auditExportStream(many, "jsonl")).text()).trimEnd().split("\n");
    expect(jsonl.map((l) => (JSON.parse(l) as AuditEntry).id)).toEqual(many.map((e) => e.id));
  });

  it("takes the list's filters and a format, csv when left out", () => {
    expect(auditExportQuerySchema.parse({}).format).toBe("csv");
    expect(auditExportQuerySchema.safeParse({ format: "xlsx" }).success).toBe(false);
    expect(auditExportHref({ service: "Greeting", kind: "", from: "2026-12-01T09:30:00.000Z" }, "jsonl")).toBe("/api/v1/audit/export?format=jsonl&service=Greeting&from=2026-12-01T09%3A30%3A00.000Z");
  });
});

describe("CONSOLE_WRITE_RATE", () => {
  it("reads PER_MINUTE or PER_MINUTE/BURST, and refuses anything else naming the variable", () => {
    expect(parseConfig({}).writeRate).toEqual(DEFAULT_WRITE_RATE);
    expect(parseConfig({ CONSOLE_WRITE_RATE: "30" }).writeRate).toEqual({ perMinute: 30, burst: 30 });
    expect(parseConfig({ CONSOLE_WRITE_RATE: " 6/2 " }).writeRate).toEqual({ perMinute: 6, burst: 2 });
    for (const bad of ["0", "1/0", "-1", "1.5", "a/b", "1/2/3"]) expect(() => parseConfig({ CONSOLE_WRITE_RATE: bad })).toThrow(/^invalid CONSOLE_WRITE_RATE/);
  });
});
