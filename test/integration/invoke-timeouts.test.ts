import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type InvokeRequest, type InvokeResponse, invokeRequestSchema } from "@/lib/api/invoke";
import { javaUrlDecode, javaUrlEncode } from "@/lib/dubbo/url";
import { type ConsoleError, isConsoleError } from "@/lib/errors";
import { parseConfig } from "@/server/runtime/config";
import { Engine } from "@/server/runtime/engine";
import { silentLogger } from "@/server/runtime/logger";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/wait-for";
import { connectTestZk, type TestZk } from "../support/zk-client";

/**
 * Invocation timeouts as Dubbo has them, against the rig's real Java providers: `timeoutMs`
 * is each attempt's (failover retries a try that timed out on another provider, as
 * FailoverClusterInvoker does), `deadlineMs` bounds the whole call, and either way the
 * answer lists every attempt. The slow provider is a real one behind a relay that holds its
 * answers back, registered as a provider of FaultService of its own (with a weight that
 * makes the random load balance pick it first).
 */
const rig = inject("rig");
const FAULT = { service: "io.dubboconsole.demo.api.FaultService", version: "2.0.0" } as const;
const KEY = `${FAULT.service}:${FAULT.version}`;
const PROVIDERS = `/dubbo/${FAULT.service}/providers`;
const HOLD_MS = 2_000;

let engine: Engine;
let zk: TestZk;
let relay: Server;
let relayAddress: string;
let node: string;
const sockets = new Set<Socket>();

/** Relays to `host:port`, holding every chunk the provider sends back for HOLD_MS. */
async function slowRelay(host: string, port: number): Promise<{ server: Server; port: number }> {
  const listenPort = await freePort();
  const server = createServer((client) => {
    const upstream = connect({ host, port });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => s.destroy());
      s.once("close", () => sockets.delete(s));
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => setTimeout(() => client.destroy(), HOLD_MS));
    client.pipe(upstream);
    upstream.on("data", (chunk: Buffer) => setTimeout(() => client.writable && client.write(chunk), HOLD_MS));
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  return { server, port: listenPort };
}

beforeAll(async () => {
  engine = new Engine(parseConfig({ DUBBO_REGISTRY: rig.zkAddress, DUBBO_CONSOLE_CACHE_DIR: "off" }), silentLogger);
  engine.start();
  zk = await connectTestZk(rig.zkConnectString);
  const real = rig.providers.find((p) => p.line === "2.7")!;
  const registered = (await zk.children(PROVIDERS)).map((n) => javaUrlDecode(n)).find((u) => u.includes(`//${real.address}/`))!;
  const [host, port] = real.address.split(":") as [string, string];
  const slow = await slowRelay(host, Number(port));
  relay = slow.server;
  relayAddress = `127.0.0.1:${slow.port}`;
  node = `${PROVIDERS}/${javaUrlEncode(`${registered.replace(`//${real.address}/`, `//${relayAddress}/`)}&weight=1000000`)}`;
  await zk.createWithData(node, "");
  await waitFor("the slow provider in the catalog", () => engine.catalog.entry(KEY)?.providers.some((p) => `${p.url.host}:${p.url.port}` === relayAddress));
});

afterAll(async () => {
  await zk?.remove(node).catch(() => undefined);
  zk?.close();
  await engine?.close();
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
});

async function outcome(body: InvokeRequest): Promise<InvokeResponse | ConsoleError> {
  try {
    return await engine.invocations.invoke(invokeRequestSchema.parse(body));
  } catch (e) {
    if (isConsoleError(e)) return e;
    throw e;
  }
}

describe("invocation timeouts", () => {
  it("times out each attempt on its own, so failover reaches another provider, and the answer lists both attempts", async () => {
    // The weighted random pick puts the slow provider first nearly always; a call that started elsewhere proves nothing, so take the first that did not.
    const answer = await waitFor(
      "a call whose first attempt went to the slow provider",
      async () => {
        const a = await outcome({ ...FAULT, method: "slow", parameterTypes: ["int"], args: [1], timeoutMs: 500, cluster: "failover" });
        if (!("ok" in a)) throw a;
        return a.attempts[0]?.provider === relayAddress ? a : undefined;
      },
      30_000,
    );
    expect(answer).toMatchObject({ ok: true, value: "slept 1 ms" });
    expect(answer.attempts.map((a) => [a.provider === relayAddress ? "slow" : "other", a.outcome])).toEqual([
      ["slow", "timeout"],
      ["other", "ok"],
    ]);
    expect(answer.attempts[0]!.elapsedMs).toBeGreaterThanOrEqual(490);
    expect(answer.attempts[0]!.elapsedMs).toBeLessThan(HOLD_MS);
    expect(answer.provider).toBe(answer.attempts[1]!.provider);
    expect(rig.providers.map((p) => p.address)).toContain(answer.provider);
  });

  it("takes retries as the attempts after the first: none retries nothing, and the timeout answer lists the attempt", async () => {
    const e = await outcome({ ...FAULT, method: "slow", parameterTypes: ["int"], args: [1], timeoutMs: 300, retries: 0, provider: relayAddress });
    expect(isConsoleError(e) && [e.code, e.details?.attempts]).toEqual(["timeout", [expect.objectContaining({ provider: relayAddress, outcome: "timeout" })]]);
  });

  it("bounds the whole call by deadlineMs, apart from the attempts' timeout, naming the provider it waited on", async () => {
    const started = performance.now();
    const e = await outcome({ ...FAULT, method: "slow", parameterTypes: ["int"], args: [1], timeoutMs: 10_000, deadlineMs: 400, provider: relayAddress });
    const elapsed = performance.now() - started;
    expect(isConsoleError(e) && e.code).toBe("timeout");
    expect((e as ConsoleError).message).toBe(`no answer for ${KEY} within 400 ms: waiting on ${relayAddress}`);
    expect(elapsed).toBeLessThan(400 + 300);
    expect((e as ConsoleError).details?.attempts).toEqual([expect.objectContaining({ provider: relayAddress })]);
  });
});
