import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";
import { fourLetterWord, startEnsemble, type ZooKeeperHandle } from "../support/zookeeper";

let ensemble: ZooKeeperHandle;
let engine: Engine;
let zk: TestZk;

const providerNode = (host: string) => javaUrlEncode(`dubbo://${host}:20880/io.ens.Svc?interface=io.ens.Svc&application=ens`);

beforeAll(async () => {
  ensemble = await startEnsemble(3);
  zk = await connectTestZk(ensemble.connectString);
  await zk.mkdirp("/dubbo/io.ens.Svc/providers");
  await zk.create(`/dubbo/io.ens.Svc/providers/${providerNode("10.1.0.1")}`);
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: ensemble.dubboAddress }), silentLogger);
  engine.start();
  await waitFor("the view over the ensemble", () => engine.registries[0]!.usable);
});

afterAll(async () => {
  engine?.close();
  zk?.close();
  await ensemble?.stop();
});

describe("a 3-node ZooKeeper ensemble given as zookeeper://a?backup=b,c", () => {
  it("is read whole, through whichever server the session lands on", () => {
    expect(ensemble.dubboAddress).toMatch(/^zookeeper:\/\/127\.0\.0\.1:\d+\?backup=127\.0\.0\.1:\d+,127\.0\.0\.1:\d+$/);
    expect(engine.registries[0]!.address.servers).toHaveLength(3);
    expect(engine.catalog.list({ limit: 10 }).services).toMatchObject([{ key: "io.ens.Svc", providers: 1 }]);
  });

  it("keeps its session and watches when the server it is connected to stops", async () => {
    const registry = engine.registries[0]!;
    const state = registry.session.state;
    if (state.type !== "connected") throw new Error(`expected connected, got ${state.type}`);
    const sessionId = state.sessionId.replace(/^0+/, "");
    const outputs = await Promise.all(ensemble.nodes.map((n) => fourLetterWord(n.port, "cons")));
    const index = outputs.findIndex((o) => o.includes(`sid=0x${sessionId}`));
    expect(index).toBeGreaterThanOrEqual(0);
    const seen: string[] = [];
    registry.session.onState((s) => seen.push(s.type));
    await ensemble.nodes[index]!.peer.stop();

    await waitFor("the session to move to another server", () => seen.join(",") === "suspended,connected", 30_000);
    const after = registry.session.state;
    expect(after.type === "connected" && after.sessionId.replace(/^0+/, "")).toBe(sessionId);
    await zk.create(`/dubbo/io.ens.Svc/providers/${providerNode("10.1.0.2")}`).catch(async () => {
      // The test's own client may have been on the stopped server too; it reconnects by itself.
      await waitFor("the test client to reconnect", async () => (await zk.create(`/dubbo/io.ens.Svc/providers/${providerNode("10.1.0.2")}`).then(() => true)), 30_000);
    });
    await waitFor("the provider added after the failover", () => engine.catalog.list({ limit: 10 }).services[0]?.providers === 2, 30_000);
  });
});
