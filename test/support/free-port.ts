import { connect, createServer } from "node:net";
import { waitFor } from "./wait-for";

/** Every port freePort has handed out in this process: one asked for later is never one of them. */
const handedOut = new Set<number>();

/**
 * A TCP port that is free on `host` right now (the OS picks it) and that this process was not
 * given before: the OS may offer a port again once it is closed, and a port chosen for a peer
 * is not bound until the peer starts (a provider's tri port and its dubbo port, each asked
 * for in turn, came out the same once).
 */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = await osFreePort(host);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no port on ${host} that was not handed out before, in 50 tries`);
}

function osFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Resolves once something accepts TCP connections on host:port; rejects after `timeoutMs`. */
export async function waitForPort(host: string, port: number, timeoutMs: number): Promise<void> {
  await waitFor(
    `something to listen on ${host}:${port}`,
    () =>
      new Promise<boolean>((resolve) => {
        const socket = connect({ host, port });
        socket.once("connect", () => (socket.destroy(), resolve(true)));
        socket.once("error", () => (socket.destroy(), resolve(false)));
      }),
    timeoutMs,
  );
}
