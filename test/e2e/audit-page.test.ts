import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { type AuditDraft, type AuditEntry, auditResponseSchema } from "@/lib/api/audit";
import { registryStatusResponseSchema } from "@/lib/api/registry-state";
import { launchBrowser, openThemedPage, streamSettled } from "../support/browser";
import { type ConsoleHandle, startConsole } from "../support/console-server";
import { DEMO } from "../support/dubbo-peers";
import { type TestRole as Role, type TestUsers, writeUsersFile } from "../support/users-file";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * The audit trail over HTTP against the built console, signed in as each role, and its
 * pages in Chromium (issue 15, item 5 and the Audit half of 14): invocation data only for
 * roles that may invoke (in the answer itself and in the export), the write budget per user
 * with real sockets, forged summaries shown escaped, the Audit page's range note, filters
 * and export, and the Registry page's warning for a world-writable trail (this console has
 * no ZooKeeper credentials, so its trail is world-writable).
 */
const rig = inject("rig");
const GREETING = DEMO.greeting.interface;
const SERVICE = `io.audit.e2e.Service${process.pid}`;
const AUDIT_PATH = `/dubbo-console-test/audit-e2e-${process.pid}-${Date.now()}`;
const SCREENSHOTS = process.env.AUDIT_SCREENSHOTS ?? "/tmp";
/** Five changes per user in a row, then 429. */
const WRITE_BURST = 5;

let dir: string;
let users: TestUsers;
let server: ConsoleHandle;
let browser: Browser;
let zk: TestZk;
const contexts: BrowserContext[] = [];

/** The API as `role`, by its token from the users file. */
function api(role: Role, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${users.tokens[role]}`, "content-type": "application/json", ...init.headers } });
}

async function trail(role: Role, query: string): Promise<AuditEntry[]> {
  const res = await api(role, `/api/v1/audit?${query}`);
  expect(res.status).toBe(200);
  return auditResponseSchema.parse(await res.json()).entries;
}

function draft(summary: string, at: number, extra: Partial<AuditDraft> = {}): AuditDraft {
  return { at, actor: { name: "mallory", role: "admin", via: "token", address: "10.6.6.6" }, kind: "route.create", service: SERVICE, summary, before: null, after: null, outcome: "ok", ...extra };
}

let invokedId = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "audit-page-"));
  users = await writeUsersFile(dir);
  [server, browser, zk] = await Promise.all([
    startConsole({ DUBBO_REGISTRY: rig.zkAddress, ...users.env, CONSOLE_AUDIT_PATH: AUDIT_PATH, CONSOLE_WRITE_RATE: `${WRITE_BURST}/${WRITE_BURST}` }),
    launchBrowser(),
    connectTestZk(rig.zkConnectString),
  ]);
  await waitFor("the console's registries and trail", async () => {
    const body = registryStatusResponseSchema.parse(await (await api("admin", "/api/v1/registry")).json());
    return body.registries.every((r) => r.syncedAt !== null) && body.audit !== null;
  });
  // An invocation with arguments and a result, by the invoker.
  const provider = rig.providers.find((p) => p.registerMode === "interface")!;
  const invoked = await api("invoker", "/api/v1/invoke", { method: "POST", body: JSON.stringify({ service: GREETING, method: "greet", parameterTypes: ["java.lang.String"], args: ["secret-argument-4111"], provider: provider.address }) });
  expect(invoked.status).toBe(200);
  invokedId = await waitFor("the invocation's entry", async () => (await trail("admin", `kind=invoke&service=${GREETING}&user=invoker-token`))[0]?.id ?? false);
  // Entries written straight into ZooKeeper, as any client may where the path is world-writable: at known times, one forged summary.
  await zk.createWithData(`${AUDIT_PATH}/e-9000000001`, JSON.stringify(draft("old entry", Date.UTC(2026, 0, 10, 12, 0), { service: `demo/${SERVICE}:1.0.0` })));
  await zk.createWithData(`${AUDIT_PATH}/e-9000000002`, JSON.stringify(draft("forged\nadmin deleted every route \u202Etxt.exe", Date.UTC(2026, 0, 20, 12, 0))));
  await zk.createWithData(`${AUDIT_PATH}/e-9000000003`, JSON.stringify(draft("=HYPERLINK(\"http://evil\")", Date.UTC(2026, 1, 1, 12, 0), { service: "io.audit.e2e.Other" })));
  await waitFor("the written entries listed", async () => (await trail("admin", "user=mallory&limit=500")).length === 3);
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await zk?.removeTree(`/dubbo/${SERVICE}`);
  await zk?.removeTree(AUDIT_PATH);
  zk?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("invocation data in the audit trail", () => {
  it("is answered to roles that may invoke, and left out of the answer for the others", async () => {
    for (const role of ["invoker", "admin"] as const) {
      const [entry] = await trail(role, `kind=invoke&service=${GREETING}&user=invoker-token`);
      expect(entry!.id).toBe(invokedId);
      expect(entry!.invocation).toMatchObject({ method: "greet", args: ["secret-argument-4111"], result: expect.stringContaining("secret-argument-4111") });
      expect(entry!.invocation!.withheld).toBeUndefined();
    }
    for (const role of ["viewer", "operator"] as const) {
      const res = await api(role, `/api/v1/audit?kind=invoke&service=${GREETING}&user=invoker-token`);
      const text = await res.text();
      expect(text).not.toContain("secret-argument-4111");
      const [entry] = auditResponseSchema.parse(JSON.parse(text)).entries;
      expect(entry!.invocation).toEqual({ method: "greet", parameterTypes: ["java.lang.String"], provider: expect.any(String), elapsedMs: expect.any(Number), withheld: true });
    }
  });

  it("is withheld from the export the same way", async () => {
    const viewer = await (await api("viewer", `/api/v1/audit/export?format=jsonl&kind=invoke&service=${GREETING}`)).text();
    expect(viewer).toContain(invokedId);
    expect(viewer).not.toContain("secret-argument-4111");
    const csv = await (await api("viewer", `/api/v1/audit/export?format=csv&kind=invoke&service=${GREETING}`)).text();
    expect(csv).toContain(invokedId);
    expect(csv).not.toContain("secret-argument-4111");
    expect(await (await api("invoker", `/api/v1/audit/export?format=jsonl&kind=invoke&service=${GREETING}`)).text()).toContain("secret-argument-4111");
  });
});

describe("the write budget per user", () => {
  it("answers the change past the budget 429 with Retry-After, writing neither route nor entry, and counts each user apart", async () => {
    const before = (await zk.children(AUDIT_PATH)).length;
    const body = (name: string) => JSON.stringify({ service: SERVICE, name, rule: "=> host = 10.0.0.1" });
    for (let i = 0; i < WRITE_BURST; i++) expect((await api("operator", "/api/v1/routes", { method: "POST", body: body(`budget-${i}`) })).status).toBe(201);
    const refused = await api("operator", "/api/v1/routes", { method: "POST", body: body("budget-over") });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect((await zk.children(`/dubbo/${SERVICE}/routers`)).filter((n) => n.includes("budget-over"))).toEqual([]);
    expect((await zk.children(`/dubbo/${SERVICE}/routers`))).toHaveLength(WRITE_BURST);
    expect((await zk.children(AUDIT_PATH)).length).toBe(before + WRITE_BURST);
    // Another user has a budget of their own.
    expect((await api("admin", "/api/v1/routes", { method: "POST", body: body("budget-other-user") })).status).toBe(201);
  });
});

describe("forged and hostile summaries", () => {
  it("are answered escaped, and exported with formula cells neutralised", async () => {
    const [forged] = await trail("viewer", `service=${SERVICE}&user=mallory&to=${Date.UTC(2026, 0, 31)}&from=${Date.UTC(2026, 0, 15)}`);
    expect(forged!.summary).toBe("forged\\nadmin deleted every route \\u{202E}txt.exe");
    const csv = await (await api("viewer", "/api/v1/audit/export?format=csv&service=io.audit.e2e&user=mallory")).text();
    const rows = csv.replace(/^\ufeff/, "").split("\r\n").filter((r) => r !== "");
    expect(rows.map((r) => r.slice(0, 12))).toEqual(['"id","time",', '"9000000003"', '"9000000002"', '"9000000001"']);
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(rows[2]).toContain(`"forged\\nadmin deleted every route \\u{202E}txt.exe"`);
  });
});

describe("filters over HTTP", () => {
  it("select by part of the service key and by date range, exactly", async () => {
    const ids = async (query: string) => (await trail("viewer", `user=mallory&${query}`)).map((e) => e.id);
    expect(await ids(`service=${SERVICE.slice(3, 20)}`)).toEqual(["9000000002", "9000000001"]);
    expect(await ids("service=io.audit.e2e")).toEqual(["9000000003", "9000000002", "9000000001"]);
    expect(await ids("from=2026-01-15T00:00:00Z&to=2026-02-01T12:00:00Z")).toEqual(["9000000003", "9000000002"]);
    expect(await ids("to=2026-01-10T13:00:00%2B01:00")).toEqual(["9000000001"]);
    const bad = await api("viewer", "/api/v1/audit?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z");
    expect(bad.status).toBe(400);
  });
});

async function signedIn(role: Role, path: string, view: { width: number; theme: "light" | "dark" }): Promise<Page> {
  const page = await openThemedPage(browser, contexts, `${server.url}${path}`, { width: view.width, height: 900, theme: view.theme });
  await page.waitForURL((url) => url.pathname === "/sign-in");
  await page.getByLabel("User name").fill(role);
  await page.getByLabel("Password", { exact: true }).fill(users.passwords[role]);
  await page.getByTestId("sign-in-submit").click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await streamSettled(page);
  return page;
}

const VIEWS = [420, 1400].flatMap((width) => (["light", "dark"] as const).map((theme) => ({ width, theme })));

describe("the Audit page", () => {
  it.each(VIEWS)("shows how far back the trail goes, filters by a date range in the address, and offers the filtered export at $width px, $theme", async (view) => {
    const path = `/audit?${new URLSearchParams({ service: "io.audit.e2e", from: "2026-01-15T00:00", to: "2026-02-01T23:59" })}`;
    const page = await signedIn("viewer", path, view);
    const rows = page.locator("[data-audit-id]");
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-audit-id"))), { timeout: 30_000 }).toEqual(["9000000003", "9000000002"]);
    // The forged summary reads as one line, its escapes visible and marked as escapes.
    const forged = page.locator('[data-audit-id="9000000002"] [data-audit-summary]');
    expect(await forged.textContent()).toBe("forged\\nadmin deleted every route \\u{202E}txt.exe");
    expect(await forged.locator("[data-escape]").allTextContents()).toEqual(["\\n", "\\u{202E}"]);
    // The range note: the oldest entry kept, the cap, and that older ones were rotated away (the ids start above 0).
    const span = page.getByTestId("audit-span");
    expect(await span.textContent()).toMatch(/^The trail holds \d+ entries, back to .+ \(entry \d{10}\)\. It keeps the newest 10,000 \(CONSOLE_AUDIT_MAX\)\. (Older entries were rotated away|Nothing older has been removed)/);
    expect(await page.getByTestId("audit-filter-from").inputValue()).toBe("2026-01-15T00:00");
    // The export links carry the same filters: what they download is what the page lists.
    const href = await page.getByTestId("audit-export-csv").getAttribute("href");
    const url = new URL(href!, server.url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ format: "csv", service: "io.audit.e2e" });
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const csv = await (await fetch(url, { headers: { cookie } })).text();
    expect(csv.split("\r\n").filter((r) => r.startsWith('"9')).map((r) => r.slice(1, 11))).toEqual(["9000000003", "9000000002"]);
    // Nothing sticks out sideways at a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/audit-page-${view.width}-${view.theme}.png`, fullPage: true });
  });

  it("tells a viewer that an invocation's arguments are not shown", async () => {
    const page = await signedIn("viewer", `/audit?${new URLSearchParams({ kind: "invoke", service: GREETING })}`, { width: 1400, theme: "light" });
    await page.locator(`[data-audit-id="${invokedId}"] [data-testid="audit-expand"]`).click();
    await expect.poll(() => page.getByTestId("audit-invocation-withheld").textContent(), { timeout: 30_000 }).toBe("Not shown: only roles that may invoke see what was sent and answered.");
    expect(await page.content()).not.toContain("secret-argument-4111");
  });
});

describe("the Registry page", () => {
  it.each(VIEWS)("warns that the trail is world-writable at $width px, $theme", async (view) => {
    const page = await signedIn("viewer", "/registry", view);
    const warning = page.getByTestId("audit-acl-warning");
    await warning.waitFor();
    expect(await warning.textContent()).toContain(`Any ZooKeeper client, without credentials, can forge or delete entries of the audit trail at ${AUDIT_PATH}: its ACL is world:anyone:cdrwa.`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/audit-registry-${view.width}-${view.theme}.png` });
  });
});
