import { type ClientHttp2Session, type ClientHttp2Stream, connect, constants, type IncomingHttpHeaders } from "node:http2";
import { CancelledError, ConnectError, PayloadTooLargeError, TimeoutError } from "@/server/errors/transport-errors";
import { decodeGrpcMessage, GrpcMessageReader, grpcFrame } from "./grpc-frame";

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
}

const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;
const BACKOFF_MS = { first: 100, max: 5_000 };

/**
 * Triple over HTTP/2 to one provider address (issue 19): one session shared by every call,
 * opened at the first call. A GOAWAY is a graceful shutdown: calls in flight finish, the next
 * call opens a new session. A session that fails to connect is tried again only after a
 * backoff (doubling from 100 ms to 5 s); until then calls fail at once with ConnectError.
 * Every call has a deadline (`grpc-timeout` is sent, and the stream is cancelled locally when
 * it passes), and a message over `maxBytes` is refused either way. Besides gRPC calls
 * (`unary`) it makes plain HTTP/2 requests on the same session (`request`: Triple's
 * HTTP/JSON path), with the same deadline, cancellation and limit.
 */
export class TripleClient {
  private session: ClientHttp2Session | null = null;
  private connecting: Promise<ClientHttp2Session> | null = null;
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
   * One plain HTTP/2 request on the session: POST `body` to `path`, and the whole answer,
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
    const session = await this.sessionWithin(limits.timeoutMs, limits.signal);
    // Aborted while the session was awaited: the listener below would never hear it.
    if (limits.signal?.aborted) throw new CancelledError(this.address);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new TimeoutError(this.address, limits.timeoutMs);
    return new Promise((resolve, reject) => {
      let stream: ClientHttp2Stream;
      try {
        stream = session.request({ [constants.HTTP2_HEADER_METHOD]: "POST", [constants.HTTP2_HEADER_PATH]: path, ...requestHeaders }, { endStream: false });
      } catch (e) {
        this.drop(session);
        reject(new ConnectError(this.address, `the session refused a new stream (${(e as Error).message})`, { cause: e }));
        return;
      }
      let headers: IncomingHttpHeaders = {};
      let trailers: IncomingHttpHeaders = {};
      let settled = false;
      const finish = (error: Error | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        limits.signal?.removeEventListener("abort", onAbort);
        if (error) {
          if (!stream.closed) stream.close(constants.NGHTTP2_CANCEL);
          if (error instanceof ConnectError) this.lastError = { at: Date.now(), message: error.message };
          reject(error);
        } else resolve({ headers, trailers });
      };
      const timer = setTimeout(() => finish(new TimeoutError(this.address, limits.timeoutMs)), remaining);
      const onAbort = () => finish(new CancelledError(this.address));
      limits.signal?.addEventListener("abort", onAbort, { once: true });
      stream.on("response", (h) => (headers = h));
      stream.on("trailers", (t) => (trailers = t));
      stream.on("data", (chunk: Buffer) => {
        try {
          reader.push(chunk);
        } catch (e) {
          finish(e as Error);
        }
      });
      stream.on("error", (e) => finish(new ConnectError(this.address, `the stream failed (${e.message})`, { cause: e })));
      stream.on("close", () => {
        if (settled) return;
        if (headers[":status"] === undefined) {
          // No answer at all: reset, or the connection closed under it (a 3.3.6 provider stopping closes its streams in flight). A network failure, so failover tries another.
          const code = stream.rstCode ?? constants.NGHTTP2_NO_ERROR;
          finish(new ConnectError(this.address, code === constants.NGHTTP2_NO_ERROR ? "the provider closed the stream before answering (it may be shutting down)" : `the provider reset the stream (HTTP/2 error ${code})`));
          return;
        }
        try {
          reader.end();
        } catch (e) {
          finish(e as Error);
          return;
        }
        finish(null);
      });
      stream.end(body);
    });
  }

  /** The client's state as the health view shows it. */
  health(): TripleHealth {
    const base = { lastError: this.lastError, lastPing: this.lastPing };
    if (this.closed) return { state: "closed", since: null, ...base };
    if (this.session && !this.session.closed && !this.session.destroyed) return { state: "connected", since: this.connectedAt, ...base };
    if (this.connecting) return { state: "connecting", since: null, ...base };
    if (this.failure && Date.now() < this.failure.retryAt) return { state: "backoff", since: this.failure.retryAt, ...base };
    return { state: "idle", since: null, ...base };
  }

  /**
   * An HTTP/2 PING on the session (opened if needed), answered by the provider's HTTP/2 stack:
   * the probe of a tri provider. Resolves the round trip in ms. @throws ConnectError, TimeoutError.
   */
  async ping(timeoutMs: number): Promise<number> {
    const session = await this.sessionWithin(timeoutMs);
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new TimeoutError(this.address, timeoutMs)), timeoutMs);
      const sent = session.ping((error, duration) => {
        clearTimeout(timer);
        if (error) {
          this.lastError = { at: Date.now(), message: error.message };
          reject(new ConnectError(this.address, `the PING failed (${error.message})`, { cause: error }));
          return;
        }
        const rttMs = Math.round(duration * 100) / 100;
        this.lastPing = { at: Date.now(), rttMs };
        resolve(rttMs);
      });
      if (!sent) {
        clearTimeout(timer);
        reject(new ConnectError(this.address, "the session has too many PINGs waiting"));
      }
    });
  }

  /** False while a failed connect's backoff runs (calls would fail at once): DubboInvoker's isAvailable, for Triple. */
  get available(): boolean {
    return !this.closed && (this.failure === null || Date.now() >= this.failure.retryAt);
  }

  /** Closes the session; calls in flight fail. */
  close(): void {
    this.closed = true;
    this.session?.destroy();
    this.session = null;
  }

  private async sessionWithin(timeoutMs: number, signal?: AbortSignal): Promise<ClientHttp2Session> {
    if (this.closed) throw new ConnectError(this.address, "the client is closed");
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const now = Date.now();
    if (this.failure && now < this.failure.retryAt) throw new ConnectError(this.address, `${this.failure.reason}; the console tries again in ${Math.ceil((this.failure.retryAt - now) / 1000)} s`);
    this.connecting ??= this.open(Math.min(timeoutMs, this.options.connectTimeoutMs ?? 3_000)).finally(() => (this.connecting = null));
    if (!signal) return this.connecting;
    return Promise.race([this.connecting, new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new CancelledError(this.address)), { once: true }))]);
  }

  private open(timeoutMs: number): Promise<ClientHttp2Session> {
    return new Promise((resolve, reject) => {
      const session = connect(`http://${this.address}`, { maxSessionMemory: 64, settings: { enablePush: false } });
      const timer = setTimeout(() => fail(new Error(`no HTTP/2 connection within ${timeoutMs} ms`)), timeoutMs);
      const fail = (e: Error) => {
        clearTimeout(timer);
        session.destroy();
        const delay = Math.min(BACKOFF_MS.max, this.failure ? this.failure.delay * 2 : BACKOFF_MS.first);
        this.failure = { at: Date.now(), retryAt: Date.now() + delay, reason: e.message, delay };
        this.lastError = { at: Date.now(), message: e.message };
        reject(new ConnectError(this.address, e.message, { cause: e }));
      };
      session.once("error", fail);
      session.once("connect", () => {
        clearTimeout(timer);
        session.off("error", fail);
        this.failure = null;
        this.session = session;
        this.connectedAt = Date.now();
        // A GOAWAY: in-flight streams finish; the next call opens a new session.
        session.on("goaway", () => this.drop(session));
        session.on("close", () => this.drop(session));
        session.on("error", () => this.drop(session));
        session.unref();
        resolve(session);
      });
    });
  }

  private drop(session: ClientHttp2Session): void {
    if (this.session === session) this.session = null;
  }
}
