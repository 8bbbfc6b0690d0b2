import { createServer as createHttp, type Server } from "node:http";
import { createServer as createTcp, type Server as TcpServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { QosError, qosCommand } from "@/server/observability/qos/qos-client";

/**
 * The QoS client against in-process servers, for the faults a real Dubbo QoS will not make on
 * demand here: a process that accepts and never answers, one that closes without HTTP (QoS
 * refusing a foreign IP), a flood, a closed port. A real QoS's answers are in test/integration/qos.test.ts.
 */
const servers: (Server | TcpServer)[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function listen<S extends Server | TcpServer>(server: S): Promise<number> {
  servers.push(server);
  server.on("connection", (s: Socket) => sockets.push(s));
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
}

async function failure(promise: Promise<unknown>): Promise<QosError> {
  const e = await promise.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(QosError);
  return e as QosError;
}

describe("qosCommand", () => {
  it("sends the command and its arguments, and answers the text; a status named as an answer is one", async () => {
    const port = await listen(createHttp((req, res) => (req.url === "/ready" ? (res.statusCode = 503, res.end("false")) : res.end(`got ${req.url}`))));
    expect(await qosCommand({ host: "127.0.0.1", port }, "offline", ["\\Qa.B:1.0\\E"])).toBe(`got /offline?a0=${encodeURIComponent("\\Qa.B:1.0\\E")}`);
    expect(await qosCommand({ host: "127.0.0.1", port }, "ready", [], { answerStatuses: [503] })).toBe("false");
    const e = await failure(qosCommand({ host: "127.0.0.1", port }, "ready"));
    expect([e.failure, e.message]).toEqual(["failed", "Dubbo QoS at 127.0.0.1:" + port + ": ready failed with HTTP 503: false"]);
  });

  it("gives up on a process that never answers, within the deadline", async () => {
    const port = await listen(createTcp(() => {}));
    const started = Date.now();
    const e = await failure(qosCommand({ host: "127.0.0.1", port }, "ls", [], { timeoutMs: 300 }));
    expect(e.failure).toBe("unreachable");
    expect(e.message).toContain("no answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("says a close without HTTP is QoS refusing other hosts, and a closed port that QoS is off", async () => {
    const port = await listen(createTcp((s) => s.end("Foreign Ip Not Permitted, Consider Config It In Whitelist.\r\n")));
    const refused = await failure(qosCommand({ host: "127.0.0.1", port }, "ls"));
    expect(refused.message).toContain("qos.accept.foreign.ip");
    const closed = await listen(createTcp(() => {}));
    await new Promise((r) => servers.pop()!.close(r));
    const off = await failure(qosCommand({ host: "127.0.0.1", port: closed }, "ls"));
    expect(off.message).toContain("connection refused");
    expect(off.code).toBe("connection_failed");
  });

  it("refuses an answer over the size cap", async () => {
    const port = await listen(createHttp((_req, res) => res.end("x".repeat(10_000))));
    const e = await failure(qosCommand({ host: "127.0.0.1", port }, "ls", [], { maxBytes: 1_000 }));
    expect(e.failure).toBe("too-large");
  });
});
