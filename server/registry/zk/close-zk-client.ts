import type { Socket } from "node:net";
import zookeeper from "node-zookeeper-client";

/** The parts of node-zookeeper-client's private ConnectionManager this file touches. */
interface ConnectionManagerInternals {
  connect(): void;
  socket?: Socket;
}

/**
 * Closes a node-zookeeper-client Client in any state.
 *
 * `Client.close()` is only safe on a connected client: before the first connect it
 * throws a TypeError (it writes to a socket that does not exist yet), and while the
 * client is between servers it leaves the reconnect loop running, so a closed client
 * keeps dialling forever (node-zookeeper-client 1.1.3, ConnectionManager.close/queue).
 * For a client that is not connected we therefore stop the loop (its `connect` becomes
 * a no-op) and destroy the socket. A connect already in flight may still complete: the
 * caller must close the client again if it later reports SYNC_CONNECTED.
 */
export function closeZkClient(client: zookeeper.Client): void {
  const state = client.getState();
  if (state === zookeeper.State.SYNC_CONNECTED || state === zookeeper.State.CONNECTED_READ_ONLY) {
    client.close();
    return;
  }
  // Reaching into the private connection manager is the only way to stop its loop.
  const manager = (client as unknown as { connectionManager?: ConnectionManagerInternals }).connectionManager;
  if (!manager) return;
  manager.connect = () => undefined;
  manager.socket?.destroy();
}
