import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { PRESET_ROLES } from "@/lib/auth/roles";
import { UnauthorizedError } from "@/lib/errors";
import { Authenticator } from "@/server/auth/authenticator";
import { hashPassword } from "@/server/auth/password";
import { revokedSessions, setRevokedSessions } from "@/server/auth/revoked-sessions";
import { sealSession } from "@/server/auth/session-cookie";
import { signIn } from "@/server/auth/sign-in";
import { parseAuthConfig } from "@/server/runtime/auth-config";
import { tokenHash } from "@/test/support/users-file";

const SECRET = "0123456789abcdef0123456789abcdef";
const ENV_TOKEN = "env-token-env-token-env-token";
const PRESETS = Object.entries(PRESET_ROLES).map(([name, permissions]) => ({ name, permissions }));
let dir: string;
let file: string;
let auth: Authenticator;
let aliceHash: string;

const req = (headers: Record<string, string> = {}) => new Request("http://console/api/v1/services", { headers });
const write = (users: object[]) => writeFileSync(file, JSON.stringify({ users, tokens: [{ name: "ci", role: "invoker", hash: tokenHash("ci-token-ci-token-ci-token") }] }));
async function failure(p: Promise<unknown>): Promise<string> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(UnauthorizedError);
  return (e as Error).message;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "authenticator-"));
  file = join(dir, "users.json");
  aliceHash = await hashPassword("alice-pw");
  write([{ name: "alice", role: "operator", password: aliceHash }]);
  auth = new Authenticator(parseAuthConfig({ CONSOLE_USERS_FILE: file, CONSOLE_SESSION_SECRET: SECRET, CONSOLE_API_TOKEN: ENV_TOKEN }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Authenticator", () => {
  it("signs in with the right password and accepts the session cookie it seals", async () => {
    const stamped = Symbol.for("dubbo-console.peer-stamped");
    (globalThis as { [stamped]?: string })[stamped] = "the-proof";
    onTestFinished(() => void delete (globalThis as { [stamped]?: string })[stamped]);
    const signed = await signIn(auth, "alice", "alice-pw");
    expect(signed.user).toEqual({ name: "alice", role: "operator", permissions: ["read", "routes.write", "configs.write"], via: "session" });
    const actor = await auth.authenticate(req({ cookie: `other=1; dubbo_console_session=${signed.seal}`, "x-dubbo-console-peer": "10.1.2.3", "x-dubbo-console-peer-proof": "the-proof" }));
    expect(actor).toEqual({ name: "alice", role: "operator", permissions: ["read", "routes.write", "configs.write"], via: "session", address: "10.1.2.3" });
  });

  it("ignores a client-sent peer header without this process's proof (no stamping, or a request from before it began)", async () => {
    const signed = await signIn(auth, "alice", "alice-pw");
    const forged = { cookie: `dubbo_console_session=${signed.seal}`, "x-dubbo-console-peer": "10.1.2.3", "x-forwarded-for": "10.9.9.9", "x-dubbo-console-peer-proof": "a-guess" };
    expect((await auth.authenticate(req(forged))).address).toBe("unknown");
    const stamped = Symbol.for("dubbo-console.peer-stamped");
    (globalThis as { [stamped]?: string })[stamped] = "the-proof";
    onTestFinished(() => void delete (globalThis as { [stamped]?: string })[stamped]);
    expect((await auth.authenticate(req(forged))).address).toBe("unknown");
  });

  it("refuses a session cookie once its session is revoked, and only that session", async () => {
    const revoked = new Set<string>();
    setRevokedSessions({ isRevoked: (sid) => revoked.has(sid), revoke: async (sid) => void revoked.add(sid) });
    onTestFinished(() => setRevokedSessions(undefined));
    const [first, second] = [await signIn(auth, "alice", "alice-pw"), await signIn(auth, "alice", "alice-pw")];
    const cookie = (s: { seal: string }) => req({ cookie: `dubbo_console_session=${s.seal}` });
    const claims = await auth.sessionOf(cookie(first));
    expect(claims).toMatchObject({ name: "alice", sid: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    await revokedSessions()!.revoke(claims!.sid, claims!.exp);
    await expect(auth.authenticate(cookie(first))).rejects.toThrow("the session has expired or is not valid; sign in again");
    expect(await auth.sessionOf(cookie(first))).toBeNull();
    expect(await auth.authenticate(cookie(second))).toMatchObject({ name: "alice", via: "session" });
  });

  it("answers a wrong password and an unknown name with the same message", async () => {
    expect([await failure(signIn(auth, "alice", "nope")), await failure(signIn(auth, "mallory", "alice-pw"))]).toEqual(["wrong name or password", "wrong name or password"]);
  });

  it("accepts the users file's tokens and the environment's, and no other", async () => {
    expect(await auth.authenticate(req({ authorization: "Bearer ci-token-ci-token-ci-token" }))).toMatchObject({ name: "ci", role: "invoker", via: "token" });
    expect(await auth.authenticate(req({ authorization: `bearer ${ENV_TOKEN}` }))).toMatchObject({ name: "env-token", role: "admin", via: "token" });
    expect(await failure(auth.authenticate(req({ authorization: "Bearer wrong" })))).toMatch(/API token is not valid/);
    expect(await failure(auth.authenticate(req({ authorization: "Basic YTpi" })))).toMatch(/API token is not valid/);
    expect(await failure(auth.authenticate(req()))).toMatch(/^sign in/);
  });

  it("refuses an expired session and one whose user left the file or changed role", async () => {
    const expired = await sealSession({ sid: "expired-session", name: "alice", role: "operator", exp: Date.now() - 1 }, SECRET, 3600);
    expect(await failure(auth.authenticate(req({ cookie: `dubbo_console_session=${expired}` })))).toMatch(/expired or is not valid/);
    const promoted = await sealSession({ sid: "promoted-session", name: "alice", role: "admin", exp: Date.now() + 60_000 }, SECRET, 3600);
    expect(await failure(auth.authenticate(req({ cookie: `dubbo_console_session=${promoted}` })))).toMatch(/expired or is not valid/);
    const { seal } = await signIn(auth, "alice", "alice-pw");
    write([]);
    expect(await failure(auth.authenticate(req({ cookie: `dubbo_console_session=${seal}` })))).toMatch(/expired or is not valid/);
    write([{ name: "alice", role: "operator", password: aliceHash }]);
    expect((await auth.authenticate(req({ cookie: `dubbo_console_session=${seal}` }))).name).toBe("alice");
  });

  it("resolves a custom role's permissions from the users file at each request", async () => {
    const token = { name: "qa", role: "tester", hash: tokenHash("qa-token-qa-token-qa-token") };
    const bearer = req({ authorization: "Bearer qa-token-qa-token-qa-token" });
    writeFileSync(file, JSON.stringify({ roles: { tester: ["read", "invoke"] }, users: [], tokens: [token] }));
    expect(await auth.authenticate(bearer)).toMatchObject({ name: "qa", role: "tester", permissions: ["read", "invoke"] });
    writeFileSync(file, JSON.stringify({ roles: { tester: ["invoke", "invoke.direct-url"] }, users: [], tokens: [token], comment: "changed" }));
    expect(await auth.authenticate(bearer)).toMatchObject({ name: "qa", role: "tester", permissions: ["invoke", "invoke.direct-url"] });
    write([{ name: "alice", role: "operator", password: aliceHash }]);
  });

  it("keeps the last good users when the file stops parsing", async () => {
    const errors: string[] = [];
    const a = new Authenticator(parseAuthConfig({ CONSOLE_USERS_FILE: file, CONSOLE_SESSION_SECRET: SECRET }), (m) => errors.push(m));
    writeFileSync(file, "users: [ {");
    expect(a.user("alice")?.role).toBe("operator");
    expect(errors).toEqual([expect.stringMatching(/not YAML or JSON.*keeping the users read before$/)]);
    write([{ name: "alice", role: "operator", password: aliceHash }]);
  });

  it("is the anonymous admin when authentication is off", async () => {
    const off = new Authenticator(parseAuthConfig({ CONSOLE_AUTH: "off" }));
    expect(await off.authenticate(req())).toEqual({ name: "anonymous", role: "admin", permissions: ["read", "routes.write", "configs.write", "invoke", "invoke.direct-url", "users.manage"], via: "anonymous", address: "unknown" });
  });

  it("lists users and tokens by name and role, the environment's token last, and no hash", () => {
    write([{ name: "alice", role: "operator", password: aliceHash }]);
    const roster = auth.roster();
    expect(roster).toEqual({
      source: "file",
      users: [{ name: "alice", role: "operator" }],
      tokens: [
        { name: "ci", role: "invoker" },
        { name: "env-token", role: "admin" },
      ],
      roles: PRESETS,
    });
    expect(JSON.stringify(roster)).not.toMatch(/argon2|[0-9a-f]{64}/);
  });

  it("lists only the environment's token with no users file, and nobody with authentication off", () => {
    expect(new Authenticator(parseAuthConfig({ CONSOLE_API_TOKEN: ENV_TOKEN })).roster()).toEqual({ source: "none", users: [], tokens: [{ name: "env-token", role: "admin" }], roles: PRESETS });
    expect(new Authenticator(parseAuthConfig({ CONSOLE_AUTH: "off" })).roster()).toEqual({ source: "none", users: [], tokens: [], roles: PRESETS });
  });
});
