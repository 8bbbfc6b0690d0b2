import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as byId from "@/app/api/v1/routes/[id]/route";
import * as routes from "@/app/api/v1/routes/route";
import { routeSchema } from "@/lib/api/routing/routes";
import { parseConfig } from "@/server/runtime/config";
import { type Engine, findEngine, startEngine } from "@/server/runtime/engine";
import { waitFor } from "../support/wait-for";
import { connectTestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * Saving while ZooKeeper cannot answer: a server of its own (frozen with SIGSTOP, killed),
 * so the rig's peers are not disturbed. The console's defaults: 5 s per operation, 12 s
 * session timeout (a silent server is noticed after 8 s).
 */

const SERVICE = "io.routes.test.DownService";
const DIR = `/dubbo/${SERVICE}/routers`;
const RULE_NODE = `/dubbo/config/dubbo/${SERVICE}::.condition-router`;

let server: ZooKeeperHandle;
let engine: Engine;

beforeAll(async () => {
  server = await startZooKeeper();
  const zk = await connectTestZk(server.connectString);
  await zk.mkdirp(DIR);
  zk.close();
  engine = startEngine(parseConfig({ DUBBO_REGISTRY: server.dubboAddress, LOG_LEVEL: "error" }));
  await waitFor("the first full read", () => engine.registries[0]!.usable);
});

afterAll(async () => {
  findEngine()?.close();
  await server.stop();
});

const post = (body: unknown) => routes.POST(new Request("http://console/api/v1/routes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));
const put = (id: string, body: unknown) => byId.PUT(new Request(`http://console/api/v1/routes/${id}`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }));

/** The children of the routers directory and the service's config-center rule, read with a client of the test's own once ZooKeeper answers. */
async function nodesInZooKeeper(): Promise<string[]> {
  const zk = await connectTestZk(server.connectString);
  try {
    const rule = await zk.getData(RULE_NODE);
    return [...(await zk.children(DIR)), ...(rule === null ? [] : [`config center: ${rule}`])];
  } finally {
    zk.close();
  }
}

const session = () => engine.registries[0]!.session;

async function timed(run: () => Promise<Response>): Promise<{ ms: number; status: number; error: { code: string; message: string } }> {
  const started = Date.now();
  const res = await run();
  return { ms: Date.now() - started, status: res.status, error: ((await res.json()) as { error: { code: string; message: string } }).error };
}

describe("saving a route while ZooKeeper cannot answer", () => {
  it("answers 503 within the operation timeout when the server is frozen, and nothing is written once it answers again", async () => {
    const before = routeSchema.parse(await (await post({ service: SERVICE, name: "kept", rule: "=> host = 10.0.0.1" })).json());
    expect(await nodesInZooKeeper()).toHaveLength(1);
    const copied = routeSchema.parse(await (await post({ service: SERVICE, name: "copied", rule: "=> host = 10.0.0.5", targets: ["registry", "config-center"] })).json());
    const written = await nodesInZooKeeper();
    expect(written).toHaveLength(3);

    server.freeze(0);
    try {
      // The session still looks connected: the silence is noticed only after 8 s.
      expect(session().state.type).toBe("connected");
      const created = await timed(() => post({ service: SERVICE, name: "frozen", rule: "=> host = 10.0.0.2" }));
      expect(created.status).toBe(503);
      expect(created.error.code).toBe("registry_unavailable");
      expect(created.error.message).toMatch(/did not answer getData .* within 5000 ms/);
      expect(created.ms).toBeLessThan(6_500);
      const edited = await timed(() => put(before.id, { revision: before.revision, priority: 7 }));
      expect([edited.status, edited.error.code]).toEqual([503, "registry_unavailable"]);
      expect(edited.ms).toBeLessThan(6_500);
      const moved = await timed(() => put(copied.id, { revision: copied.revision, rule: "=> host = 10.0.0.6" }));
      expect([moved.status, moved.error.code]).toEqual([503, "registry_unavailable"]);
    } finally {
      server.thaw(0);
    }
    await waitFor("the session to answer again", () => session().state.type === "connected", 30_000);
    expect(await nodesInZooKeeper()).toEqual(written);
  });

  it("answers 503 at once while the server is down, and nothing is written once it is back", async () => {
    const nodesBefore = await nodesInZooKeeper();
    await server.kill(0);
    try {
      await waitFor("the console to see the connection drop", () => session().state.type !== "connected", 15_000);
      const created = await timed(() => post({ service: SERVICE, name: "down", rule: "=> host = 10.0.0.3" }));
      expect(created.status).toBe(503);
      expect(created.error.code).toBe("registry_unavailable");
      expect(created.error.message).toMatch(/^cannot getData \/dubbo: registry is (suspended|lost|connecting)/);
      expect(created.ms).toBeLessThan(500);
      const both = await timed(() => post({ service: SERVICE, name: "down-both", rule: "=> host = 10.0.0.4", targets: ["registry", "config-center"] }));
      expect([both.status, both.error.code]).toEqual([503, "registry_unavailable"]);
      expect(both.ms).toBeLessThan(500);
    } finally {
      await server.restart(0);
    }
    await waitFor("the session to answer again", () => session().state.type === "connected", 30_000);
    expect(await nodesInZooKeeper()).toEqual(nodesBefore);
  });
});
