import { connect, createServer } from "node:net";
import { waitFor } from "./wait-for";

/** A TCP port that is free on `host` right now (the OS picks it). */
export function freePort(host = "127.0.0.1"): Promise<number> {
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
