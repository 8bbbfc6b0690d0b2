import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { RegistryState } from "@/lib/api/registry-state";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";
import { fourLetterWord, startEnsemble, startZooKeeper, type ZooKeeperHandle } from "../support/zookeeper";

/**
 * A ZooKeeper server stopped with SIGSTOP keeps its sockets and its kernel keeps
 * accepting connections, so nothing is refused or closed: only the silence tells. These
 * run with the console's default session timeout (12 s), as an operator would.
 */

const SERVICE = "io.frozen.Svc";
const provider = (host: string) => `/dubbo/${SERVICE}/providers/${javaUrlEncode(`dubbo://${host}:20880/${SERVICE}?interface=${SERVICE}&application=frozen`)}`;

let server: ZooKeeperHandle | undefined;
let engine: Engine | undefined;
let zk: TestZk | undefined;

afterEach(async () => {
  engine?.close();
  zk?.close();
  await server?.stop();
  engine = zk = server = undefined;
});

afterAll(async () => {
  await server?.stop();
});

async function startConsoleEngine(address: string): Promise<{ engine: Engine; states: RegistryState[] }> {
  const e = new Engine(parseConfig({ DUBBO_REGISTRY: address }), silentLogger);
  const states: RegistryState[] = [];
  e.registries[0]!.session.onState((s) => states.push(s));
  e.start();
  await waitFor("the first full read", () => e.registries[0]!.usable);
  return { engine: e, states };
}

const providerHosts = (e: Engine) => {
  const entries = e.registries[0]!.view.service(SERVICE)?.get("providers") ?? [];
  return entries.map((x) => x.url.host).sort();
};

describe("a frozen ZooKeeper server (SIGSTOP)", () => {
  it("is noticed within 10 s, the last view is served marked stale, and a new session catches up after SIGCONT", async () => {
    server = await startZooKeeper();
    zk = await connectTestZk(server.connectString);
    await zk.mkdirp(`/dubbo/${SERVICE}/providers`);
    await zk.create(provider("10.9.0.1"));
    zk.close();
    zk = undefined;
    const started = await startConsoleEngine(server.dubboAddress);
    engine = started.engine;
    const registry = engine.registries[0]!;
    const firstState = registry.session.state;
    expect(firstState.type).toBe("connected");
    expect(registry.status().stale).toBeNull();

    started.states.length = 0;
    const frozenAt = Date.now();
    server.freeze(0);
    await waitFor("the console to notice the silence", () => registry.session.state.type === "suspended", 15_000);
    const noticedAfterMs = Date.now() - frozenAt;
    expect(noticedAfterMs).toBeLessThan(10_000);
    // Not before 2/3 of the session timeout either: a healthy idle connection is kept.
    expect(noticedAfterMs).toBeGreaterThanOrEqual(7_500);

    const status = registry.status();
    expect(status.lastError?.message).toMatch(/^no answer from 127\.0\.0\.1:\d+ for \d+ ms/);
    expect(status.stale).toMatchObject({ reason: "disconnected" });
    expect(status.stale!.since).toBeLessThanOrEqual(frozenAt);
    const listed = engine.catalog.list({ limit: 10 });
    expect(listed.services).toMatchObject([{ key: SERVICE, providers: 1 }]);
    expect(listed.stale).toEqual([expect.objectContaining({ registry: server.dubboAddress, reason: "disconnected" })]);

    // Past the session timeout the session is given up; the last view is still served.
    await waitFor("the session to be given up", () => registry.session.state.type !== "suspended", 20_000);
    expect(engine.catalog.list({ limit: 10 }).services).toMatchObject([{ key: SERVICE, providers: 1 }]);
    expect(registry.status().stale?.reason).toBe("disconnected");

    server.thaw(0);
    await waitFor(
      "a new session",
      () => {
        const s = registry.session.state;
        return s.type === "connected" && firstState.type === "connected" && s.sessionId !== firstState.sessionId;
      },
      30_000,
    );
    await waitFor("the re-read to finish", () => registry.status().stale === null, 15_000);
    expect(providerHosts(engine)).toEqual(["10.9.0.1"]);
    // The new session's watches work.
    zk = await connectTestZk(server.connectString);
    await zk.create(provider("10.9.0.2"));
    await waitFor("a provider added after the thaw", () => providerHosts(engine!).length === 2);
    expect(started.states.map((s) => s.type).slice(0, 3)).toEqual(["suspended", "lost", "connecting"]);
    // The status page's history tells the same story, newest first, from the new session.
    const history = registry.status().history;
    expect(history.map((s) => s.type).slice(0, 4)).toEqual(["connected", "connecting", "lost", "suspended"]);
    expect(history[0]).toEqual(registry.session.state);
  });

  it("moves to another member of an ensemble within 10 s and misses nothing changed meanwhile", async () => {
    server = await startEnsemble(3);
    zk = await connectTestZk(server.connectString);
    await zk.mkdirp(`/dubbo/${SERVICE}/providers`);
    await zk.create(provider("10.9.1.1"));
    const started = await startConsoleEngine(server.dubboAddress);
    engine = started.engine;
    const registry = engine.registries[0]!;
    const state = registry.session.state;
    if (state.type !== "connected") throw new Error(`expected connected, got ${state.type}`);
    const outputs = await Promise.all(server.nodes.map((n) => fourLetterWord(n.port, "cons")));
    const frozen = outputs.findIndex((o) => o.includes(`sid=0x${state.sessionId.replace(/^0+/, "")}`));
    expect(frozen).toBeGreaterThanOrEqual(0);
    expect(state.server).toBe(`127.0.0.1:${server.nodes[frozen]!.port}`);

    // The test's own client goes through the members that stay up.
    zk.close();
    zk = await connectTestZk(server.nodes.filter((_, i) => i !== frozen).map((n) => `127.0.0.1:${n.port}`).join(","));
    started.states.length = 0;
    const frozenAt = Date.now();
    server.freeze(frozen);
    // Another member answers at once, so "suspended" may last only milliseconds: read the history.
    const suspended = await waitFor("the console to notice the silence", () => started.states.find((s) => s.type === "suspended"), 15_000);
    expect(suspended.since - frozenAt).toBeLessThan(10_000);
    expect(registry.status().lastError?.message).toMatch(new RegExp(`^no answer from ${state.server} for \\d+ ms`));
    // Changed while the console has no connection.
    await waitFor("a write through the live quorum", () => zk!.create(provider("10.9.1.2")).then(() => true), 20_000);

    await waitFor("a session on another member", () => {
      const s = registry.session.state;
      return s.type === "connected" && s.server !== state.server ? s : undefined;
    }, 30_000);
    await waitFor("the change made meanwhile", () => providerHosts(engine!).join() === "10.9.1.1,10.9.1.2", 15_000);
    await waitFor("the view to be live again", () => registry.status().stale === null, 15_000);
    server.thaw(frozen);
  });
});
