/**
 * The contract of a provider connection: one TCP connection to one provider, shared by
 * every call to it, carrying frames with opaque bodies (hessian2 bodies are built and read
 * elsewhere). The implementation over node:net is socket-exchange-client.ts.
 */
import type { Socket } from "node:net";
import type { Logger } from "../runtime/logger";
import type { Frame } from "./frame";
import type { PeerLimits } from "./peer-limits";
import type { BackoffPolicy } from "./reconnect-backoff";

/** Dubbo's default heartbeat interval (UrlUtils DEFAULT_HEARTBEAT); providers close channels idle for 3 of them. */
export const DEFAULT_HEARTBEAT_MS = 60_000;
/** The connection is dead after this many heartbeat intervals without reading anything (Java's idle timeout, 3 × heartbeat). */
export const IDLE_HEARTBEATS = 3;
/** Java's default connect timeout (remoting Constants.DEFAULT_CONNECT_TIMEOUT). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;

/** Where a client's connection stands; rendered by an exhaustive switch on `type`. */
export type ConnectionState =
  /** Created, never used: the first call connects (clients are lazy). */
  | { readonly type: "idle" }
  /** A connect attempt is running (`attempt` 0 is the first; calls made now wait for it). */
  | { readonly type: "connecting"; readonly attempt: number }
  | { readonly type: "connected"; readonly since: number }
  /** The last attempt failed or the connection dropped; the next attempt is at `retryAt`. Calls fail at once. */
  | { readonly type: "backoff"; readonly attempt: number; readonly retryAt: number; readonly error: string }
  | { readonly type: "closed" };

/** What a client knows of its provider's health, for the console's health view (server/observability/provider-health.ts). */
export interface ConnectionHealth {
  /** The heartbeat interval this client keeps. */
  readonly heartbeatMs: number;
  /** When anything was last read from the provider on the current connection, or when it was made (0: never connected). */
  readonly lastReadAt: number;
  /** The last heartbeat answered: when, and its round trip in ms. */
  readonly lastHeartbeat: { readonly at: number; readonly rttMs: number } | null;
  /** The last failure: a connect that failed, a dropped connection, a heartbeat unanswered. */
  readonly lastError: { readonly at: number; readonly message: string } | null;
}

export interface RequestOptions {
  /** The call fails with TimeoutError after this many ms (the provider's `timeout`, or the caller's). */
  readonly timeoutMs: number;
  /** Aborting fails the call with CancelledError; a late response is dropped. */
  readonly signal?: AbortSignal;
  /** The body's serialization id; hessian2 (2) by default. */
  readonly serialization?: number;
}

/**
 * The connection to one provider. Contract:
 * - `request` sends a two-way request frame with `body` and resolves with its response
 *   frame, whatever its status (mapping a status to an error is the body layer's job). It
 *   rejects with TimeoutError, CancelledError, ConnectionClosedError (the connection ended
 *   first; the provider may or may not have run the call), ConnectError (no connection:
 *   connecting failed, or the client is backing off after a failure), ProviderReadOnlyError
 *   (the provider announced its shutdown), or PayloadTooLargeError (the body is over the
 *   limit; nothing was sent). Calls may overlap freely.
 * - After a READONLY event `readOnly` is true and new calls fail at once; calls already
 *   sent complete. A WRITEABLE event or a new connection clears it.
 * - A dropped connection fails every call in flight, then reconnects with capped backoff,
 *   until `close`, which fails what is in flight, ends the socket and clears every timer.
 */
export interface ExchangeClient {
  /** "host:port". */
  readonly address: string;
  /** A READONLY event was received on the current connection: no new calls. */
  readonly readOnly: boolean;
  readonly state: ConnectionState;
  /** Heartbeats answered, the last failure, the last read (nothing is sent to find them out). */
  readonly health: ConnectionHealth;
  request(body: Buffer, opts: RequestOptions): Promise<Frame>;
  /** Sends a heartbeat and resolves with the provider's heartbeat response (the heartbeat timer uses the same). */
  ping(opts: { timeoutMs: number; signal?: AbortSignal }): Promise<Frame>;
  /** Calls `listener` on every state change (and when `readOnly` changes); returns the unsubscribe. */
  onStateChange(listener: (state: ConnectionState) => void): () => void;
  /** Idempotent; resolves once the socket is closed. */
  close(): Promise<void>;
  /**
   * Closes without failing what is in flight, as Dubbo closes the client of a provider that
   * left the registry: new calls fail at once with ProviderReadOnlyError (nothing is sent, so
   * the cluster may go elsewhere), calls already sent end with their answer or their timeout,
   * then `close`. Resolves once the socket is closed.
   */
  closeGracefully(): Promise<void>;
}

export interface ExchangeClientOptions {
  /** Body limit both ways (Dubbo's `payload`); default 8 MiB. */
  readonly maxPayload?: number;
  /** Heartbeat interval (Dubbo's `heartbeat`); default 60 s. */
  readonly heartbeatMs?: number;
  readonly connectTimeoutMs?: number;
  readonly backoff?: BackoffPolicy;
  /** Jitter source for the backoff; Math.random by default. */
  readonly random?: () => number;
  readonly log?: Logger;
  /** What the peer may make the connection hold or do before it is dropped (peer-limits.ts); defaults there. */
  readonly limits?: PeerLimits;
  /** Opens the socket; net.connect by default (tests may pass another). */
  readonly dial?: (host: string, port: number) => Socket;
}
