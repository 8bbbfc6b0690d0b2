import { UrlSyntaxError } from "../../dubbo/url";
import type { DubboRelease } from "../../dubbo/dubbo-release";
import { queryParams, type UrlParams } from "./url-params";

/**
 * A Dubbo URL as the Java router holds it: unlike lib/dubbo's DubboUrl, an absent part is
 * `null`, because `URL.toMap()`/`toOriginalMap()` leave absent parts out and a condition on
 * an absent key reads differently from one on an empty value. Parameters are read on
 * demand (see {@link UrlParams}).
 */
export class JavaUrl {
  private all: Readonly<Record<string, string>> | null = null;

  constructor(
    /** The decoded URL string as given. */
    readonly source: string,
    private readonly semantics: DubboRelease,
    readonly protocol: string | null,
    readonly username: string | null,
    readonly password: string | null,
    readonly host: string | null,
    /** 0 when absent (Java clamps a negative port to 0). */
    readonly port: number,
    /** Without leading '/' (Java's URL constructor strips them); null without a '/' after the authority. */
    readonly path: string | null,
    private readonly params: UrlParams,
    /** What `getAddress()` returns when it is not `host:port` (see {@link JavaUrlBody.address}). */
    readonly rawAddress: string | null = null,
  ) {}

  /** `parameters.get(key)`: null when absent. */
  param(key: string): string | null {
    const v = this.params.get(key);
    return v !== null && key === "side" && this.semantics === "3.x" ? v.toLowerCase() : v;
  }

  /** Whether the URL has any parameter at all. */
  hasParameters(): boolean {
    for (const key in this.parameters()) if (Object.hasOwn(this.all!, key)) return true;
    return false;
  }

  /** Every parameter (read once, then kept). */
  parameters(): Readonly<Record<string, string>> {
    if (this.all === null) {
      const all = this.params.all();
      const side = Object.hasOwn(all, "side") ? all.side! : null;
      this.all = this.semantics === "3.x" && side !== null && side !== side.toLowerCase() ? { ...all, side: side.toLowerCase() } : all;
    }
    return this.all;
  }
}

/** The parts of a URL's body (before its first `?`), as Java's URL holds them. */
export interface JavaUrlBody {
  readonly protocol: string | null;
  readonly username: string | null;
  readonly password: string | null;
  readonly host: string | null;
  readonly port: number;
  readonly path: string | null;
  /** Set only where Java's `getAddress()` is not built from host and port: 3.3's plain `URLAddress` returns its raw text. */
  readonly address?: string;
}

/** What {@link splitUrlHead} read; `rest` is left for the caller: `host[:port]`. */
export interface UrlHead {
  readonly protocol: string | null;
  readonly path: string | null;
  readonly username: string | null;
  readonly password: string | null;
  readonly rest: string;
}

/**
 * The protocol, path and user info of a URL without its query, in the order `URL.valueOf`
 * takes them off (2.7.23's, and 3.3's `URLStrParser`/`URLAddress` for a service address):
 * `proto://` (or `proto:/`), then everything after the first `/` as the path (leading
 * slashes dropped), then `user[:password]@` up to the last `@`. `input` names the whole URL
 * in a {@link UrlSyntaxError} for a protocol that is empty.
 */
export function splitUrlHead(text: string, input: string): UrlHead {
  let rest = text;
  let protocol: string | null = null;
  const proto = rest.indexOf("://");
  const fileProto = proto < 0 ? rest.indexOf(":/") : -1;
  if (proto === 0 || fileProto === 0) throw new UrlSyntaxError(input, "missing protocol");
  if (proto > 0 || fileProto > 0) {
    protocol = rest.slice(0, proto > 0 ? proto : fileProto);
    rest = rest.slice(proto > 0 ? proto + 3 : fileProto + 1);
  }
  let path: string | null = null;
  const slash = rest.indexOf("/");
  if (slash >= 0) {
    path = rest.slice(slash + 1).replace(/^\/+/, "");
    rest = rest.slice(0, slash);
  }
  let username: string | null = null;
  let password: string | null = null;
  const at = rest.lastIndexOf("@");
  if (at >= 0) {
    const info = rest.slice(0, at);
    const colon = info.indexOf(":");
    [username, password] = colon >= 0 ? [info.slice(0, colon), info.slice(colon + 1)] : [info, null];
    rest = rest.slice(at + 1);
  }
  return { protocol, path, username, password, rest };
}

/**
 * Parses a decoded URL string as `URLStrParser.parseDecodedStr` of 2.7.23 or 3.3 does
 * (what `URL.valueOf` does in 3.x), then the URL constructor: how the consumer URL is
 * read. Parameters come from lib/dubbo/url.ts (its 2.7/3.x dialects); the body is parsed
 * here to keep Java's nulls, its `#` cut-off and each version's user-info handling. Throws
 * {@link UrlSyntaxError} where Java throws. Provider URLs are read as the registry hands
 * them to a consumer instead: see provider-url.ts.
 */
export function parseJavaUrl(input: string, semantics: DubboRelease): JavaUrl {
  const params = queryParams(input, semantics);
  if (semantics === "3.x") checkSide(input, params);
  return javaUrlOf(input, semantics, parseJavaUrlBody(input, semantics), params);
}

/** A JavaUrl of `body` and `params`. */
export function javaUrlOf(source: string, semantics: DubboRelease, body: JavaUrlBody, params: UrlParams): JavaUrl {
  return new JavaUrl(source, semantics, body.protocol, body.username, body.password, body.host, body.port, body.path, params, body.address ?? null);
}

/** `URLStrParser.parseURLBody` of `semantics` on the part of `input` before its first `?`. */
export function parseJavaUrlBody(input: string, semantics: DubboRelease): JavaUrlBody {
  const q = input.indexOf("?");
  const body = q >= 0 ? input.slice(0, q) : input;
  const pound = body.indexOf("#");
  // What is left of the body to read: [start, end). Each step below takes its part off an end.
  const cut: Cut = { body, input, start: 0, end: pound !== -1 ? pound : body.length };
  const protocol = takeProtocol(cut);
  const path = takePath(cut);
  const [username, password] = takeUserInfo(cut, semantics);
  const port = takePort(cut);
  const host = cut.end > cut.start ? body.slice(cut.start, cut.end) : null;
  return { protocol, username, password, host, port: Math.max(port, 0), path: path === null ? null : stripLeadingSlashes(path) };
}

/** URLStrParser.parseURLBody's state: the body, and the part of it still to read. */
interface Cut {
  readonly body: string;
  readonly input: string;
  start: number;
  end: number;
}

/** `protocol://` (or `protocol:/`, as in `file:/x`); searched in the whole body, as Java does. */
function takeProtocol(cut: Cut): string | null {
  let protoEnd = cut.body.indexOf("://");
  const length = protoEnd >= 0 ? 3 : 1;
  if (protoEnd < 0) protoEnd = cut.body.indexOf(":/");
  if (protoEnd === 0) throw new UrlSyntaxError(cut.input, "missing protocol");
  if (protoEnd < 0) return null;
  cut.start = protoEnd + length;
  return cut.body.slice(0, protoEnd);
}

/** Everything after the first '/' (null when there is none). */
function takePath(cut: Cut): string | null {
  const slash = indexOfIn(cut.body, "/", cut.start, cut.end);
  if (slash < 0) return null;
  const path = cut.body.slice(slash + 1, cut.end);
  cut.end = slash;
  return path;
}

/** `user:password@` before the last '@'. */
function takeUserInfo(cut: Cut, semantics: DubboRelease): [string | null, string | null] {
  const at = lastIndexOfIn(cut.body, "@", cut.start, cut.end);
  if (at <= 0) return [null, null];
  const colon = indexOfIn(cut.body, ":", cut.start, at);
  if (colon === -1 && semantics === "2.7") {
    // 2.7.23's parseURLBody takes substring(start, -1) here: StringIndexOutOfBoundsException.
    throw new UrlSyntaxError(cut.input, "user info without ':' (Dubbo 2.7 cannot parse it)");
  }
  const info: [string, string | null] = colon === -1 ? [cut.body.slice(cut.start, at), null] : [cut.body.slice(cut.start, colon), cut.body.slice(colon + 1, at)];
  cut.start = at + 1;
  return info;
}

/** `:port` after the last ':' (not an IPv6 scope id), or 0. */
function takePort(cut: Cut): number {
  const hostEnd = lastIndexOfIn(cut.body, ":", cut.start, cut.end);
  if (!(hostEnd > 0 && hostEnd < cut.body.length - 1) || lastIndexOfIn(cut.body, "%", cut.start, cut.end) > hostEnd) return 0;
  const port = parseJavaInt(cut.body.slice(hostEnd + 1, cut.end), cut.input);
  cut.end = hostEnd;
  return port;
}

function stripLeadingSlashes(path: string): string {
  let i = 0;
  while (path.charCodeAt(i) === 0x2f) i++;
  return i === 0 ? path : path.slice(i);
}

/**
 * What 3.x's URLParam refuses: a `side` other than consumer/provider, in any case
 * (`FixedParamValue.getIndex`, which also lower-cases it; {@link JavaUrl.param} does too).
 */
export function checkSide(input: string, params: UrlParams): void {
  const side = params.get("side");
  if (side !== null && side.toLowerCase() !== "consumer" && side.toLowerCase() !== "provider") {
    throw new UrlSyntaxError(input, `side "${side}" is neither consumer nor provider (Dubbo 3 rejects it)`);
  }
}

/** `Integer.parseInt` (ASCII digits): an optional sign, digits, within int range. */
export function parseJavaInt(text: string, input: string): number {
  const n = /^[+-]?[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!(n >= -2147483648 && n <= 2147483647)) throw new UrlSyntaxError(input, `port "${text}" is not a number`);
  return n;
}

/** URLStrParser.indexOf: first `ch` in [from, toExclude). */
function indexOfIn(s: string, ch: string, from: number, toExclude: number): number {
  const i = s.indexOf(ch, Math.max(from, 0));
  return i >= 0 && i < Math.min(toExclude, s.length) ? i : -1;
}

/** URLStrParser.lastIndexOf: last `ch` in [from, toExclude] — Java's helper includes toExclude (clamped to the last char). */
function lastIndexOfIn(s: string, ch: string, from: number, toExclude: number): number {
  const last = Math.min(toExclude, s.length - 1);
  const start = Math.max(from, 0);
  if (start > last) return -1;
  const i = s.lastIndexOf(ch, last);
  return i >= start ? i : -1;
}

/** `URL.getAddress()`: `host:port`, the host alone when the port is 0; Java writes a null host as "null". */
export function javaAddress(url: JavaUrl): string | null {
  if (url.rawAddress !== null) return url.rawAddress;
  return url.port <= 0 ? url.host : `${url.host ?? "null"}:${url.port}`;
}

/**
 * `URL.getRawParameter(key)`: what `$key` in a then pattern stands for, read from the
 * consumer URL. The port reads "0" when absent.
 */
export function javaRawParameter(url: JavaUrl, key: string): string | null {
  switch (key) {
    case "protocol":
      return url.protocol;
    case "username":
      return url.username;
    case "password":
      return url.password;
    case "host":
      return url.host;
    case "port":
      return String(url.port);
    case "path":
      return url.path;
    default:
      return url.param(key);
  }
}
