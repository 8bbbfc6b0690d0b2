import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sessionStateSchema, signInAnswerSchema } from "@/lib/api/session";
import { usersResponseSchema } from "@/lib/api/users";
import { can, type Permission, PERMISSIONS, permissionsOf, type Requirement, roleTable } from "@/lib/auth/roles";
import { sealSession } from "@/server/auth/session-cookie";
import { launchConsole, type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { launchBrowser, gotoSettled } from "../support/browser";
import { freePort } from "../support/free-port";
import { CUSTOM_TEST_ROLES, randomSecret, TEST_ROLES, type TestRole, type TestUsers, writeUsersFile } from "../support/users-file";

const ROOT = join(import.meta.dirname, "..", "..");
const rig = inject("rig");

/**
 * What every method of every API route file needs. The test below fails when a route file
 * is missing here, or when the methods the server offers (its OPTIONS Allow) differ, so a
 * new endpoint cannot be left out of the matrix.
 */
const ENDPOINTS: Record<string, { path: string; methods: Partial<Record<string, Requirement>> }> = {
  "v1/address/route.ts": { path: "/api/v1/address?value=127.0.0.2", methods: { GET: "read" } },
  "v1/application/route.ts": { path: "/api/v1/application?name=nope", methods: { GET: "read" } },
  "v1/applications/route.ts": { path: "/api/v1/applications", methods: { GET: "read" } },
  "v1/configs/route.ts": { path: "/api/v1/configs", methods: { GET: "read", POST: "configs.write" } },
  "v1/configs/preview/route.ts": { path: "/api/v1/configs/preview", methods: { POST: "read" } },
  "v1/configs/[id]/route.ts": { path: "/api/v1/configs/no-such-config", methods: { GET: "read", PUT: "configs.write", DELETE: "configs.write" } },
  "v1/configs/[id]/enable/route.ts": { path: "/api/v1/configs/no-such-config/enable", methods: { POST: "configs.write" } },
  "v1/configs/[id]/disable/route.ts": { path: "/api/v1/configs/no-such-config/disable", methods: { POST: "configs.write" } },
  "v1/tag-routes/route.ts": { path: "/api/v1/tag-routes", methods: { GET: "read", POST: "routes.write" } },
  "v1/tag-routes/preview/route.ts": { path: "/api/v1/tag-routes/preview", methods: { POST: "read" } },
  "v1/tag-routes/[id]/route.ts": { path: "/api/v1/tag-routes/no-such-rule", methods: { GET: "read", PUT: "routes.write", DELETE: "routes.write" } },
  "v1/tag-routes/[id]/enable/route.ts": { path: "/api/v1/tag-routes/no-such-rule/enable", methods: { POST: "routes.write" } },
  "v1/tag-routes/[id]/disable/route.ts": { path: "/api/v1/tag-routes/no-such-rule/disable", methods: { POST: "routes.write" } },
  "v1/tag-routes/[id]/history/route.ts": { path: "/api/v1/tag-routes/no-such-rule/history", methods: { GET: "read" } },
  "v1/tag-routes/[id]/rollback/route.ts": { path: "/api/v1/tag-routes/no-such-rule/rollback", methods: { POST: "routes.write" } },
  "v1/access/route.ts": { path: "/api/v1/access", methods: { GET: "read", POST: "routes.write" } },
  "v1/access/preview/route.ts": { path: "/api/v1/access/preview", methods: { POST: "read" } },
  "v1/access/[id]/route.ts": { path: "/api/v1/access/no-such-rule", methods: { GET: "read", PUT: "routes.write", DELETE: "routes.write" } },
  "v1/access/[id]/enable/route.ts": { path: "/api/v1/access/no-such-rule/enable", methods: { POST: "routes.write" } },
  "v1/access/[id]/disable/route.ts": { path: "/api/v1/access/no-such-rule/disable", methods: { POST: "routes.write" } },
  "v1/access/[id]/history/route.ts": { path: "/api/v1/access/no-such-rule/history", methods: { GET: "read" } },
  "v1/access/[id]/rollback/route.ts": { path: "/api/v1/access/no-such-rule/rollback", methods: { POST: "routes.write" } },
  "v1/mocks/route.ts": { path: "/api/v1/mocks", methods: { GET: "read", POST: "configs.write" } },
  "v1/gray-flows/route.ts": { path: "/api/v1/gray-flows", methods: { GET: "read", PUT: "configs.write", DELETE: "configs.write" } },
  "v1/mocks/[id]/route.ts": { path: "/api/v1/mocks/no-such-mock", methods: { GET: "read", PUT: "configs.write", DELETE: "configs.write" } },
  "v1/mocks/[id]/enable/route.ts": { path: "/api/v1/mocks/no-such-mock/enable", methods: { POST: "configs.write" } },
  "v1/mocks/[id]/disable/route.ts": { path: "/api/v1/mocks/no-such-mock/disable", methods: { POST: "configs.write" } },
  "v1/providers/offline/route.ts": { path: "/api/v1/providers/offline", methods: { POST: "configs.write" } },
  "v1/providers/probe/route.ts": { path: "/api/v1/providers/probe", methods: { POST: "invoke" } },
  "v1/health/providers/route.ts": { path: "/api/v1/health/providers", methods: { GET: "read" } },
  "v1/topology/route.ts": { path: "/api/v1/topology", methods: { GET: "read" } },
  "v1/qos/route.ts": { path: "/api/v1/qos", methods: { GET: "read" } },
  "v1/router-snapshots/route.ts": { path: "/api/v1/router-snapshots", methods: { GET: "read" } },
  "v1/metrics/route.ts": { path: "/api/v1/metrics", methods: { GET: "read" } },
  "v1/qos/offline/route.ts": { path: "/api/v1/qos/offline", methods: { POST: "configs.write" } },
  "v1/qos/online/route.ts": { path: "/api/v1/qos/online", methods: { POST: "configs.write" } },
  "v1/providers/online/route.ts": { path: "/api/v1/providers/online", methods: { POST: "configs.write" } },
  "v1/providers/weight/route.ts": { path: "/api/v1/providers/weight", methods: { POST: "configs.write" } },
  "v1/config-routes/route.ts": { path: "/api/v1/config-routes", methods: { GET: "read", PUT: "routes.write", DELETE: "routes.write" } },
  "v1/events/route.ts": { path: "/api/v1/events", methods: { GET: "read" } },
  "v1/invoke/route.ts": { path: "/api/v1/invoke", methods: { POST: "invoke" } },
  "v1/registry/route.ts": { path: "/api/v1/registry", methods: { GET: "read" } },
  "v1/routes/route.ts": { path: "/api/v1/routes", methods: { GET: "read", POST: "routes.write" } },
  "v1/routes/[id]/route.ts": { path: "/api/v1/routes/no-such-route", methods: { GET: "read", PUT: "routes.write", DELETE: "routes.write" } },
  "v1/routes/[id]/enable/route.ts": { path: "/api/v1/routes/no-such-route/enable", methods: { POST: "routes.write" } },
  "v1/routes/[id]/disable/route.ts": { path: "/api/v1/routes/no-such-route/disable", methods: { POST: "routes.write" } },
  "v1/routes/[id]/history/route.ts": { path: "/api/v1/routes/no-such-route/history", methods: { GET: "read" } },
  "v1/routes/[id]/rollback/route.ts": { path: "/api/v1/routes/no-such-route/rollback", methods: { POST: "routes.write" } },
  "v1/audit/route.ts": { path: "/api/v1/audit", methods: { GET: "read" } },
  "v1/audit/export/route.ts": { path: "/api/v1/audit/export?format=jsonl", methods: { GET: "read" } },
  "v1/users/route.ts": { path: "/api/v1/users", methods: { GET: "users.manage" } },
  "v1/routes/preview/route.ts": { path: "/api/v1/routes/preview", methods: { POST: "read" } },
  "v1/services/route.ts": { path: "/api/v1/services", methods: { GET: "read" } },
  "v1/service/route.ts": { path: "/api/v1/service?key=nope", methods: { GET: "read" } },
  "v1/service/proto/route.ts": { path: "/api/v1/service/proto?key=nope", methods: { GET: "read", PUT: "invoke", DELETE: "invoke" } },
  "v1/session/route.ts": { path: "/api/v1/session", methods: { GET: "public", POST: "public", DELETE: "public" } },
  // Added by the resilience work; checked once its file is there.
  "health/route.ts": { path: "/api/health", methods: { GET: "public" } },
};
/** The catch-all answers 404 to everyone; not part of the matrix. */
const CATCH_ALL = "[[...path]]/route.ts";

type Credential = "none" | TestRole | "bad token" | "cross-origin cookie";
const CREDENTIALS: readonly Credential[] = ["none", ...TEST_ROLES, "bad token", "cross-origin cookie"];
/** Each test role's permissions: the presets, and the users file's custom tester {read, invoke}. */
const TABLE = roleTable(CUSTOM_TEST_ROLES);
const permissions = (role: TestRole): Permission[] => [...(permissionsOf(role, TABLE) ?? [])];

let dir: string;
let users: TestUsers;
let server: ConsoleHandle;
const envToken = randomSecret(32);
const cookies = {} as Record<TestRole, string>;

async function signIn(name: string, password: string, origin = server.url): Promise<Response> {
  return fetch(`${server.url}/api/v1/session`, { method: "POST", headers: { origin, "content-type": "application/json" }, body: JSON.stringify({ name, password }) });
}

function cookieOf(res: Response): string {
  const header = res.headers.get("set-cookie") ?? "";
  return header.split(";")[0] ?? "";
}

/** Sends `method` to `path` with `credential`; reads no more than the head of an event stream. */
async function send(method: string, path: string, credential: Credential): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { origin: server.url };
  if (credential === "bad token") headers.authorization = "Bearer not-a-token-of-this-console";
  else if (credential === "cross-origin cookie") Object.assign(headers, { cookie: cookies.admin, origin: "http://evil.example" });
  // Signing out revokes the session it is sent with (on every replica): sign out a session of its own, not the shared one.
  else if (credential !== "none") headers.cookie = method === "DELETE" && path === "/api/v1/session" ? cookieOf(await signIn(credential, users.passwords[credential])) : cookies[credential];
  const withBody = ["POST", "PUT", "PATCH"].includes(method);
  if (withBody) headers["content-type"] = "application/json";
  const res = await fetch(`${server.url}${path}`, { method, headers, body: withBody ? "{}" : undefined });
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { status: res.status, body: null };
  }
  const text = await res.text();
  // A download (the audit export's CSV or JSON Lines) is not one JSON document.
  const json = res.headers.get("content-type")?.startsWith("application/json") ?? false;
  return { status: res.status, body: text === "" ? null : json ? (JSON.parse(text) as unknown) : text };
}

/** The status class the matrix expects: refused (401, 403 with a reason) or let through (anything else but a 500). */
function expected(permission: Requirement, method: string, credential: Credential): "unauthorized" | "forbidden-role" | "forbidden-origin" | "through" {
  const write = method !== "GET";
  // Public endpoints take anyone, but sign-in and sign-out refuse a request naming another origin.
  if (permission === "public") return credential === "cross-origin cookie" && write ? "forbidden-origin" : "through";
  if (credential === "none" || credential === "bad token") return "unauthorized";
  if (credential === "cross-origin cookie") return write ? "forbidden-origin" : "through";
  return can({ permissions: permissions(credential) }, permission) ? "through" : "forbidden-role";
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "auth-matrix-"));
  users = await writeUsersFile(dir);
  server = await startConsole({ DUBBO_REGISTRY: rig.zkAddress, ...users.env, CONSOLE_API_TOKEN: envToken });
  await waitForRegistrySync(server.url, { authorization: `Bearer ${envToken}` });
  for (const role of TEST_ROLES) {
    const res = await signIn(role, users.passwords[role]);
    expect(res.status).toBe(200);
    expect(signInAnswerSchema.parse(await res.json()).user).toEqual({ name: role, role, permissions: permissions(role), via: "session" });
    cookies[role] = cookieOf(res);
  }
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the API route table", () => {
  const files = readdirSync(join(ROOT, "app", "api"), { recursive: true, encoding: "utf8" })
    .filter((f) => /(^|\/)route\.tsx?$/.test(f) && f !== CATCH_ALL)
    .sort();

  it("names every route file the console serves", () => {
    expect(files.filter((f) => !(f in ENDPOINTS))).toEqual([]);
  });

  it.each(files)("%s offers exactly the methods the table guards", async (file) => {
    const { path, methods } = ENDPOINTS[file]!;
    const res = await fetch(`${server.url}${path}`, { method: "OPTIONS" });
    const offered = (res.headers.get("allow") ?? "").split(", ").filter((m) => m !== "OPTIONS" && m !== "HEAD");
    expect(offered.sort()).toEqual(Object.keys(methods).sort());
  });
});

describe("every API method × every kind of credential", () => {
  const present = new Set(readdirSync(join(ROOT, "app", "api"), { recursive: true, encoding: "utf8" }));
  const cases = Object.entries(ENDPOINTS)
    .filter(([file]) => present.has(file))
    .flatMap(([, { path, methods }]) => Object.entries(methods).flatMap(([method, permission]) => CREDENTIALS.map((credential) => ({ method, path, permission: permission!, credential }))));

  it.each(cases)("$method $path with $credential ($permission)", async ({ method, path, permission, credential }) => {
    const { status, body } = await send(method, path, credential);
    const want = expected(permission, method, credential);
    switch (want) {
      case "unauthorized":
        expect([status, body]).toEqual([401, { error: { code: "unauthorized", message: expect.any(String) } }]);
        break;
      case "forbidden-role":
        expect([status, body]).toEqual([403, { error: { code: "forbidden", message: expect.any(String), needed: permission, role: credential } }]);
        break;
      case "forbidden-origin":
        expect([status, body]).toEqual([403, { error: { code: "forbidden", message: expect.stringContaining("cross-origin write refused") } }]);
        break;
      case "through":
        expect(status).not.toBe(401);
        expect(status).not.toBe(403);
        expect(status).toBeLessThan(500);
    }
  });
});

describe("a custom role", () => {
  it("lets the users file's tester {read, invoke} invoke and read, and refuses it every route write naming routes.write", async () => {
    const invoke = await send("POST", "/api/v1/invoke", "tester");
    // Through the permission check to the body's validation: the empty body is what is refused.
    expect([invoke.status, (invoke.body as { error: { code: string } }).error.code]).toEqual([400, "validation_failed"]);
    expect((await send("GET", "/api/v1/services", "tester")).status).toBe(200);
    const writes = Object.values(ENDPOINTS).flatMap(({ path, methods }) => Object.entries(methods).filter(([, p]) => p === "routes.write").map(([method]) => [method, path] as const));
    expect(writes.length).toBeGreaterThan(5);
    for (const [method, path] of writes) {
      expect(await send(method, path, "tester"), `${method} ${path}`).toEqual({
        status: 403,
        body: { error: { code: "forbidden", message: "the tester role may not do this: it needs the routes.write permission", needed: "routes.write", role: "tester" } },
      });
    }
    // The preset invoker keeps its meaning: it may write routes too.
    expect((await send("POST", "/api/v1/routes", "invoker")).status).toBe(400);
  });
});

describe("credentials that are not what they claim", () => {
  it("refuses a forged session cookie, and one sealed with another secret, with 401", async () => {
    for (const cookie of ["dubbo_console_session=Fe26.2*1*forged", `dubbo_console_session=${await sealSession({ sid: "forged-session-id", name: "admin", role: "admin", exp: Date.now() + 60_000 }, randomSecret(32), 3600)}`]) {
      const res = await fetch(`${server.url}/api/v1/services`, { headers: { cookie } });
      expect([res.status, ((await res.json()) as { error: { message: string } }).error.message]).toEqual([401, "the session has expired or is not valid; sign in again"]);
    }
  });

  it("accepts each role's API token with that role, and the environment's token as admin", async () => {
    for (const role of TEST_ROLES) {
      const res = await fetch(`${server.url}/api/v1/session`, { headers: { authorization: `Bearer ${users.tokens[role]}` } });
      expect(sessionStateSchema.parse(await res.json())).toEqual({ auth: "on", user: { name: `${role}-token`, role, permissions: permissions(role), via: "token" } });
    }
    const res = await fetch(`${server.url}/api/v1/session`, { headers: { authorization: `Bearer ${envToken}` } });
    expect(await res.json()).toEqual({ auth: "on", user: { name: "env-token", role: "admin", permissions: [...PERMISSIONS], via: "token" } });
  });

  it("lists the users and tokens to an admin by name and role, with the environment's token, and never a hash", async () => {
    const res = await fetch(`${server.url}/api/v1/users`, { headers: { cookie: cookies.admin } });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(usersResponseSchema.parse(JSON.parse(text))).toEqual({
      source: "file",
      users: TEST_ROLES.map((role) => ({ name: role, role })),
      tokens: [...TEST_ROLES.map((role) => ({ name: `${role}-token`, role })), { name: "env-token", role: "admin" }],
      roles: [
        { name: "viewer", permissions: ["read"] },
        { name: "operator", permissions: ["read", "routes.write", "configs.write"] },
        { name: "invoker", permissions: ["read", "routes.write", "configs.write", "invoke"] },
        { name: "admin", permissions: [...PERMISSIONS] },
        { name: "tester", permissions: ["read", "invoke"] },
      ],
    });
    expect(text).not.toMatch(/argon2|[0-9a-f]{64}/);
  });

  it("signs out a user removed from the users file at their next request, and lets them back when restored", async () => {
    const asViewer = () => fetch(`${server.url}/api/v1/registry`, { headers: { cookie: cookies.viewer } });
    expect((await asViewer()).status).toBe(200);
    await writeUsersFile(dir, users, ["admin", "operator", "invoker", "tester"]);
    expect((await asViewer()).status).toBe(401);
    expect((await signIn("viewer", users.passwords.viewer)).status).toBe(401);
    await writeUsersFile(dir, users);
    expect((await asViewer()).status).toBe(200);
  });

  it("answers a wrong name and a wrong password with the same 401", async () => {
    const bodies = await Promise.all([signIn("nobody-at-all", "x"), signIn("operator", "wrong")].map(async (p) => p.then(async (r) => [r.status, await r.json()])));
    expect(bodies).toEqual([
      [401, { error: { code: "unauthorized", message: "wrong name or password" } }],
      [401, { error: { code: "unauthorized", message: "wrong name or password" } }],
    ]);
  });

  it("refuses a sign-in from another origin, or with no origin at all", async () => {
    expect((await signIn("admin", users.passwords.admin, "http://evil.example")).status).toBe(403);
    const bare = await fetch(`${server.url}/api/v1/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "admin", password: users.passwords.admin }) });
    expect(bare.status).toBe(403);
  });

  it("signs out with 204 and a cleared cookie", async () => {
    const own = cookieOf(await signIn("admin", users.passwords.admin));
    const res = await fetch(`${server.url}/api/v1/session`, { method: "DELETE", headers: { origin: server.url, cookie: own } });
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toMatch(/^dubbo_console_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/);
  });
});

describe("limits", () => {
  it("answers the 11th failed sign-in for one name from one address within 5 minutes with 429 and Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn("rate-limited-name", "wrong")).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const res = await signIn("rate-limited-name", "wrong");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(200);
    expect(await res.json()).toMatchObject({ error: { code: "rate_limited" } });
    // Another name from the same address is not held back.
    expect((await signIn("operator", users.passwords.operator)).status).toBe(200);
  });

  it("answers a body over 1 MiB with 413, declared or streamed without a length", async () => {
    const headers = { origin: server.url, cookie: cookies.viewer, "content-type": "application/json" };
    const declared = await fetch(`${server.url}/api/v1/routes/preview`, { method: "POST", headers, body: `"${"x".repeat(1_100_000)}"` });
    expect([declared.status, await declared.json()]).toEqual([413, { error: { code: "payload_too_large", message: "the request body is over the limit of 1048576 bytes", limit: 1048576 } }]);
    const streamed = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${server.url}/api/v1/routes/preview`);
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      const chunk = "x".repeat(64 * 1024);
      for (let i = 0; i < 20; i++) req.write(chunk);
      req.end();
    });
    expect(streamed).toBe(413);
  });
});

describe("security headers", () => {
  it("sends nosniff, no-referrer, DENY and a script-nonce CSP without unsafe-inline on a page", async () => {
    const res = await fetch(`${server.url}/services`, { headers: { cookie: cookies.viewer } });
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'$/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect([res.headers.get("x-content-type-options"), res.headers.get("referrer-policy"), res.headers.get("x-frame-options")]).toEqual(["nosniff", "no-referrer", "DENY"]);
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => !s.includes(`nonce="${nonce}"`))).toEqual([]);
  });

  it("sends a CSP that loads nothing on API answers", async () => {
    const res = await fetch(`${server.url}/api/v1/session`);
    expect([res.headers.get("content-security-policy"), res.headers.get("x-content-type-options")]).toEqual(["default-src 'none'; frame-ancestors 'none'", "nosniff"]);
  });

  it("redirects a page request without a session to the sign-in page, keeping where it was going", async () => {
    const res = await fetch(`${server.url}/services?q=Greeting`, { redirect: "manual" });
    expect([res.status, res.headers.get("location")]).toEqual([303, "/sign-in?next=%2Fservices%3Fq%3DGreeting"]);
  });

  it("renders pages in Chromium with no CSP violation and no script error", async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      const name = cookies.viewer.slice(0, cookies.viewer.indexOf("="));
      await context.addCookies([{ name, value: cookies.viewer.slice(name.length + 1), url: server.url, httpOnly: true, sameSite: "Strict" }]);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" || /Content Security Policy/i.test(m.text())) problems.push(m.text());
      });
      page.on("pageerror", (e) => problems.push(e.message));
      for (const path of ["/services", "/routes", "/registry"]) {
        await gotoSettled(page, `${server.url}${path}`);
        await page.locator("h1").first().waitFor();
      }
      // The theme script (next-themes, inline) ran: it sets the class on <html>.
      expect(await page.evaluate(() => document.documentElement.className)).toMatch(/light|dark/);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe("a production start", () => {
  it("refuses to start with no users file and no API token, in one line naming the variables", async () => {
    const peer = launchConsole({ DUBBO_REGISTRY: rig.zkAddress, CONSOLE_AUTH: "" }, await freePort());
    expect(await peer.exited).toBe(1);
    expect(peer.lines.filter((l) => l.trim() !== "")).toEqual([
      "dubbo-console: no users or API token configured: set CONSOLE_USERS_FILE (users and tokens) or CONSOLE_API_TOKEN (one admin token), or CONSOLE_AUTH=off to run without sign-in (anyone who reaches the console is admin)",
    ]);
  });

  it("says auth is off when CONSOLE_AUTH=off, and every request is the anonymous admin", async () => {
    const off = await startConsole({ DUBBO_REGISTRY: rig.zkAddress, CONSOLE_AUTH: "off" });
    try {
      expect(await (await fetch(`${off.url}/api/v1/session`)).json()).toEqual({ auth: "off", user: { name: "anonymous", role: "admin", permissions: [...PERMISSIONS], via: "anonymous" } });
    } finally {
      await off.stop();
    }
  });
});
