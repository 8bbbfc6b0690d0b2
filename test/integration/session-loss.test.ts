import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { waitFor } from "../support/wait-for";
import { connectTestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

let server: ZooKeeperHandle;
let engine: Engine;

const node = (host: string) => `/dubbo/io.loss.Svc/providers/${javaUrlEncode(`dubbo://${host}:20880/io.loss.Svc?interface=io.loss.Svc`)}`;

async function withZk(fn: (zk: Awaited<ReturnType<typeof connectTestZk>>) => Promise<void>): Promise<void> {
  const zk = await connectTestZk(server.connectString);
  try {
    await fn(zk);
  } finally {
    zk.close();
  }
}

beforeAll(async () => {
  server = await startZooKeeper();
  await withZk(async (zk) => {
    await zk.mkdirp("/dubbo/io.loss.Svc/providers");
    await zk.create(node("10.2.0.1"));
  });
  // A short session, so "suspended longer than the session timeout" comes quickly.
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: `${server.dubboAddress}?session=2000&timeout=1000` }), silentLogger);
  engine.start();
  await waitFor("the first sync", () => engine.registries[0]!.usable);
});

afterAll(async () => {
  engine?.close();
  await server?.stop();
});

describe("losing the ZooKeeper session (the server gone past the session timeout)", () => {
  it("goes suspended, then lost, then opens a new session and re-reads everything it missed", async () => {
    const registry = engine.registries[0]!;
    const seen: string[] = [];
    registry.session.onState((s) => seen.push(s.type));
    const firstSession = registry.session.state.type === "connected" ? registry.session.state.sessionId : "";

    await server.kill(0);
    await waitFor("the session to be declared lost", () => seen.includes("lost"), 15_000);
    expect(seen.slice(0, 2)).toEqual(["suspended", "lost"]);
    // The last complete view is still served, marked stale, as Dubbo's consumers keep theirs.
    const lastView = engine.catalog.list({ limit: 10 });
    expect(lastView.services).toMatchObject([{ key: "io.loss.Svc", providers: 1 }]);
    expect(lastView.stale).toEqual([expect.objectContaining({ reason: "disconnected" })]);

    await server.restart(0);
    // Changed while the console had no session: only a full re-read can see it.
    await withZk(async (zk) => {
      await zk.remove(node("10.2.0.1"));
      await zk.create(node("10.2.0.2"));
    });
    await waitFor("a new session", () => registry.session.state.type === "connected", 30_000);
    const state = registry.session.state;
    expect(state.type === "connected" && state.sessionId).not.toBe(firstSession);
    const hosts = await waitFor("the re-read view", () => {
      const entries = registry.view.service("io.loss.Svc")?.get("providers") ?? [];
      const h = entries.map((e) => e.url.host);
      return h.length === 1 && h[0] === "10.2.0.2" ? h : undefined;
    });
    expect(hosts).toEqual(["10.2.0.2"]);

    // And the new session's watches work.
    await withZk((zk) => zk.create(node("10.2.0.3")));
    await waitFor("a provider added on the new session", () => engine.catalog.list({ limit: 10 }).services[0]?.providers === 2);
    expect(engine.catalog.list({ limit: 10 }).stale).toEqual([]);
  });
});

describe("cut off from a ZooKeeper that keeps serving others (a network partition)", () => {
  const CUT = "io.loss.Cut";
  const cutNode = (host: string) => `/dubbo/${CUT}/providers/${javaUrlEncode(`dubbo://${host}:20880/${CUT}?interface=${CUT}`)}`;
  let proxy: TcpProxy | undefined;
  let cutEngine: Engine | undefined;

  afterEach(async () => {
    cutEngine?.close();
    await proxy?.close();
    cutEngine = proxy = undefined;
  });

  const cutHosts = (e: Engine) => (e.registries[0]!.view.service(CUT)?.get("providers") ?? []).map((x) => x.url.host).sort();

  it.each<[string, number, "resumed" | "new"]>([
    ["shorter than the session timeout, and the resumed session's restored watches bring what changed meanwhile", 10_000, "resumed"],
    ["longer than the session timeout, and a new session's full re-read brings what changed meanwhile", 2_000, "new"],
  ])("serves the last view, marked stale, while cut off %s", async (_what, sessionMs, expected) => {
    await withZk(async (zk) => {
      await zk.mkdirp(`/dubbo/${CUT}/providers`);
      for (const c of await zk.children(`/dubbo/${CUT}/providers`)) await zk.remove(`/dubbo/${CUT}/providers/${c}`);
      await zk.create(cutNode("10.2.1.1"));
    });
    proxy = await startTcpProxy(server.nodes[0]!.port);
    const engine = new Engine(parseConfig({ DUBBO_REGISTRY: `zookeeper://127.0.0.1:${proxy.port}?session=${sessionMs}&timeout=1000` }), silentLogger);
    cutEngine = engine;
    const registry = engine.registries[0]!;
    engine.start();
    await waitFor("the first sync", () => registry.usable && cutHosts(engine).length === 1);
    const before = registry.session.state;
    const seen: string[] = [];
    registry.session.onState((s) => seen.push(s.type));

    const cutAt = Date.now();
    await proxy.cut();
    await waitFor("the console to see the cut", () => registry.session.state.type === "suspended");
    const served = engine.catalog.list({ q: CUT, limit: 10 });
    expect(served.services).toMatchObject([{ key: CUT, providers: 1 }]);
    expect(served.stale).toEqual([{ registry: registry.address.source, reason: "disconnected", since: expect.any(Number), ageMs: expect.any(Number) }]);
    expect(served.stale[0]!.since).toBeLessThanOrEqual(cutAt);

    // Changed while the console cannot reach ZooKeeper, which serves everyone else.
    await withZk(async (zk) => {
      await zk.remove(cutNode("10.2.1.1"));
      await zk.create(cutNode("10.2.1.2"));
    });
    if (expected === "new") await waitFor("the session to be given up", () => seen.includes("lost"), 15_000);
    expect(cutHosts(engine)).toEqual(["10.2.1.1"]);
    expect(registry.stale()?.reason).toBe("disconnected");

    await proxy.restore();
    await waitFor("the change made meanwhile", () => cutHosts(engine).join() === "10.2.1.2", 30_000);
    await waitFor("the view to be live again", () => registry.stale() === null, 15_000);
    const after = registry.session.state;
    const sameSession = after.type === "connected" && before.type === "connected" && after.sessionId === before.sessionId;
    expect(sameSession).toBe(expected === "resumed");
    expect(seen.slice(0, 2)).toEqual(expected === "resumed" ? ["suspended", "connected"] : ["suspended", "lost"]);
  });
});
