import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntriesFromApi, auditEntriesInZooKeeper, auditMismatches } from "../support/audit-check";
import { asObject, zooKeeperRoutes } from "../support/console-routes";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { RouteBurst } from "../support/route-burst";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * The console SIGKILLed in the middle of a burst of route changes from four clients at
 * once, then started again: ZooKeeper holds every acknowledged change, and each change in
 * flight at the kill whole or not at all, with its audit entry exactly when applied.
 * Needs `npm run build`.
 */

const SERVICE = "io.replicas.test.KillService";
const WORKERS = 4;
const NAMES_PER_WORKER = 3;
/** Acknowledged changes before the kill. */
const KILL_AFTER = 12;

let zookeeper: ZooKeeperHandle;
let zk: TestZk;
let console_: ConsoleHandle;

beforeAll(async () => {
  zookeeper = await startZooKeeper();
  zk = await connectTestZk(zookeeper.connectString);
  await zk.mkdirp(`/dubbo/${SERVICE}/routers`);
  console_ = await startConsole({ DUBBO_REGISTRY: zookeeper.dubboAddress });
  await waitForRegistrySync(console_.url);
});

afterAll(async () => {
  await console_?.stop();
  zk?.close();
  await zookeeper?.stop();
});

const health = async (url: string) => (await fetch(`${url}/api/health`)).status;

describe("the console killed mid-burst and restarted", () => {
  it("loses no acknowledged change and leaves each change in flight whole or absent", async () => {
    const names = Array.from({ length: WORKERS }, (_, w) => Array.from({ length: NAMES_PER_WORKER }, (_, j) => `w${w}-r${j}`));
    const burst = new RouteBurst(SERVICE, names.flat());
    let index = 0;
    let killed = false;
    const first = console_;
    // Each client changes its own routes one after another, so its belief of them stays exact.
    const client = async (own: readonly string[]) => {
      for (let i = 0; !killed; i++) {
        const name = own[i % own.length]!;
        const record = await burst.run(first.url, burst.plan(index++, name));
        if (!killed && burst.count("acknowledged") >= KILL_AFTER) {
          killed = true;
          first.peer.process.kill("SIGKILL");
        }
        if (record.verdict === "refused") await burst.confirmUnchanged(zk, record);
      }
    };
    await Promise.all(names.map(client));
    await first.peer.exited;

    const inFlight = burst.records.filter((r) => r.verdict === "unknown");
    expect(burst.count("acknowledged")).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(inFlight.length).toBeGreaterThanOrEqual(1);

    console_ = await startConsole({ DUBBO_REGISTRY: zookeeper.dubboAddress });
    await waitForRegistrySync(console_.url);
    await waitFor("the restarted console to be ready", async () => (await health(console_.url)) === 200);
    // Before any reconciling: every route without a change in flight is as acknowledged.
    const unsettled = new Set(inFlight.map((r) => r.op.name));
    const inZk = await zooKeeperRoutes(zk, SERVICE);
    for (const [name, content] of burst.belief()) {
      if (!unsettled.has(name)) expect(inZk.get(name) ?? [], name).toEqual(content === null ? [] : [content]);
    }
    // Each change in flight is whole or absent (reconcile throws otherwise).
    for (const record of inFlight) await burst.reconcile(zk, () => console_.url, record);
    const applied = inFlight.filter((r) => r.applied).length;
    console.info(
      `console kill: ${burst.count("acknowledged")} acknowledged before the kill, ${inFlight.length} in flight (${applied} applied, ${inFlight.length - applied} not), ` +
        `${burst.count("refused")} refused with 409 by the routers directory's retry limit (nothing applied)`,
    );
    // One console writes one routers directory one change at a time, so its own clients never exhaust the retries.
    expect(burst.count("refused")).toBe(0);

    // The restarted console carries on with the burst.
    for (let i = 0; i < 12; i++) {
      const record = await burst.run(console_.url, burst.plan(index++, burst.names[i % burst.names.length]!));
      expect([record.op.index, record.verdict]).toEqual([record.op.index, "acknowledged"]);
    }
    const final = await zooKeeperRoutes(zk, SERVICE);
    expect([...final.values()].every((nodes) => nodes.length === 1)).toBe(true);
    expect(asObject(new Map([...final].map(([n, nodes]) => [n, nodes[0]!])))).toEqual(asObject(burst.belief()));
    // The audit trail: one entry per change made, the in-flight ones included exactly when applied.
    const entries = await auditEntriesInZooKeeper(zk);
    expect(auditMismatches(burst.made(), entries)).toEqual([]);
    await waitFor("GET /api/v1/audit to list the same entries", async () =>
      JSON.stringify((await auditEntriesFromApi(console_.url, SERVICE)).map((e) => e.id).sort()) === JSON.stringify(entries.map((e) => e.id).sort()),
    );
  });
});
