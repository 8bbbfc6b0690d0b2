import { parseDubboUrlParameters, UrlSyntaxError } from "../dubbo/url";
import type { RouteSemantics } from "./route-semantics";

/**
 * A Dubbo URL as the Java router holds it: unlike {@link DubboUrl}, an absent part is
 * `null`, because `URL.toMap()`/`toOriginalMap()` leave absent parts out and a condition on
 * an absent key reads differently from one on an empty value.
 */
export interface JavaUrl {
  readonly protocol: string | null;
  readonly username: string | null;
  readonly password: string | null;
  readonly host: string | null;
  /** 0 when absent (Java clamps a negative port to 0). */
  readonly port: number;
  /** Without leading '/' (Java's URL constructor strips them); null without a '/' after the authority. */
  readonly path: string | null;
  readonly parameters: Readonly<Record<string, string>>;
}

/**
 * Parses a decoded URL string as the consumer of `semantics` does when it reads the
 * registry: `URLStrParser.parseDecodedStr` of 2.7.23 or 3.3, then the URL constructor.
 * Parameters come from lib/dubbo/url.ts (its 2.7/3.x dialects); the body is parsed here to
 * keep Java's nulls, its `#` cut-off and each version's user-info handling. Throws
 * {@link UrlSyntaxError} where Java throws.
 */
export function parseJavaUrl(input: string, semantics: RouteSemantics): JavaUrl {
  const q = input.indexOf("?");
  const body = q >= 0 ? input.slice(0, q) : input;
  const parameters = parseDubboUrlParameters(input, semantics);
  let start = 0;
  let end = body.length;
  const pound = body.indexOf("#");
  if (pound !== -1) end = pound;

  let protocol: string | null = null;
  let protoEnd = body.indexOf("://");
  const protoLength = protoEnd >= 0 ? 3 : 1;
  if (protoEnd < 0) protoEnd = body.indexOf(":/");
  if (protoEnd === 0) throw new UrlSyntaxError(input, "missing protocol");
  if (protoEnd > 0) {
    protocol = body.slice(0, protoEnd);
    start = protoEnd + protoLength;
  }

  let path: string | null = null;
  const slash = indexOfIn(body, "/", start, end);
  if (slash >= 0) {
    path = body.slice(slash + 1, end);
    end = slash;
  }

  let username: string | null = null;
  let password: string | null = null;
  const at = lastIndexOfIn(body, "@", start, end);
  if (at > 0) {
    const colon = indexOfIn(body, ":", start, at);
    if (colon !== -1) {
      username = body.slice(start, colon);
      password = body.slice(colon + 1, at);
    } else if (semantics === "2.7") {
      // 2.7.23's parseURLBody takes substring(start, -1) here: StringIndexOutOfBoundsException.
      throw new UrlSyntaxError(input, "user info without ':' (Dubbo 2.7 cannot parse it)");
    } else {
      username = body.slice(start, at);
    }
    start = at + 1;
  }

  let port = 0;
  const hostEnd = lastIndexOfIn(body, ":", start, end);
  if (hostEnd > 0 && hostEnd < body.length - 1 && !(lastIndexOfIn(body, "%", start, end) > hostEnd)) {
    port = parseJavaInt(body.slice(hostEnd + 1, end), input);
    end = hostEnd;
  }
  const host = end > start ? body.slice(start, end) : null;

  if (semantics === "3.x") checkModernUrl(input, username, password, parameters);
  return {
    protocol,
    username,
    password,
    host,
    port: Math.max(port, 0),
    path: path === null ? null : path.replace(/^\/+/, ""),
    parameters,
  };
}

/**
 * What 3.x's URL constructor and URLParam refuse: a password without a user
 * (`URL.<init>`), and a `side` other than consumer/provider (`FixedParamValue`, which also
 * lower-cases it: that is done here in place).
 */
function checkModernUrl(input: string, username: string | null, password: string | null, parameters: Record<string, string>): void {
  if ((username === null || username === "") && password !== null && password !== "") {
    throw new UrlSyntaxError(input, "password without username (Dubbo 3 rejects it)");
  }
  const side = parameters.side;
  if (side !== undefined) {
    const lower = side.toLowerCase();
    if (lower !== "consumer" && lower !== "provider") throw new UrlSyntaxError(input, `side "${side}" is neither consumer nor provider (Dubbo 3 rejects it)`);
    parameters.side = lower;
  }
}

/** `Integer.parseInt` (ASCII digits): an optional sign, digits, within int range. */
function parseJavaInt(text: string, input: string): number {
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
      return ownParameter(url.parameters, key);
  }
}

/** `parameters.get(key)`: an own property only, whatever the key (`constructor`, `__proto__`). */
export function ownParameter(parameters: Readonly<Record<string, string>>, key: string): string | null {
  return Object.hasOwn(parameters, key) ? parameters[key]! : null;
}
