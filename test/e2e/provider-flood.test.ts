import { readdirSync, readFileSync } from "node:fs";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { javaUrlEncode } from "@/lib/dubbo/url";
import { encodeFrame } from "@/server/protocol/frame";
import { type ConsoleHandle, startConsole, waitForRegistrySync } from "../support/console-server";
import { type FakeConnection, type FakePeer, startFakePeer } from "../support/fake-dubbo-peer";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * A provider that floods the console with heartbeat requests and never reads (issue 15,
 * item 2: one took the built console from 255 MB to 3.5 GB in 35 s). It is registered in
 * the rig's ZooKeeper under an interface of its own; once the console connects (a test
 * invocation), it writes heartbeat requests as fast as the socket takes them and reads
 * nothing. The console must drop it within a bounded time, stay within +300 MB of RSS,
 * keep answering /api/health, and name the peer once in its log.
 */
const rig = inject("rig");
const SERVICE = "io.dubboconsole.flood.FloodService";
const RSS_HEADROOM_KB = 300 * 1024;

/** One heartbeat request (event, two-way, hessian2 null), 17 bytes. */
function heartbeat(id: bigint): Buffer {
  return encodeFrame({ id, request: true, twoWay: true, event: true, serialization: 2, status: 0, body: Buffer.from([0x4e]) }, 16);
}

/** Writes heartbeat requests as fast as the socket takes them (its own back-pressure honoured, so the test holds little), until it closes. */
function flood(socket: Socket): void {
  socket.pause();
  let id = 1n;
  const burst = () => {
    while (!socket.destroyed) {
      const chunk = Buffer.concat(Array.from({ length: 256 }, () => heartbeat(id++)));
      if (!socket.write(chunk)) {
        socket.once("drain", burst);
        return;
      }
    }
  };
  burst();
}

/** The resident memory (kB) of every process in the console's process group. */
function consoleRssKb(pgid: number): number {
  let total = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${name}/status`, "utf8"));
      total += rss ? Number(rss[1]) : 0;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

let zk: TestZk;
let server: ConsoleHandle;
let peer: FakePeer;
let providerNode: string;

beforeAll(async () => {
  peer = await startFakePeer({ answerHeartbeats: false });
  zk = await connectTestZk(rig.zkConnectString);
  providerNode = `/dubbo/${SERVICE}/providers/${javaUrlEncode(`dubbo://${peer.address}/${SERVICE}?anyhost=true&application=flood-provider&dubbo=2.0.2&interface=${SERVICE}&methods=ping&release=2.7.23&side=provider`)}`;
  await zk.createWithData(providerNode, "");
  server = await startConsole({ DUBBO_REGISTRY: rig.zkAddress, CONSOLE_AUTH: "off" });
  await waitForRegistrySync(server.url);
});

afterAll(async () => {
  await peer?.close();
  await server?.stop();
  await zk?.removeTree(`/dubbo/${SERVICE}`);
  zk?.close();
});

describe("a provider that floods heartbeat requests and never reads", () => {
  it("is dropped within seconds, with the console's memory bounded, its health answering, and the peer named once in its log", async () => {
    const pgid = server.peer.process.pid!;
    await waitFor("the flood provider in the catalog", async () => {
      const res = await fetch(`${server.url}/api/v1/services?q=${SERVICE}`);
      return res.ok && (await res.text()).includes(SERVICE);
    });
    const baseline = consoleRssKb(pgid);
    const connected = peer.nextConnection();
    const call = fetch(`${server.url}/api/v1/invoke`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ service: SERVICE, method: "ping", args: [], timeoutMs: 20_000 }),
    });
    const first: FakeConnection = await connected;
    flood(first.socket);
    const floodStarted = Date.now();

    let peak = baseline;
    let overgrown = false;
    let dropped = false;
    void first.closed.then(() => (dropped = true));
    // A console that held on would show its RSS climbing: the test then ends the flood itself
    // (a failing run must not take the shared machine's memory), and fails below.
    const sampler = setInterval(() => {
      peak = Math.max(peak, consoleRssKb(pgid));
      if (peak - baseline > RSS_HEADROOM_KB && !overgrown) {
        overgrown = true;
        first.socket.destroy();
      }
    }, 100);
    try {
      await waitFor("the flooding connection to end", () => dropped, 20_000);
      expect(overgrown, `the console grew by ${Math.round((peak - baseline) / 1024)} MB while flooded`).toBe(false);
      const droppedAfterMs = Date.now() - floodStarted;
      expect(droppedAfterMs).toBeLessThan(20_000);

      const answer = (await (await call).json()) as { error?: { code: string; message: string } };
      expect(answer.error?.code).toBe("connection_failed");
      expect(answer.error?.message).toContain(peer.address);

      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      // The console reconnects after its backoff; the peer floods again, and is dropped again.
      const second = await peer.nextConnection();
      flood(second.socket);
      await second.closed;
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      clearInterval(sampler);
    }
    expect(peak - baseline).toBeLessThan(RSS_HEADROOM_KB);
    // Warned once, though dropped twice (each drop also has its info line, "connection to provider dropped").
    const warned = server.peer.lines.filter((l) => / (warn|error) /.test(l) && l.includes(peer.address));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/ warn provider misbehaved \(flood\); dropping the connection \(logged once per provider\) \{"address":"127\.0\.0\.1:\d+","misbehaviour":"sent more than 200 requests within 1000 ms"\}$/);
    expect(server.peer.lines.filter((l) => l.includes("connection to provider dropped") && l.includes(peer.address)).length).toBeGreaterThanOrEqual(2);
  });
});
