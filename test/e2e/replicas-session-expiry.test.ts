import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegistryStatusResponse } from "@/lib/api/registry-state";
import type { Route } from "@/lib/api/routing/routes";
import { auditEntriesFromApi, auditEntriesInZooKeeper, auditMismatches, type MadeChange } from "../support/audit-check";
import { consoleRoutes, contentOf, send, zooKeeperRoutes } from "../support/console-routes";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { waitFor } from "../support/wait-for";
import { startZkFaultProxy, type TrapMode, ZK_OP_MULTI, type ZkFaultProxy } from "../support/zk-fault-proxy";
import { connectTestZk, type TestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * The console's ZooKeeper session expires in the middle of a route change: the connection
 * is cut exactly around the change's multi (before ZooKeeper gets it, or after ZooKeeper
 * applied it with the answer withheld) and stays cut past the session timeout, so the
 * server expires the session and the console has to open a new one. The change must answer
 * 503 and be applied once or not at all, never twice, never half, with its audit entry
 * exactly when applied; the console recovers. Needs `npm run build`.
 */

const SERVICE = "io.replicas.test.ExpiryService";
const SESSION_MS = 2_000;

let zookeeper: ZooKeeperHandle;
let proxy: ZkFaultProxy;
let zk: TestZk;
let console_: ConsoleHandle;
/** Every route change made so far in this file: the audit trail must hold exactly these. */
const made: MadeChange[] = [];

beforeAll(async () => {
  zookeeper = await startZooKeeper();
  zk = await connectTestZk(zookeeper.connectString);
  await zk.mkdirp(`/dubbo/${SERVICE}/routers`);
  proxy = await startZkFaultProxy(zookeeper.nodes[0]!.port);
  console_ = await startConsole({ DUBBO_REGISTRY: `zookeeper://127.0.0.1:${proxy.port}?session=${SESSION_MS}` });
  await waitForRegistrySync(console_.url);
});

afterAll(async () => {
  await console_?.stop();
  await proxy?.close();
  zk?.close();
  await zookeeper?.stop();
});

async function registryState() {
  const answer = await send<RegistryStatusResponse>(console_.url, "GET", "/api/v1/registry");
  return answer.body!.registries[0]!.state;
}

async function sessionId(): Promise<string> {
  const state = await registryState();
  if (state.type !== "connected") throw new Error(`expected a connected session, got ${state.type}`);
  return state.sessionId;
}

const routesInZk = async (name: string) => (await zooKeeperRoutes(zk, SERVICE)).get(name) ?? [];

/** Cut by the trap: waits until the console has given the session up, lets it reconnect, and waits until it is ready on a new session. */
async function expireAndRecover(oldSession: string): Promise<void> {
  await waitFor("the console to declare the session lost", async () => (await registryState()).type === "lost", 30_000);
  await proxy.restore();
  await waitFor("the console to be ready on a new session", async () => {
    const health = await send<{ status: string }>(console_.url, "GET", "/api/health");
    const state = await registryState();
    return health.status === 200 && state.type === "connected" && state.sessionId !== oldSession;
  }, 60_000);
}

describe("the ZooKeeper session expiring during a route change", () => {
  it.each<[string, "create" | "edit", TrapMode]>([
    ["a create that never reached ZooKeeper fails with 503 and is absent", "create", "drop-request"],
    ["a create that ZooKeeper applied answers 503, is there once, and its retry is a 409", "create", "drop-reply"],
    ["an edit that never reached ZooKeeper fails with 503 and the route is as before", "edit", "drop-request"],
    ["an edit that ZooKeeper applied answers 503, is there once, and its retry is a 409", "edit", "drop-reply"],
  ])("%s", async (_what, kind, mode) => {
    const name = `${kind}-${mode}`;
    const before = { rule: "=> host = 10.6.0.1", priority: 0, enabled: true };
    const after = { rule: "=> host = 10.6.0.2", priority: 3, enabled: true };
    let base: Route | null = null;
    if (kind === "edit") {
      const created = await send<Route>(console_.url, "POST", "/api/v1/routes", { service: SERVICE, name, ...before });
      expect(created.status).toBe(201);
      base = created.body!;
      made.push({ kind: "create", name, before: null, after: before });
    }
    const change = () =>
      base === null
        ? send<Route>(console_.url, "POST", "/api/v1/routes", { service: SERVICE, name, ...after })
        : send<Route>(console_.url, "PUT", `/api/v1/routes/${base.id}`, { revision: base.revision, ...after });

    const oldSession = await sessionId();
    const sprung = proxy.trap(ZK_OP_MULTI, mode);
    const answer = await change();
    const { replyError } = await sprung;
    expect([answer.status, (answer.body as unknown as { error: { code: string } }).error.code]).toEqual([503, "registry_unavailable"]);
    expect(replyError).toBe(mode === "drop-reply" ? 0 : null);

    await expireAndRecover(oldSession);
    const applied = mode === "drop-reply";
    const expected = applied ? after : base === null ? null : before;
    const change_: MadeChange = { kind: base === null ? "create" : "edit", name, before: base === null ? null : before, after };
    expect(await routesInZk(name)).toEqual(expected === null ? [] : [expected]);

    // The operator retries the change as sent: refused if it landed, applied once if not.
    const retried = await change();
    expect(retried.status).toBe(applied ? 409 : base === null ? 201 : 200);
    expect(await routesInZk(name)).toEqual([after]);
    made.push(change_); // once: by the cut change when it landed, else by the retry

    // And the console has recovered: it lists the route and saves the next change.
    const listed = await waitFor("the console to list the change", async () => {
      const r = (await consoleRoutes(console_.url, SERVICE)).get(name);
      return r && JSON.stringify(contentOf(r)) === JSON.stringify(after) ? r : undefined;
    });
    const next = await send<Route>(console_.url, "PUT", `/api/v1/routes/${listed.id}`, { revision: listed.revision, priority: 9 });
    expect(next.status).toBe(200);
    expect(await routesInZk(name)).toEqual([{ ...after, priority: 9 }]);
    made.push({ kind: "edit", name, before: after, after: { ...after, priority: 9 } });

    // The audit trail holds one entry per change made, none for the one cut before ZooKeeper.
    const entries = await auditEntriesInZooKeeper(zk);
    expect(auditMismatches(made, entries)).toEqual([]);
    await waitFor("GET /api/v1/audit to list the same entries", async () =>
      JSON.stringify((await auditEntriesFromApi(console_.url, SERVICE)).map((e) => e.id).sort()) === JSON.stringify(entries.map((e) => e.id).sort()),
    );
  });
});
