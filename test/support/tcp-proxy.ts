import { createServer, type Server, type Socket, connect } from "node:net";
import { freePort } from "./free-port";

/**
 * A TCP relay from a free loopback port to a target, that a test can cut and restore: a
 * network partition between the console and ZooKeeper while ZooKeeper keeps serving
 * everyone else, so a test can change the registry while the console cannot see it. (A
 * real server will not produce this on demand: stopping it stops every client.)
 */
export interface TcpProxy {
  readonly port: number;
  /** Drops every relayed connection at once (both ends see a close) and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts and relays connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

const HOST = "127.0.0.1";

export async function startTcpProxy(targetPort: number, targetHost = HOST): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;

  const relay = (client: Socket) => {
    const upstream = connect({ host: targetHost, port: targetPort });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer(relay);
      s.once("error", reject);
      s.listen(port, HOST, () => resolve());
      server = s;
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });

  await listen();
  return { port, cut: stop, restore: listen, close: stop };
}
