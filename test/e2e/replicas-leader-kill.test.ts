import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntriesFromApi, auditEntriesInZooKeeper, auditMismatches } from "../support/audit-check";
import { asObject, consoleRoutes, contentOf, within, zooKeeperRoutes } from "../support/console-routes";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { RouteBurst } from "../support/route-burst";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";
import { fourLetterWord, startEnsemble, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * A 3-node ZooKeeper ensemble whose leader is SIGKILLed during a burst of 40 route changes
 * sent through the console's HTTP API. A change answered 503 has an unknown outcome: the
 * client re-reads and reconciles as an operator would. Afterwards the routes in ZooKeeper
 * equal the client's belief: nothing acknowledged lost, nothing unacknowledged unexplained.
 * The audit trail holds exactly one entry per change made. Needs `npm run build`.
 */

const SERVICE = "io.replicas.test.LeaderService";
const CHANGES = 40;
const NAMES = Array.from({ length: 8 }, (_, i) => `route-${i}`);
/** The leader is killed once this many changes have been sent. */
const KILL_AT = 10;

let ensemble: ZooKeeperHandle;
let zk: TestZk;
let console_: ConsoleHandle;

beforeAll(async () => {
  ensemble = await startEnsemble(3);
  zk = await connectTestZk(ensemble.connectString);
  await zk.mkdirp(`/dubbo/${SERVICE}/routers`);
  console_ = await startConsole({ DUBBO_REGISTRY: ensemble.dubboAddress });
  await waitForRegistrySync(console_.url);
});

afterAll(async () => {
  await console_?.stop();
  zk?.close();
  await ensemble?.stop();
});

/** The index of the ensemble's leader, from each server's `srvr` answer. */
async function leaderIndex(): Promise<number> {
  const modes = await Promise.all(ensemble.nodes.map(async (n) => /Mode: (\w+)/.exec(await fourLetterWord(n.port, "srvr"))?.[1]));
  const index = modes.indexOf("leader");
  if (index < 0) throw new Error(`no leader among ${JSON.stringify(modes)}`);
  return index;
}

describe("the ZooKeeper leader killed during a burst of route changes", () => {
  it("keeps every acknowledged change and explains every other", async () => {
    const burst = new RouteBurst(SERVICE, NAMES);
    const leader = await leaderIndex();
    let killed: Promise<void> | null = null;
    for (let index = 0; index < CHANGES; index++) {
      if (index === KILL_AT) killed = ensemble.kill(leader);
      const record = await burst.run(console_.url, burst.plan(index, NAMES[index % NAMES.length]!));
      if (record.verdict === "unknown") await burst.reconcile(zk, () => console_.url, record);
      if (record.verdict === "refused") await burst.confirmUnchanged(zk, record);
    }
    await killed;
    const newLeader = await waitFor("a new leader", () => leaderIndex().catch(() => undefined));
    expect(newLeader).not.toBe(leader);

    const unknown = burst.records.filter((r) => r.verdict === "unknown");
    const statuses = [...new Set(unknown.map((r) => r.status))];
    console.info(
      `leader kill: ${burst.count("acknowledged")} of ${CHANGES} changes acknowledged, ${unknown.length} unknown (status ${statuses.join("/") || "-"}: ` +
        `${unknown.filter((r) => r.applied).length} had been applied), ${burst.count("refused")} refused with nothing applied`,
    );
    expect(burst.records).toHaveLength(CHANGES);
    expect(unknown.length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 503)).toBe(true);

    // ZooKeeper holds exactly the belief: one node per route, no other route.
    const inZk = await waitFor("ZooKeeper to answer", () => within(5_000, zooKeeperRoutes(zk, SERVICE)));
    expect([...inZk.values()].every((nodes) => nodes.length === 1)).toBe(true);
    expect(asObject(new Map([...inZk].map(([n, nodes]) => [n, nodes[0]!])))).toEqual(asObject(burst.belief()));
    // The audit trail records exactly the changes made, each once (it is written in the same multi).
    const entries = await auditEntriesInZooKeeper(zk);
    expect(auditMismatches(burst.made(), entries)).toEqual([]);
    await waitFor("GET /api/v1/audit to list the same entries", async () =>
      JSON.stringify((await auditEntriesFromApi(console_.url, SERVICE)).map((e) => e.id).sort()) === JSON.stringify(entries.map((e) => e.id).sort()),
    );
    // And the console shows the same routes.
    await waitFor("the console's view to equal ZooKeeper", async () => {
      const listed = await consoleRoutes(console_.url, SERVICE);
      return JSON.stringify(asObject(new Map([...listed].map(([n, r]) => [n, contentOf(r)])))) === JSON.stringify(asObject(burst.belief()));
    });
  });
});
