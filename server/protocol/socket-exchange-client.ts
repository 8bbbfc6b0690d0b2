/**
 * The {@link ExchangeClient} over node:net: request ids, responses matched to their calls,
 * per-call timeouts, heartbeats, READONLY events, reconnection with backoff, clean close.
 *
 * Mirrors the Java consumer's HeaderExchangeClient + DefaultFuture + HeaderExchangeHandler
 * + HeartbeatTimerTask / ReconnectTimerTask (dubbo-remoting-api, 2.7.23 and 3.3.x).
 *
 * Back-pressure (peer-limits.ts): while the socket holds output the peer has not taken (a
 * write returned false), nothing more is read from it, so a peer's requests cannot make the
 * console write answers it never reads; output over the cap, output backed up for the stall
 * time, or more requests a second from the peer than allowed drop the connection, and the
 * first drop of each kind is logged (a warning naming the peer), later ones at debug.
 */
import { connect, type Socket } from "node:net";
import { ConnectError, ConnectionClosedError, type ConnectionDropReason, ProviderReadOnlyError } from "@/server/errors/transport-errors";
import { hessian2ShortString, HESSIAN2_NULL, readEventBody } from "./event-body";
import {
  type ConnectionHealth,
  type ConnectionState,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_HEARTBEAT_MS,
  type ExchangeClient,
  type ExchangeClientOptions,
  IDLE_HEARTBEATS,
  type RequestOptions,
} from "./exchange-client";
import { checkMaxPayload, DEFAULT_MAX_PAYLOAD, encodeFrame, type Frame, FrameDecoder, HESSIAN2, STATUS_OK } from "./frame";
import { parseHostPort } from "./host-port";
import { PeerGuard } from "./peer-guard";
import { type Misbehaviour, type PeerLimits, resolvePeerLimits } from "./peer-limits";
import { PendingCalls } from "./pending-calls";
import { DEFAULT_BACKOFF, reconnectDelay } from "./reconnect-backoff";

/** After close() ends the socket, how long the peer has to close its side before the socket is destroyed. */
const CLOSE_GRACE_MS = 1_000;
/** Response status SERVICE_ERROR (Response.SERVICE_ERROR): what a Java consumer answers a call it does not export. */
const STATUS_SERVICE_ERROR = 70;
const NOT_EXPORTED = "the Dubbo console exports no services (callbacks are not supported)";

/** See {@link ExchangeClient} for the contract. */
export class DubboExchangeClient implements ExchangeClient {
  private readonly host: string;
  private readonly port: number;
  private readonly maxPayload: number;
  private readonly heartbeatMs: number;
  private readonly limits: Required<PeerLimits>;
  /** The current connection's limits on its peer (peer-guard.ts). */
  private guard: PeerGuard | null = null;
  /** Kinds of misbehaviour already logged as a warning for this peer. */
  private readonly reported = new Set<Misbehaviour["kind"]>();
  private readonly pending: PendingCalls;
  private readonly listeners = new Set<(state: ConnectionState) => void>();
  private current: ConnectionState = { type: "idle" };
  private socket: Socket | null = null;
  private decoder: FrameDecoder | null = null;
  /** Requests made while connecting, written once connected (unless their call has ended). */
  private outbox: { id: bigint; bytes: Buffer }[] = [];
  private nextId = 1n;
  private attempt = 0;
  private lastRead = 0;
  private lastHeartbeat: ConnectionHealth["lastHeartbeat"] = null;
  private lastError: ConnectionHealth["lastError"] = null;
  private lastWrite = 0;
  private corked = false;
  private isReadOnly = false;
  /** Why the current socket failed, if it did: its error, or our connect timeout. */
  private socketFailure: { message: string; cause: unknown } | null = null;
  private tickTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private connectTimer: NodeJS.Timeout | null = null;
  private closed: Promise<void> | null = null;
  /** closeGracefully was called: no new calls, the ones in flight may finish. */
  private draining = false;

  constructor(
    readonly address: string,
    private readonly options: ExchangeClientOptions = {},
  ) {
    ({ host: this.host, port: this.port } = parseHostPort(address));
    this.maxPayload = checkMaxPayload(options.maxPayload ?? DEFAULT_MAX_PAYLOAD);
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    if (!(this.heartbeatMs > 0)) throw new RangeError(`the heartbeat interval must be a positive number of ms, not ${this.heartbeatMs}`);
    this.limits = resolvePeerLimits(options.limits ?? {}, this.maxPayload);
    this.pending = new PendingCalls(address);
  }

  get readOnly(): boolean {
    return this.isReadOnly;
  }

  get state(): ConnectionState {
    return this.current;
  }

  /** Calls waiting for their responses now. */
  get inFlight(): number {
    return this.pending.size;
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  request(body: Buffer, opts: RequestOptions): Promise<Frame> {
    if (this.isReadOnly || this.draining) return Promise.reject(new ProviderReadOnlyError(this.address));
    return this.send(false, opts.serialization ?? HESSIAN2, body, opts);
  }

  ping(opts: { timeoutMs: number; signal?: AbortSignal }): Promise<Frame> {
    const started = performance.now();
    return this.send(true, HESSIAN2, HESSIAN2_NULL, opts).then(
      (frame) => {
        this.lastHeartbeat = { at: Date.now(), rttMs: Math.round((performance.now() - started) * 100) / 100 };
        return frame;
      },
      (e: unknown) => {
        this.noteError(`heartbeat not answered: ${e instanceof Error ? e.message : String(e)}`);
        throw e;
      },
    );
  }

  get health(): ConnectionHealth {
    return { heartbeatMs: this.heartbeatMs, lastReadAt: this.lastRead, lastHeartbeat: this.lastHeartbeat, lastError: this.lastError };
  }

  private noteError(message: string): void {
    this.lastError = { at: Date.now(), message };
  }

  /** Sends a two-way request frame (a call, or a heartbeat when `event`). */
  private send(event: boolean, serialization: number, body: Buffer, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<Frame> {
    const state = this.current;
    if (state.type === "closed") return Promise.reject(new ConnectionClosedError(this.address, { type: "closed" }));
    if (state.type === "backoff") return Promise.reject(new ConnectError(this.address, `${state.error}; next attempt in ${Math.max(0, state.retryAt - Date.now())} ms`));
    const id = this.nextId++;
    let bytes: Buffer;
    let answer: Promise<Frame>;
    try {
      bytes = encodeFrame({ id, request: true, twoWay: true, event, serialization, status: 0, body }, this.maxPayload);
      answer = this.pending.add(id, opts.timeoutMs, opts.signal);
    } catch (e) {
      return Promise.reject(e);
    }
    if (state.type === "connected") {
      this.write(bytes);
    } else {
      this.outbox.push({ id, bytes });
      if (state.type === "idle") this.connect();
    }
    return answer;
  }

  closeGracefully(): Promise<void> {
    if (this.closed) return this.closed;
    this.draining = true;
    return this.pending.whenEmpty().then(() => this.close());
  }

  close(): Promise<void> {
    if (this.closed) return this.closed;
    const socket = this.socket;
    this.clearTimers();
    this.detach();
    this.setState({ type: "closed" });
    this.pending.failAll(() => new ConnectionClosedError(this.address, { type: "closed" }));
    this.outbox = [];
    if (socket === null || socket.destroyed) {
      this.closed = Promise.resolve();
    } else if (socket.connecting) {
      this.closed = new Promise((resolve) => socket.once("close", () => resolve()));
      socket.destroy();
    } else {
      this.closed = endSocket(socket);
    }
    return this.closed;
  }

  private connect(): void {
    this.setState({ type: "connecting", attempt: this.attempt });
    let socket: Socket;
    try {
      socket = (this.options.dial ?? defaultDial)(this.host, this.port);
    } catch (e) {
      this.failToConnect(e instanceof Error ? e.message : String(e), e);
      return;
    }
    this.socket = socket;
    this.socketFailure = null;
    const connectTimeoutMs = this.options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.connectTimer = setTimeout(() => {
      this.socketFailure = { message: `no connection within ${connectTimeoutMs} ms`, cause: undefined };
      socket.destroy();
    }, connectTimeoutMs);
    socket.once("connect", () => this.onConnected(socket));
    socket.on("data", (chunk: Buffer) => this.socket === socket && this.onData(socket, chunk));
    socket.on("error", (e) => {
      if (this.socket === socket) this.socketFailure ??= { message: e.message, cause: e };
    });
    socket.once("close", () => this.socket === socket && this.onSocketClosed());
  }

  private onConnected(socket: Socket): void {
    if (this.socket !== socket) return;
    this.clearConnectTimer();
    socket.setNoDelay(true);
    socket.setKeepAlive(true);
    this.attempt = 0;
    this.decoder = new FrameDecoder(this.maxPayload);
    this.lastRead = this.lastWrite = Date.now();
    this.isReadOnly = false;
    this.guard = new PeerGuard(socket, this.limits, (m) => this.socket === socket && this.misbehaved(m));
    this.setState({ type: "connected", since: this.lastRead });
    this.options.log?.info("connected to provider", { address: this.address });
    this.tickTimer = setInterval(() => this.tick(), Math.max(1, Math.floor(this.heartbeatMs / IDLE_HEARTBEATS)));
    const queued = this.outbox;
    this.outbox = [];
    for (const { id, bytes } of queued) if (this.pending.has(id)) this.write(bytes);
  }

  private onData(socket: Socket, chunk: Buffer): void {
    this.lastRead = Date.now();
    let frames: Frame[];
    try {
      frames = this.decoder!.push(chunk);
    } catch (e) {
      this.options.log?.warn("provider sent bytes that are not Dubbo frames; dropping the connection", { address: this.address, error: (e as Error).message });
      this.drop({ type: "codec", message: (e as Error).message }, e);
      return;
    }
    for (const frame of frames) {
      // A listener may have closed the client while an earlier frame was handled.
      if (this.socket !== socket) return;
      this.receive(frame);
    }
  }

  private receive(frame: Frame): void {
    if (!frame.request) {
      // Heartbeat responses settle pings; a response nobody waits for (its call timed out) is dropped.
      if (!this.pending.settle(frame)) this.options.log?.debug("response for no waiting call, dropped", { address: this.address, id: String(frame.id) });
      return;
    }
    // A peer over its request rate is reported (and dropped) by the guard.
    if (this.guard?.admitRequest() === false) return;
    if (frame.event) {
      this.receiveEvent(frame);
    } else if (frame.twoWay && frame.serialization === HESSIAN2) {
      // A call from the provider (a callback): we export nothing, and say so as Java would.
      this.reply(frame, STATUS_SERVICE_ERROR, hessian2ShortString(NOT_EXPORTED));
    }
  }

  /** HeartbeatHandler.received and HeaderExchangeHandler.handlerEvent. */
  private receiveEvent(frame: Frame): void {
    const message = readEventBody(frame.serialization, frame.body);
    switch (message.type) {
      case "heartbeat":
        // The reply carries the request's id, serialization and null bytes (HeartbeatHandler).
        if (frame.twoWay) this.reply(frame, STATUS_OK, frame.body, true);
        return;
      case "readonly":
      case "writeable":
        this.options.log?.info(`provider sent ${message.type === "readonly" ? "READONLY" : "WRITEABLE"}`, { address: this.address });
        this.isReadOnly = message.type === "readonly";
        this.setState(this.current);
        return;
      case "other":
        this.options.log?.debug("unknown event from provider, ignored", { address: this.address, body: frame.body.toString("hex") });
        return;
    }
  }

  private reply(request: Frame, status: number, body: Buffer, event = false): void {
    this.write(encodeFrame({ id: request.id, request: false, twoWay: false, event, serialization: request.serialization, status, body }, this.maxPayload));
  }

  /** Writes within one tick are corked together: one syscall for a burst of calls. */
  private write(bytes: Buffer): void {
    const socket = this.socket;
    if (!socket) return;
    if (!this.corked) {
      this.corked = true;
      socket.cork();
      process.nextTick(() => {
        this.corked = false;
        socket.uncork();
      });
    }
    const flowing = socket.write(bytes);
    this.lastWrite = Date.now();
    this.guard?.wrote(flowing);
  }

  /** Drops the connection of a misbehaving peer; the first time of each kind, with a warning naming it. */
  private misbehaved(m: Misbehaviour): void {
    const fields = { address: this.address, misbehaviour: m.message };
    if (this.reported.has(m.kind)) {
      this.options.log?.debug(`provider misbehaved again (${m.kind}); dropping the connection`, fields);
    } else {
      this.reported.add(m.kind);
      this.options.log?.warn(`provider misbehaved (${m.kind}); dropping the connection (logged once per provider)`, fields);
    }
    this.drop({ type: "misbehaving", message: m.message });
  }

  /** HeartbeatTimerTask and ReconnectTimerTask, every third of a heartbeat. */
  private tick(): void {
    const now = Date.now();
    const readIdle = now - this.lastRead;
    if (readIdle > IDLE_HEARTBEATS * this.heartbeatMs) {
      this.options.log?.warn("provider silent for 3 heartbeats; dropping the connection", { address: this.address, idleMs: readIdle });
      this.drop({ type: "idle", idleMs: readIdle });
    } else if (readIdle > this.heartbeatMs || now - this.lastWrite > this.heartbeatMs) {
      this.ping({ timeoutMs: this.heartbeatMs }).catch(() => undefined);
    }
  }

  private onSocketClosed(): void {
    const failure = this.socketFailure;
    if (this.current.type === "connecting") {
      this.failToConnect(failure?.message ?? "the connection closed while opening", failure?.cause);
    } else {
      this.drop(failure ? { type: "socket-error", message: failure.message } : { type: "peer-closed" }, failure?.cause);
    }
  }

  private failToConnect(reason: string, cause: unknown): void {
    this.detach();
    this.noteError(`could not connect: ${reason}`);
    this.options.log?.warn("could not connect to provider", { address: this.address, error: reason });
    this.outbox = [];
    this.pending.failAll(() => new ConnectError(this.address, reason, { cause }));
    this.scheduleRetry(reason);
  }

  /** Ends the current connection: every call in flight fails with `reason`, then a reconnect is scheduled. */
  private drop(reason: ConnectionDropReason, cause?: unknown): void {
    const socket = this.socket;
    if (!socket) return;
    this.detach();
    socket.destroy();
    this.options.log?.info("connection to provider dropped", { address: this.address, reason: reason.type });
    this.noteError(new ConnectionClosedError(this.address, reason).message);
    this.pending.failAll(() => new ConnectionClosedError(this.address, reason, cause === undefined || cause === null ? undefined : { cause }));
    this.scheduleRetry(new ConnectionClosedError(this.address, reason).message);
  }

  private scheduleRetry(error: string): void {
    this.attempt += 1;
    const delay = reconnectDelay(this.attempt, this.options.backoff ?? DEFAULT_BACKOFF, this.options.random);
    this.setState({ type: "backoff", attempt: this.attempt, retryAt: Date.now() + delay, error });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  /** Forgets the current socket (its later events are ignored) and the per-connection state. */
  private detach(): void {
    this.socket = null;
    this.decoder = null;
    this.isReadOnly = false;
    this.guard?.stop();
    this.guard = null;
    this.clearConnectTimer();
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = null;
  }

  private clearConnectTimer(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private setState(state: ConnectionState): void {
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}

function defaultDial(host: string, port: number): Socket {
  return connect({ host, port });
}

/** Ends `socket` politely, destroys it if the peer has not closed within CLOSE_GRACE_MS; resolves when closed. */
function endSocket(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
    socket.once("close", () => {
      clearTimeout(force);
      resolve();
    });
    socket.on("error", () => undefined);
    socket.end();
  });
}

/** A lazily connecting client for `address` ("host:port"). */
export function createExchangeClient(address: string, options?: ExchangeClientOptions): ExchangeClient {
  return new DubboExchangeClient(address, options);
}
