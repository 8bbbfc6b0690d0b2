import type { Socket } from "node:net";
import zookeeper from "node-zookeeper-client";

/** How often the deadlines below are checked. */
const CHECK_INTERVAL_MS = 250;

/** What the watch reports about one client's connection. */
export interface ConnectionEvents {
  /** ZooKeeper sent something (a reply, a ping answer, a watch event). */
  onRead(at: number): void;
  /** The connection failed or was dropped for silence; `message` names the server and why. */
  onFailure(message: string): void;
}

/** A running watch over one client's connections. */
export interface ConnectionWatch {
  stop(): void;
  /** `host:port` of the server the client is connected or connecting to; null between sockets. */
  server(): string | null;
}

/** The parts of node-zookeeper-client's private ConnectionManager this file touches. */
interface ConnectionManagerInternals {
  socket?: Socket;
  sessionTimeout: number;
  servers: readonly unknown[];
  findNextServer(callback: (server: { host: string; port: number }) => void): void;
}

interface Watched {
  readonly socket: Socket;
  readonly server: string;
  readonly openedAt: number;
  lastReadAt: number;
}

/**
 * Gives a node-zookeeper-client Client the read timeout of ZooKeeper's Java client
 * (ClientCnxn.SendThread#run), which node-zookeeper-client 1.1.3 lacks: it pings an idle
 * server every third of the session timeout but never notices that the answers stopped,
 * so a frozen server (SIGSTOP, a hung JVM, a black-holed route) looks connected forever.
 *
 * Like the Java client, the connection is dropped when
 * - connected: nothing was read for 2/3 of the negotiated session timeout (`readTimeout`);
 * - connecting: no connect response came within the session timeout divided by the number
 *   of servers (`connectTimeout`), which also covers a server whose kernel still accepts
 *   TCP connections while the process is stopped.
 * Dropping the socket makes the client report DISCONNECTED and try the next server of the
 * ensemble with the same session, as the Java client does.
 *
 * Also reports every read and every socket error, so the console can say when ZooKeeper
 * last answered and why a connection failed.
 */
export function watchZkConnection(client: zookeeper.Client, events: ConnectionEvents): ConnectionWatch {
  // Reaching into the private connection manager: it owns the socket and the timeouts.
  const manager = (client as unknown as { connectionManager?: ConnectionManagerInternals }).connectionManager;
  if (!manager) return { stop: () => undefined, server: () => null };
  let current: Watched | null = null;

  const findNextServer = manager.findNextServer.bind(manager);
  manager.findNextServer = (callback) =>
    findNextServer((server) => {
      callback(server); // creates manager.socket synchronously
      if (manager.socket) current = watchSocket(manager.socket, `${server.host}:${server.port}`, events);
    });

  const timer = setInterval(() => {
    const watched = current;
    if (!watched || watched.socket.destroyed) return;
    const now = Date.now();
    const state = client.getState();
    const connected = state === zookeeper.State.SYNC_CONNECTED || state === zookeeper.State.CONNECTED_READ_ONLY;
    if (connected) {
      const readTimeout = Math.floor((manager.sessionTimeout * 2) / 3);
      const silent = now - watched.lastReadAt;
      if (silent < readTimeout) return;
      events.onFailure(`no answer from ${watched.server} for ${silent} ms (the limit is 2/3 of the ${manager.sessionTimeout} ms session timeout)`);
    } else {
      const connectTimeout = Math.floor(manager.sessionTimeout / Math.max(1, manager.servers.length));
      const waited = now - watched.openedAt;
      if (waited < connectTimeout) return;
      events.onFailure(
        watched.socket.connecting
          ? `could not connect to ${watched.server} within ${waited} ms`
          : `${watched.server} accepted the connection but did not answer within ${waited} ms`,
      );
    }
    current = null;
    watched.socket.destroy();
  }, CHECK_INTERVAL_MS);
  timer.unref();

  return {
    stop: () => {
      clearInterval(timer);
      current = null;
    },
    server: () => current?.server ?? null,
  };
}

function watchSocket(socket: Socket, server: string, events: ConnectionEvents): Watched {
  const now = Date.now();
  const watched: Watched = { socket, server, openedAt: now, lastReadAt: now };
  socket.on("data", () => {
    watched.lastReadAt = Date.now();
    events.onRead(watched.lastReadAt);
  });
  socket.on("error", (e: NodeJS.ErrnoException) => events.onFailure(describeSocketError(e, server)));
  return watched;
}

/** A socket error in an operator's words, naming the server. */
export function describeSocketError(e: NodeJS.ErrnoException, server: string): string {
  switch (e.code) {
    case "ECONNREFUSED":
      return `connection refused by ${server}`;
    case "ECONNRESET":
      return `connection reset by ${server}`;
    case "ETIMEDOUT":
      return `connecting to ${server} timed out`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `no route to ${server}`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `cannot resolve the host of ${server}`;
    default:
      return `${server}: ${e.message}`;
  }
}
