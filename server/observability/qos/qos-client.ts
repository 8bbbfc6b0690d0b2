import { request } from "node:http";
import { ConsoleError } from "@/lib/errors";

/**
 * One Dubbo QoS command over the QoS port's HTTP side (2.7.23 and 3.3.x answer both telnet
 * and HTTP there, org.apache.dubbo.qos.command.decoder.HttpCommandDecoder): `GET
 * /{command}?arg=…`, the answer as text. No connection is kept; each command has a deadline
 * and a size cap, so a dead or chatty peer neither hangs nor floods the console.
 */

/** Where one process's QoS listens. */
export interface QosEndpoint {
  readonly host: string;
  readonly port: number;
}

export interface QosCommandOptions {
  /** Connect and answer within this long (default 3 s). */
  readonly timeoutMs?: number;
  /** Answers longer than this are cut and refused (default 256 KiB). */
  readonly maxBytes?: number;
  /** HTTP statuses of 400 and over that are answers, not failures (3.x `ready` says "false" with 503). */
  readonly answerStatuses?: readonly number[];
}

/** Why a QoS command got no usable answer: `unreachable` (refused, timed out, not HTTP: often QoS off or foreign IPs refused), `failed` (an HTTP error status from Dubbo), `too-large`. */
export type QosFailure = "unreachable" | "failed" | "too-large";

/** A QoS command that got no usable answer; `reason` in words for the operator. 502: the peer, not the request, is at fault. */
export class QosError extends ConsoleError {
  constructor(
    readonly endpoint: QosEndpoint,
    readonly failure: QosFailure,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super("connection_failed", `Dubbo QoS at ${endpoint.host}:${endpoint.port}: ${reason}`, { qos: `${endpoint.host}:${endpoint.port}`, failure }, options);
    this.name = "QosError";
  }
}

const DEFAULT_TIMEOUT_MS = 3_000;
const DEFAULT_MAX_BYTES = 256 * 1024;

/** Runs `command` with its arguments (each sent as one query parameter, in order). @throws QosError. */
export function qosCommand(endpoint: QosEndpoint, command: string, args: readonly string[] = [], options: QosCommandOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const query = args.map((a, i) => `a${i}=${encodeURIComponent(a)}`).join("&");
  const path = `/${encodeURIComponent(command)}${query ? `?${query}` : ""}`;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (failure: QosFailure, reason: string, cause?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(new QosError(endpoint, failure, reason, { cause }));
    };
    const timer = setTimeout(() => fail("unreachable", `no answer within ${timeoutMs} ms (a stopped process, or a firewall)`), timeoutMs);
    const req = request({ host: endpoint.host, port: endpoint.port, path, method: "GET", agent: false, headers: { connection: "close" } }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return fail("too-large", `the answer to ${command} is over ${maxBytes} bytes`);
        chunks.push(chunk);
      });
      res.on("error", (e) => fail("unreachable", `the answer broke off: ${e.message}`, e));
      res.on("end", () => {
        if (settled) return;
        const text = Buffer.concat(chunks).toString("utf8");
        if ((res.statusCode ?? 0) >= 400 && !options.answerStatuses?.includes(res.statusCode ?? 0)) return fail("failed", `${command} failed with HTTP ${res.statusCode}: ${text.slice(0, 300) || "no text"}`);
        settled = true;
        clearTimeout(timer);
        resolve(text);
      });
    });
    req.on("error", (e: NodeJS.ErrnoException) => fail("unreachable", reasonOf(e), e));
    req.end();
  });
}

/** A socket error in an operator's words. */
function reasonOf(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case "ECONNREFUSED":
      return "connection refused: QoS is off in that process (qos.enable=false), listens on another port (qos.port), or the process is gone";
    case "ECONNRESET":
    case "HPE_INVALID_CONSTANT":
    case "HPE_INVALID_VERSION":
      return `the connection was closed without an HTTP answer (${e.code}): QoS refuses callers from other hosts unless qos.accept.foreign.ip=true (or the whitelist names the console)`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `the host cannot be reached (${e.code})`;
    default:
      return `${e.code ?? "error"}: ${e.message}`;
  }
}
