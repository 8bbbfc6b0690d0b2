import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Route } from "@/lib/api/routing/routes";
import { auditEntriesFromApi, auditEntriesInZooKeeper, auditMismatches, type MadeChange } from "../support/audit-check";
import { consoleRoutes, contentOf, send, zooKeeperRoutes } from "../support/console-routes";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * Two console replicas (`npm start` of the build, as deployed) against one ZooKeeper of
 * their own: what one writes the other shows within a second, and two edits of one route
 * based on the same revision give one winner and one 409; the audit trail records each
 * acknowledged change once, and both list it. Needs `npm run build`.
 */

const SERVICE = "io.replicas.test.SharedService";
/** Issue 9: "edits on either are seen by both within a second". */
const PROPAGATION_BOUND_MS = 1_000;

let zookeeper: ZooKeeperHandle;
let zk: TestZk;
let a: ConsoleHandle;
let b: ConsoleHandle;
/** Every route change acknowledged in this file: the audit trail must hold exactly these. */
const made: MadeChange[] = [];
const content = (r: Route) => contentOf(r);

beforeAll(async () => {
  zookeeper = await startZooKeeper();
  zk = await connectTestZk(zookeeper.connectString);
  await zk.mkdirp(`/dubbo/${SERVICE}/routers`);
  [a, b] = await Promise.all([startConsole({ DUBBO_REGISTRY: zookeeper.dubboAddress }), startConsole({ DUBBO_REGISTRY: zookeeper.dubboAddress })]);
  await Promise.all([waitForRegistrySync(a.url), waitForRegistrySync(b.url)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  zk?.close();
  await zookeeper?.stop();
});

/** Milliseconds from `since` until the console at `url` lists route `name` satisfying `seen` (polled every 50 ms). */
async function delayUntil(url: string, name: string, seen: (r: Route | undefined) => boolean, since: number): Promise<number> {
  await waitFor(`${url} to show the change to ${name}`, async () => seen((await consoleRoutes(url, SERVICE)).get(name)), 10_000);
  return Date.now() - since;
}

describe("two console replicas on one ZooKeeper", () => {
  it("each shows what the other writes within a second", async () => {
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      const name = `propagation-${i}`;
      const created = await send<Route>(writer.url, "POST", "/api/v1/routes", { service: SERVICE, name, rule: `=> host = 10.3.0.${i}` });
      const createdAt = Date.now();
      expect(created.status).toBe(201);
      made.push({ kind: "create", name, before: null, after: content(created.body!) });
      delays.push(await delayUntil(reader.url, name, (r) => r?.revision === created.body!.revision, createdAt));

      // The reader edits it back: the writer must see the edit as quickly.
      const edited = await send<Route>(reader.url, "PUT", `/api/v1/routes/${created.body!.id}`, { revision: created.body!.revision, priority: 5 });
      const editedAt = Date.now();
      expect([edited.status, edited.body?.priority]).toEqual([200, 5]);
      made.push({ kind: "edit", name, before: content(created.body!), after: content(edited.body!) });
      delays.push(await delayUntil(writer.url, name, (r) => r?.revision === edited.body!.revision, editedAt));

      const deleted = await send(writer.url, "DELETE", `/api/v1/routes/${edited.body!.id}?revision=${edited.body!.revision}`);
      const deletedAt = Date.now();
      expect(deleted.status).toBe(200);
      made.push({ kind: "delete", name, before: content(edited.body!), after: null });
      delays.push(await delayUntil(reader.url, name, (r) => r === undefined, deletedAt));
    }
    const sorted = [...delays].sort((x, y) => x - y);
    console.info(`replica propagation over ${delays.length} changes: median ${sorted[sorted.length >> 1]} ms, max ${sorted.at(-1)} ms (polled every 50 ms)`);
    expect(sorted.at(-1)).toBeLessThan(PROPAGATION_BOUND_MS);
    expect(await zooKeeperRoutes(zk, SERVICE)).toEqual(new Map());
  });

  it.each([1, 2, 3, 4, 5])("gives one of two simultaneous edits of one revision the win and the other a 409 (round %i)", async (round) => {
    const name = `contested-${round}`;
    const created = await send<Route>(a.url, "POST", "/api/v1/routes", { service: SERVICE, name, rule: "=> host = 10.4.0.1" });
    expect(created.status).toBe(201);
    const base = created.body!;
    made.push({ kind: "create", name, before: null, after: content(base) });
    await delayUntil(b.url, name, (r) => r?.revision === base.revision, Date.now());

    const [fromA, fromB] = await Promise.all([
      send<Route>(a.url, "PUT", `/api/v1/routes/${base.id}`, { revision: base.revision, priority: 1, rule: "=> host = 10.4.0.2" }),
      send<Route>(b.url, "PUT", `/api/v1/routes/${base.id}`, { revision: base.revision, priority: 2, rule: "=> host = 10.4.0.3" }),
    ]);
    expect([fromA.status, fromB.status].sort()).toEqual([200, 409]);
    const winner = fromA.status === 200 ? fromA.body! : fromB.body!;
    const loser = (fromA.status === 409 ? fromA : fromB).body as unknown as { error: { code: string } };
    expect(loser.error.code).toBe("conflict");
    made.push({ kind: "edit", name, before: content(base), after: content(winner) });

    // The registry holds the winner, once; both replicas come to show it.
    expect((await zooKeeperRoutes(zk, SERVICE)).get(name)).toEqual([contentOf(winner)]);
    for (const url of [a.url, b.url]) await delayUntil(url, name, (r) => r?.revision === winner.revision, Date.now());
    const removed = await send(a.url, "DELETE", `/api/v1/routes/${winner.id}?revision=${winner.revision}`);
    expect(removed.status).toBe(200);
    made.push({ kind: "delete", name, before: content(winner), after: null });
  });

  it("gives one of two simultaneous creates of one name the route and the other a 409", async () => {
    const name = "created-twice";
    const [fromA, fromB] = await Promise.all([
      send<Route>(a.url, "POST", "/api/v1/routes", { service: SERVICE, name, rule: "=> host = 10.5.0.1" }),
      send<Route>(b.url, "POST", "/api/v1/routes", { service: SERVICE, name, rule: "=> host = 10.5.0.2" }),
    ]);
    expect([fromA.status, fromB.status].sort()).toEqual([201, 409]);
    const winner = fromA.status === 201 ? fromA.body! : fromB.body!;
    expect((await zooKeeperRoutes(zk, SERVICE)).get(name)).toEqual([contentOf(winner)]);
    made.push({ kind: "create", name, before: null, after: content(winner) });
  });

  it("records every change acknowledged on either replica once in the audit trail, which both list alike", async () => {
    const entries = await auditEntriesInZooKeeper(zk);
    expect(auditMismatches(made, entries)).toEqual([]);
    const ids = JSON.stringify(entries.map((e) => e.id).sort());
    for (const url of [a.url, b.url]) {
      await waitFor(`${url}'s GET /api/v1/audit to list every entry`, async () => JSON.stringify((await auditEntriesFromApi(url, SERVICE)).map((e) => e.id).sort()) === ids);
    }
  });
});
