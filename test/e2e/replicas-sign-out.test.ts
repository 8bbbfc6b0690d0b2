import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { healthResponseSchema } from "@/lib/api/health";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { type TestUsers, writeUsersFile } from "../support/users-file";
import { waitFor } from "../support/wait-for";

/**
 * Issue 15 items 6g and 6a with two console replicas (`npm start` of the build) on one
 * ZooKeeper, sharing a users file and session secret as deployed: signing out on one revokes
 * the session on both, so a copy of the cookie gets 401 everywhere; and the public health
 * answer names no ZooKeeper user. The registry address carries digest credentials (the
 * rig's ZooKeeper accepts any), with an open ACL so other suites can read what these write.
 */

const rig = inject("rig");
/** How long the other replica may take to hear of a sign-out (a ZooKeeper watch). */
const PROPAGATION_BOUND_MS = 5_000;

let dir: string;
let users: TestUsers;
let a: ConsoleHandle;
let b: ConsoleHandle;

async function signIn(url: string, name: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/session`, { method: "POST", headers: { origin: url, "content-type": "application/json" }, body: JSON.stringify({ name, password }) });
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

const statusWith = async (url: string, cookie: string) => (await fetch(`${url}/api/v1/services`, { headers: { cookie } })).status;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "replicas-sign-out-"));
  users = await writeUsersFile(dir);
  const registry = rig.zkAddress.replace("zookeeper://", "zookeeper://console-ops:ops-secret@");
  const env = { DUBBO_REGISTRY: registry, CONSOLE_ZK_ACL: "world:anyone:cdrwa", ...users.env };
  [a, b] = await Promise.all([startConsole(env), startConsole(env)]);
  const auth = { authorization: `Bearer ${users.tokens.admin}` };
  await Promise.all([waitForRegistrySync(a.url, auth), waitForRegistrySync(b.url, auth)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe("signing out with two replicas", () => {
  it("revokes the session on both: the copied cookie gets 401 on the other replica, other sessions stay", async () => {
    const cookie = await signIn(a.url, "operator", users.passwords.operator);
    const other = await signIn(b.url, "operator", users.passwords.operator);
    expect([await statusWith(a.url, cookie), await statusWith(b.url, cookie)]).toEqual([200, 200]);
    const out = await fetch(`${a.url}/api/v1/session`, { method: "DELETE", headers: { origin: a.url, cookie } });
    expect(out.status).toBe(204);
    expect(await statusWith(a.url, cookie)).toBe(401);
    await waitFor("the other replica to refuse the signed-out cookie", async () => (await statusWith(b.url, cookie)) === 401, PROPAGATION_BOUND_MS);
    const res = await fetch(`${b.url}/api/v1/services`, { headers: { cookie } });
    expect(await res.json()).toEqual({ error: { code: "unauthorized", message: "the session has expired or is not valid; sign in again" } });
    expect([await statusWith(a.url, other), await statusWith(b.url, other)]).toEqual([200, 200]);
  });

  it("answers GET /api/v1/session for a signed-out cookie as nobody", async () => {
    const cookie = await signIn(b.url, "viewer", users.passwords.viewer);
    expect((await fetch(`${b.url}/api/v1/session`, { method: "DELETE", headers: { origin: b.url, cookie } })).status).toBe(204);
    await waitFor("replica a to hear of the sign-out", async () => (await statusWith(a.url, cookie)) === 401, PROPAGATION_BOUND_MS);
    expect(await (await fetch(`${a.url}/api/v1/session`, { headers: { cookie } })).json()).toEqual({ auth: "on", user: null });
  });
});

describe("the public health answer", () => {
  it("names no ZooKeeper user", async () => {
    const res = await fetch(`${a.url}/api/health`);
    const text = await res.text();
    expect(text).not.toContain("console-ops");
    expect(healthResponseSchema.parse(JSON.parse(text)).registries.map((r) => r.source)).toEqual([rig.zkAddress]);
  });
});
