import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { waitFor } from "../support/wait-for";
import { connectTestZk } from "../support/zk-client";
import { startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

const rig = inject("rig");
let second: ZooKeeperHandle;
let engine: Engine;

beforeAll(async () => {
  second = await startZooKeeper();
  const zk = await connectTestZk(second.connectString);
  // A second registry rooted at /prod (group=prod), holding one more provider of GreetingService.
  await zk.mkdirp("/prod/io.dubboconsole.demo.api.GreetingService/providers");
  await zk.create(
    `/prod/io.dubboconsole.demo.api.GreetingService/providers/${javaUrlEncode("dubbo://10.3.0.1:20880/io.dubboconsole.demo.api.GreetingService?interface=io.dubboconsole.demo.api.GreetingService&application=prod-greeter&release=3.3.6")}`,
  );
  zk.close();
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: `${rig.zkAddress} | ${second.dubboAddress}?group=prod&session=2000&timeout=1000` }), silentLogger);
  engine.start();
  await waitFor("both registries to sync, at both levels", () => engine.registries.every((r) => r.usable && r.discovery.syncedAt !== null));
});

afterAll(async () => {
  engine?.close();
  await second?.stop();
});

describe("several registries joined by |", () => {
  it("merges each service's providers across registries (the first's at both levels), each read under its own root", () => {
    expect(engine.registries.map((r) => r.view.root)).toEqual(["/dubbo", "/prod"]);
    const greeting = engine.catalog.list({ q: "GreetingService", limit: 10 }).services[0];
    expect(greeting).toMatchObject({ providers: 4, applications: ["demo-provider-27", "demo-provider-33", "demo-provider-33-instance", "prod-greeter"], registries: [rig.zkAddress, `${second.dubboAddress}?group=prod&session=2000&timeout=1000`].sort() });
  });

  it("keeps serving the last view of a registry that drops, marked stale, also once its session is lost", async () => {
    await second.kill(0);
    await waitFor("the second registry to be suspended", () => engine.registries[1]!.session.state.type === "suspended", 15_000);
    // Suspended: the session may still live (2 s here), so its last view still counts.
    expect(engine.catalog.list({ q: "GreetingService", limit: 10 }).services[0]?.providers).toBe(4);
    await waitFor("the second registry to be lost", () => engine.registries[1]!.session.state.type !== "suspended", 15_000);
    expect(engine.registryStatus().registries.map((r) => r.state.type)).toEqual(["connected", expect.stringMatching(/^(lost|connecting)$/)]);
    const listed = engine.catalog.list({ q: "GreetingService", limit: 10 });
    expect(listed.services[0]).toMatchObject({ providers: 4, applications: ["demo-provider-27", "demo-provider-33", "demo-provider-33-instance", "prod-greeter"] });
    expect(listed.stale).toEqual([expect.objectContaining({ registry: `${second.dubboAddress}?group=prod&session=2000&timeout=1000`, reason: "disconnected" })]);
  });
});
