import zookeeper from "node-zookeeper-client";
import type { RegistryAddress } from "@/lib/dubbo/registry-address";
import type { RegistryState } from "@/lib/api/registry-state";
import { isConsoleError } from "@/lib/errors";
import { RegistryUnavailableError } from "@/server/errors/governance-errors";
import type { Logger } from "../../runtime/logger";
import { closeZkClient } from "./close-zk-client";
import { aclRefusalName, aclRefused, createAcl } from "./zk-acl";
import type { AclEntry } from "./zk-acl-spec";
import { tolerateNewerErrorCodes } from "./zk-error-codes";
import type { ZkDataReader } from "./zk-data-reader";
import { type ConnectionWatch, watchZkConnection } from "./zk-read-timeout";
import { fastGetChildren, type GetChildren } from "./zk-fast-children";
import { batchZkWire } from "./zk-wire-batching";

/** How long node-zookeeper-client waits before trying the next server of the ensemble. */
const SPIN_DELAY_MS = 1_000;

type SessionListener = () => void;
type StateListener = (state: RegistryState) => void;

/**
 * One ZooKeeper session over node-zookeeper-client, kept alive across faults.
 *
 * node-zookeeper-client re-connects within a session by itself (and restores watches
 * with SetWatches), but it reports expiry only once a server answers, and a dead client
 * object stays dead. This wrapper therefore:
 * - tracks the state as a {@link RegistryState};
 * - treats a session as lost when ZooKeeper says it expired, or when it has been
 *   suspended longer than the session timeout (the server will have expired it), and
 *   then builds a fresh client;
 * - emits `onSession` for every new session, so readers re-read and re-arm watches;
 * - bounds every operation with the configured timeout, and fails at once when the
 *   session is not connected, so no caller ever hangs on a dead registry;
 * - drops a connection whose server has gone silent, as the Java client does (see
 *   {@link watchZkConnection}), and remembers when ZooKeeper last answered and why the
 *   last connection failed;
 * - gives the ACL every node it creates carries ({@link acl}), and turns ZooKeeper's ACL
 *   refusals (NoAuth, AuthFailed, InvalidACL) into a ForbiddenError naming the node.
 */
export class ZkSession implements ZkDataReader {
  private client: zookeeper.Client | null = null;
  /** The client's getChildren, or a faster one with the same effects (see zk-fast-children.ts). */
  private readChildren: GetChildren | null = null;
  private watch: ConnectionWatch | null = null;
  private generation = 0;
  private heardAt: number | null = null;
  private failure: { at: number; message: string } | null = null;
  private lostTimer: NodeJS.Timeout | null = null;
  private current: RegistryState = { type: "connecting", since: Date.now(), attempts: 0 };
  private readonly sessionListeners = new Set<SessionListener>();
  private readonly stateListeners = new Set<StateListener>();

  /** The ACL of every node created on this session (zk-acl.ts#createAcl): pass it to every create, plain or in a multi. */
  readonly acl: zookeeper.ACL[];

  /** `acl`: CONSOLE_ZK_ACL's entries; left out, the default of zk-acl.ts for `address`'s credentials. */
  constructor(
    readonly address: RegistryAddress,
    private readonly log: Logger,
    acl?: readonly AclEntry[] | null,
  ) {
    tolerateNewerErrorCodes();
    this.acl = createAcl(address, acl);
  }

  get state(): RegistryState {
    return this.current;
  }

  /** When ZooKeeper last sent anything on this session's connections; null before the first. */
  get lastHeardAt(): number | null {
    return this.heardAt;
  }

  /** The most recent connection failure, in words; null when there was none. */
  get lastError(): { at: number; message: string } | null {
    return this.failure;
  }

  /** Starts connecting; returns at once. */
  start(): void {
    if (this.client || this.current.type === "closed") return;
    this.openClient(0);
  }

  /** Called for each new session (first connect, and after every lost session). */
  onSession(listener: SessionListener): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  onState(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  close(): void {
    this.generation++;
    this.clearLostTimer();
    this.dropClient();
    this.setState({ type: "closed", since: Date.now() });
  }

  getChildren(path: string, watcher?: () => void): Promise<string[] | null> {
    const onEvent = ignoringEvent(watcher);
    return this.request<string[] | null>(`getChildren ${path}`, (client, done) => {
      const cb = (error: Error | zookeeper.Exception | null, children: string[]) => {
        if (error && isNoNode(error)) done(null, null);
        else done(error, children);
      };
      if (this.readChildren) this.readChildren(path, onEvent, cb);
      else if (onEvent) client.getChildren(path, onEvent, cb);
      else client.getChildren(path, cb);
    });
  }

  exists(path: string, watcher?: () => void): Promise<boolean> {
    const onEvent = ignoringEvent(watcher);
    return this.request<boolean>(`exists ${path}`, (client, done) => {
      const cb = (error: Error | zookeeper.Exception | null, stat: zookeeper.Stat | null) => done(error, !!stat);
      if (onEvent) client.exists(path, onEvent, cb);
      else client.exists(path, cb);
    });
  }

  getData(path: string, watcher?: () => void): Promise<Buffer | null> {
    const onEvent = ignoringEvent(watcher);
    return this.request<Buffer | null>(`getData ${path}`, (client, done) => {
      const cb = (error: Error | zookeeper.Exception | null, data: Buffer | undefined) => {
        if (error && isNoNode(error)) done(null, null);
        else done(error, data ?? Buffer.alloc(0));
      };
      if (onEvent) client.getData(path, onEvent, cb);
      else client.getData(path, cb);
    });
  }

  /**
   * Runs one ZooKeeper request on the raw client, for the operations this class does not
   * wrap (the writes of zk-writes.ts and zk-session-writer.ts). The same guarantees as every read here: fails at
   * once with RegistryUnavailableError when the session is not connected, and when
   * ZooKeeper has not answered within the operation timeout (a frozen server). An error
   * passed to `done` becomes a RegistryUnavailableError, except an ACL refusal, which
   * becomes a ForbiddenError naming the node (`what` is `"<operation> <node>"`), and a
   * ConsoleError, passed on as it is (a multi names its failed op's node itself). An
   * expected failure (a node that exists) should be passed as a value. `run` calls `done` once.
   */
  request<T>(
    what: string,
    run: (client: zookeeper.Client, done: (error: Error | zookeeper.Exception | null, value: T) => void) => void,
  ): Promise<T> {
    const client = this.client;
    if (!client || this.current.type !== "connected") {
      return Promise.reject(this.unavailable(`cannot ${what}: registry is ${this.current.type}`));
    }
    const timeoutMs = this.address.operationTimeoutMs;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(this.unavailable(`ZooKeeper did not answer ${what} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      run(client, (error, value) => {
        clearTimeout(timer);
        if (error) reject(this.failed(what, error));
        else resolve(value);
      });
    });
  }

  /** The error for `what` failing with `error` (see {@link request}). */
  private failed(what: string, error: Error | zookeeper.Exception): Error {
    if (isConsoleError(error)) return error;
    const refusal = aclRefusalName(error);
    if (refusal === null) return this.unavailable(`ZooKeeper failed ${what}: ${String(error)}`, error);
    const space = what.indexOf(" ");
    const forbidden = aclRefused(space < 0 ? what : what.slice(0, space), space < 0 ? "?" : what.slice(space + 1), refusal, this.address.auth);
    // Not about one node: the whole session is refused, so the status page says why.
    if (refusal === "SessionClosedRequireAuth") this.fail(forbidden.message);
    else this.log.warn("ZooKeeper refused an operation", { registry: this.address.source, operation: forbidden.details?.operation, node: forbidden.details?.node, zookeeper: refusal });
    return forbidden;
  }

  private unavailable(message: string, cause?: unknown): RegistryUnavailableError {
    return new RegistryUnavailableError(message, { registry: this.address.source, state: this.current.type }, { cause });
  }

  private openClient(attempts: number): void {
    const gen = ++this.generation;
    const client = zookeeper.createClient(this.address.servers.join(","), {
      sessionTimeout: this.address.sessionTimeoutMs,
      spinDelay: SPIN_DELAY_MS,
      retries: 0,
    });
    this.client = client;
    const wire = batchZkWire(client);
    this.readChildren = wire ? fastGetChildren(client, wire) : null;
    this.watch = watchZkConnection(client, {
      onRead: (at) => {
        if (gen === this.generation) this.heardAt = at;
      },
      onFailure: (message) => {
        if (gen === this.generation) this.fail(message);
      },
    });
    this.setState({ type: "connecting", since: Date.now(), attempts });
    client.on("state", (state: zookeeper.State) => {
      if (gen === this.generation) this.onZkState(client, state);
      else if (state === zookeeper.State.SYNC_CONNECTED) client.close(); // a discarded client's late connect
    });
    if (this.address.auth) {
      client.addAuthInfo("digest", Buffer.from(`${this.address.auth.username}:${this.address.auth.password}`));
    }
    client.connect();
  }

  private onZkState(client: zookeeper.Client, state: zookeeper.State): void {
    const { SYNC_CONNECTED, CONNECTED_READ_ONLY, DISCONNECTED, EXPIRED, AUTH_FAILED } = zookeeper.State;
    if (state === SYNC_CONNECTED || state === CONNECTED_READ_ONLY) {
      const resumed = this.current.type === "suspended";
      this.clearLostTimer();
      const server = this.watch?.server() ?? "";
      this.setState({ type: "connected", since: Date.now(), sessionId: client.getSessionId().toString("hex"), server });
      if (!resumed) {
        this.log.info("registry session established", { registry: this.address.source });
        for (const l of this.sessionListeners) l();
      }
    } else if (state === DISCONNECTED) {
      if (this.current.type !== "connected") return;
      this.setState({ type: "suspended", since: Date.now() });
      // The negotiated timeout: past it the server will have expired the session.
      const timeoutMs = client.getSessionTimeout() || this.address.sessionTimeoutMs;
      this.lostTimer = setTimeout(() => this.lose(`no session for longer than the ${timeoutMs} ms session timeout`), timeoutMs).unref();
    } else if (state === EXPIRED) {
      this.lose("session expired");
    } else if (state === AUTH_FAILED) {
      const user = this.address.auth ? ` for user "${this.address.auth.username}"` : "";
      this.fail(`authentication failed${user}`);
      this.lose(`authentication failed${user}`);
    }
  }

  /** Drops the dead client and starts a new one; its session will trigger a full re-read. */
  private lose(reason: string): void {
    this.clearLostTimer();
    this.log.warn("registry session lost", { registry: this.address.source, reason });
    const attempts = this.current.type === "connecting" ? this.current.attempts + 1 : 1;
    this.generation++;
    this.dropClient();
    this.setState({ type: "lost", since: Date.now(), reason });
    setTimeout(() => {
      if (this.current.type === "lost") this.openClient(attempts);
    }, SPIN_DELAY_MS).unref();
  }

  private dropClient(): void {
    this.watch?.stop();
    this.watch = null;
    if (this.client) closeZkClient(this.client);
    this.client = null;
    this.readChildren = null;
  }

  private fail(message: string): void {
    const repeated = this.failure?.message === message;
    this.failure = { at: Date.now(), message };
    // A dead server is retried every second: log a failure once, not at every attempt.
    if (!repeated) this.log.warn("registry connection failed", { registry: this.address.source, reason: message });
  }

  private clearLostTimer(): void {
    if (this.lostTimer) clearTimeout(this.lostTimer);
    this.lostTimer = null;
  }

  private setState(state: RegistryState): void {
    this.current = state;
    for (const l of this.stateListeners) l(state);
  }
}

/**
 * The watcher as the client calls it (with an event, which callers here do not take), a
 * function of its own per read. Made out here so that it holds the watcher only: a closure
 * made inside a read would keep that read's promise and timer alive for as long as the
 * watch stays armed (tens of thousands of watches in a large registry).
 */
function ignoringEvent(watcher: (() => void) | undefined): ((event: zookeeper.Event) => void) | undefined {
  return watcher && (() => watcher());
}

function isNoNode(error: Error | zookeeper.Exception): boolean {
  return "getCode" in error && typeof error.getCode === "function" && error.getCode() === zookeeper.Exception.NO_NODE;
}
