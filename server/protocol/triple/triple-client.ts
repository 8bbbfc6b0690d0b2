import type { IncomingHttpHeaders } from "node:http";
import { ValidationError } from "@/lib/errors";
import { CancelledError, ConnectError, PayloadTooLargeError, TimeoutError } from "@/server/errors/transport-errors";
import { decodeGrpcMessage, GrpcMessageReader, grpcFrame } from "./grpc-frame";
import { H2Connection, type H2Stream, type H2StreamHandler, type HeaderFields, TOO_MANY_PINGS } from "./h2/h2-connection";

/** One unary Triple call: the path (`/{service}/{method}`), its headers, the message (unframed). */
export interface TripleCall {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly message: Buffer;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/** What came back: the HTTP status, the messages (unframed), and the gRPC status of the trailers (or of a trailers-only answer's headers). */
export interface TripleAnswer {
  readonly httpStatus: number;
  readonly messages: readonly Buffer[];
  readonly grpcStatus: number;
  readonly grpcMessage: string;
  readonly headers: IncomingHttpHeaders;
  readonly trailers: IncomingHttpHeaders;
}

/** One plain HTTP/2 request (no gRPC framing): the path, its headers, the whole body. */
export interface TripleHttpCall {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/** A plain HTTP/2 answer: its status, headers and whole body. */
export interface TripleHttpAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** What reads a stream's DATA as it arrives; `push` and `end` throw to fail the call. */
interface StreamReader {
  push(chunk: Buffer): void;
  end(): void;
}

/** Collects a plain answer's body, failing once it passes `maxBytes` (nothing more of it is kept). */
class BodyReader implements StreamReader {
  private readonly chunks: Buffer[] = [];
  private length = 0;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    this.length += chunk.length;
    if (this.length > this.maxBytes) throw new PayloadTooLargeError("incoming", this.length, this.maxBytes);
    this.chunks.push(chunk);
  }

  end(): void {}

  body(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
  }
}

/** What a Triple client knows of its provider, from what it already did (nothing is sent to answer it). */
export interface TripleHealth {
  readonly state: "idle" | "connecting" | "connected" | "backoff" | "closed";
  /** Connected since, or when the backoff ends; null otherwise. */
  readonly since: number | null;
  /** The last failed connect or stream, null when none. */
  readonly lastError: { readonly at: number; readonly message: string } | null;
  /** The last HTTP/2 PING's round trip, null before one. */
  readonly lastPing: { readonly at: number; readonly rttMs: number } | null;
}

export interface TripleClientOptions {
  /** The largest message sent or accepted (default 8 MiB, Dubbo's payload default). */
  readonly maxBytes?: number;
  readonly connectTimeoutMs?: number;
  /**
   * After a call times out, how long the provider has to answer an HTTP/2 PING before its
   * connection is closed as dead (default 3 s): a stopped or cut-off provider keeps its TCP
   * connection open, and every call on it would wait for its own deadline.
   */
  readonly livenessTimeoutMs?: number;
}

const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;
const BACKOFF_MS = { first: 100, max: 5_000 };

/**
 * Triple over HTTP/2 to one provider address (issue 19): one HTTP/2 connection (h2/h2-connection.ts) shared by every call,
 * opened at the first call. A GOAWAY is a graceful shutdown: calls in flight finish, the next
 * call opens a new connection. A connection that fails to connect is tried again only after a
 * backoff (doubling from 100 ms to 5 s); until then calls fail at once with ConnectError.
 * Every call has a deadline (`grpc-timeout` is sent, and the stream is cancelled locally when
 * it passes), and a message over `maxBytes` is refused either way. Besides gRPC calls
 * (`unary`) it makes plain HTTP/2 requests on the same connection (`request`: Triple's
 * HTTP/JSON path), with the same deadline, cancellation and limit.
 */
export class TripleClient {
  private connection: H2Connection | null = null;
  /** Connections whose liveness a PING is checking (checkAlive). */
  private readonly checking = new WeakSet<H2Connection>();
  private connecting: Promise<H2Connection> | null = null;
  private failure: { at: number; retryAt: number; reason: string; delay: number } | null = null;
  private readonly maxBytes: number;
  private closed = false;
  private connectedAt = 0;
  private lastError: TripleHealth["lastError"] = null;
  private lastPing: TripleHealth["lastPing"] = null;

  constructor(
    readonly address: string,
    private readonly options: TripleClientOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  }

  /** @throws ConnectError, TimeoutError, CancelledError, PayloadTooLargeError, CodecError. */
  async unary(call: TripleCall): Promise<TripleAnswer> {
    if (call.message.length > this.maxBytes) throw new PayloadTooLargeError("outgoing", call.message.length, this.maxBytes);
    const reader = new GrpcMessageReader(this.maxBytes, `Triple ${this.address}${call.path}`);
    const { headers, trailers } = await this.exchange(call.path, call.headers, grpcFrame(call.message), call, reader);
    const status = trailers["grpc-status"] ?? headers["grpc-status"];
    const message = trailers["grpc-message"] ?? headers["grpc-message"];
    return {
      httpStatus: Number(headers[":status"] ?? 0),
      messages: reader.messages,
      grpcStatus: status === undefined ? -1 : Number(status),
      grpcMessage: typeof message === "string" ? decodeGrpcMessage(message) : "",
      headers,
      trailers,
    };
  }

  /**
   * One plain HTTP/2 request on the connection: POST `body` to `path`, and the whole answer,
   * whatever its status (Triple's HTTP/JSON path, triple-json-call.ts). The same deadline,
   * cancellation and `maxBytes` (the body sent, and the body read as it arrives) as {@link unary}.
   * @throws ConnectError, TimeoutError, CancelledError, PayloadTooLargeError.
   */
  async request(call: TripleHttpCall): Promise<TripleHttpAnswer> {
    if (call.body.length > this.maxBytes) throw new PayloadTooLargeError("outgoing", call.body.length, this.maxBytes);
    const reader = new BodyReader(this.maxBytes);
    const { headers } = await this.exchange(call.path, call.headers, call.body, call, reader);
    return { status: Number(headers[":status"] ?? 0), headers, body: reader.body() };
  }

  /** One POST stream: sends `body`, feeds what comes back to `reader`, resolves at the stream's end. */
  private async exchange(path: string, requestHeaders: Readonly<Record<string, string>>, body: Buffer, limits: { readonly timeoutMs: number; readonly signal?: AbortSignal }, reader: StreamReader): Promise<{ headers: IncomingHttpHeaders; trailers: IncomingHttpHeaders }> {
    const deadline = Date.now() + limits.timeoutMs;
    const fields = requestFields(this.address, path, requestHeaders);
    const connection = this.usableConnection() ?? (await this.connectionWithin(limits.timeoutMs, limits.signal));
    // Aborted while the connection was awaited: the listener below would never hear it.
    if (limits.signal?.aborted) throw new CancelledError(this.address);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new TimeoutError(this.address, limits.timeoutMs);
    return new Promise((resolve, reject) => {
      let headers: IncomingHttpHeaders = {};
      let trailers: IncomingHttpHeaders = {};
      let settled = false;
      let stream: H2Stream | null = null;
      const finish = (error: Error | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        limits.signal?.removeEventListener("abort", onAbort);
        if (error) {
          stream?.cancel();
          if (error instanceof ConnectError) this.lastError = { at: Date.now(), message: error.message };
          reject(error);
        } else resolve({ headers, trailers });
      };
      const timer = setTimeout(() => {
        finish(new TimeoutError(this.address, limits.timeoutMs));
        this.checkAlive(connection);
      }, remaining);
      const onAbort = () => finish(new CancelledError(this.address));
      limits.signal?.addEventListener("abort", onAbort, { once: true });
      let sawHeaders = false;
      const handler: H2StreamHandler = {
        onHeaders: (received) => {
          if (sawHeaders) trailers = headerObject(received);
          else {
            sawHeaders = true;
            headers = headerObject(received);
          }
        },
        onData: (chunk) => {
          try {
            reader.push(chunk);
          } catch (e) {
            finish(e as Error);
          }
        },
        onEnd: () => {
          try {
            reader.end();
          } catch (e) {
            finish(e as Error);
            return;
          }
          finish(null);
        },
        onError: (e) => {
          // No answer at all, or the connection ended under it (a 3.3.6 provider stopping closes its streams in flight), or the provider did not take it: a network failure, so failover tries another.
          const why = e.kind === "connection" ? `the connection ended before the answer did (${e.message})` : e.message;
          finish(new ConnectError(this.address, sawHeaders ? why : `${why}; no answer came`, { cause: e }));
        },
      };
      try {
        stream = connection.request(fields, body, handler);
      } catch (e) {
        finish(new ConnectError(this.address, `the connection refused a new stream (${(e as Error).message})`, { cause: e }));
      }
    });
  }

  /** The client's state as the health view shows it. */
  health(): TripleHealth {
    const base = { lastError: this.lastError, lastPing: this.lastPing };
    if (this.closed) return { state: "closed", since: null, ...base };
    if (this.usableConnection()) return { state: "connected", since: this.connectedAt, ...base };
    if (this.connecting) return { state: "connecting", since: null, ...base };
    if (this.failure && Date.now() < this.failure.retryAt) return { state: "backoff", since: this.failure.retryAt, ...base };
    return { state: "idle", since: null, ...base };
  }

  /**
   * An HTTP/2 PING on the connection (opened if needed), answered by the provider's HTTP/2 stack:
   * the probe of a tri provider. Resolves the round trip in ms. @throws ConnectError, TimeoutError.
   */
  async ping(timeoutMs: number): Promise<number> {
    const connection = await this.connectionWithin(timeoutMs);
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new TimeoutError(this.address, timeoutMs)), timeoutMs);
      connection.ping().then(
        (ms) => {
          clearTimeout(timer);
          const rttMs = Math.round(ms * 100) / 100;
          this.lastPing = { at: Date.now(), rttMs };
          resolve(rttMs);
        },
        (error: Error) => {
          clearTimeout(timer);
          this.lastError = { at: Date.now(), message: error.message };
          reject(new ConnectError(this.address, `the PING failed (${error.message})`, { cause: error }));
        },
      );
    });
  }

  /** False while a failed connect's backoff runs (calls would fail at once): DubboInvoker's isAvailable, for Triple. */
  get available(): boolean {
    return !this.closed && (this.failure === null || Date.now() >= this.failure.retryAt);
  }

  /** Closes the connection; calls in flight fail. */
  close(): void {
    this.closed = true;
    this.connection?.close("the client is closed");
    this.connection = null;
  }

  /**
   * A call timed out: a slow method, or a provider that no longer answers at all. A PING tells
   * them apart (the provider's HTTP/2 stack answers it whatever its methods do); no answer
   * within `livenessTimeoutMs` closes the connection, failing its calls, and the next call
   * connects again (or backs off). One check at a time per connection.
   */
  private checkAlive(connection: H2Connection): void {
    if (this.checking.has(connection) || !connection.usable) return;
    this.checking.add(connection);
    const limit = this.options.livenessTimeoutMs ?? 3_000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`it did not answer a PING within ${limit} ms after a call timed out`)), limit);
      timer.unref();
    });
    Promise.race([connection.ping(), late])
      .then((ms) => {
        this.lastPing = { at: Date.now(), rttMs: Math.round(ms * 100) / 100 };
      })
      .catch((e: Error) => {
        if (e.message === TOO_MANY_PINGS || !connection.usable) return;
        this.lastError = { at: Date.now(), message: e.message };
        this.drop(connection);
        connection.close(`the provider looks dead: ${e.message}`);
      })
      .finally(() => {
        clearTimeout(timer);
        this.checking.delete(connection);
      });
  }

  private usableConnection(): H2Connection | null {
    const c = this.connection;
    return c !== null && c.usable ? c : null;
  }

  private async connectionWithin(timeoutMs: number, signal?: AbortSignal): Promise<H2Connection> {
    if (this.closed) throw new ConnectError(this.address, "the client is closed");
    const ready = this.usableConnection();
    if (ready) return ready;
    const now = Date.now();
    if (this.failure && now < this.failure.retryAt) throw new ConnectError(this.address, `${this.failure.reason}; the console tries again in ${Math.ceil((this.failure.retryAt - now) / 1000)} s`);
    this.connecting ??= this.open(Math.min(timeoutMs, this.options.connectTimeoutMs ?? 3_000)).finally(() => (this.connecting = null));
    if (!signal) return this.connecting;
    return Promise.race([this.connecting, new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new CancelledError(this.address)), { once: true }))]);
  }

  private async open(timeoutMs: number): Promise<H2Connection> {
    const { host, port } = splitAddress(this.address);
    let connection: H2Connection;
    try {
      connection = await H2Connection.open({
        host,
        port,
        authority: this.address,
        connectTimeoutMs: timeoutMs,
        // Room for the largest message the client accepts, so flow control never holds an answer the limit allows.
        streamWindow: Math.min(2 ** 31 - 1, this.maxBytes + 64 * 1024),
        onDraining: () => this.drop(connection),
        onClose: (reason) => {
          this.lastError = { at: Date.now(), message: reason };
          this.drop(connection);
        },
      });
    } catch (e) {
      const message = (e as Error).message;
      const delay = Math.min(BACKOFF_MS.max, this.failure ? this.failure.delay * 2 : BACKOFF_MS.first);
      this.failure = { at: Date.now(), retryAt: Date.now() + delay, reason: message, delay };
      this.lastError = { at: Date.now(), message };
      throw new ConnectError(this.address, message, { cause: e });
    }
    if (this.closed) {
      connection.close("the client is closed");
      throw new ConnectError(this.address, "the client is closed");
    }
    this.failure = null;
    this.connection = connection;
    this.connectedAt = Date.now();
    return connection;
  }

  /** A draining or closed connection is let go: the next call opens a new one (calls on it finish). */
  private drop(connection: H2Connection): void {
    if (this.connection === connection) this.connection = null;
  }
}

/** `host` and `port` of "host:port" or "[v6]:port". */
function splitAddress(address: string): { host: string; port: number } {
  const colon = address.lastIndexOf(":");
  const host = address.slice(0, colon);
  return { host: host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host, port: Number(address.slice(colon + 1)) };
}

/** A request's header fields: the pseudo-headers, then `headers` (names lowercased). @throws ValidationError for a name or value HTTP/2 cannot carry. */
function requestFields(authority: string, path: string, headers: Readonly<Record<string, string>>): HeaderFields {
  const fields: HeaderFields = [
    [":method", "POST"],
    [":scheme", "http"],
    [":authority", authority],
    [":path", path],
  ];
  for (const name in headers) {
    const value = headers[name]!;
    const lower = name.toLowerCase();
    if (!TOKEN.test(lower) || CONNECTION_SPECIFIC.has(lower)) throw new ValidationError(`the header name ${JSON.stringify(name)} cannot be sent over HTTP/2`, [{ path: `headers.${name}`, message: "not an HTTP/2 header name" }]);
    if (!FIELD_VALUE.test(value)) throw new ValidationError(`the value of header ${JSON.stringify(name)} cannot be sent over HTTP/2 (control characters, or characters beyond Latin-1)`, [{ path: `headers.${name}`, message: "not an HTTP field value" }]);
    fields.push([lower, value]);
  }
  return fields;
}

/** The headers of an answer as an object; a repeated name's values joined with ", " as Node's http2 did. */
function headerObject(fields: HeaderFields): IncomingHttpHeaders {
  const out: Record<string, string> = {};
  for (const [name, value] of fields) out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  return out;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Headers HTTP/2 forbids (RFC 9113 §8.2.2); `te` is allowed as "trailers" only, which Triple sends. */
const CONNECTION_SPECIFIC = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);
