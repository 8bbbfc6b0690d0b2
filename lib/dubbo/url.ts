import { ConsoleError } from "../errors";
import type { DubboRelease } from "./dubbo-release";

/**
 * The Dubbo URL model: `protocol://[user[:password]@]host[:port]/path?k=v&k2=v2`.
 *
 * Parsing mirrors Dubbo's `URLStrParser.parseDecodedStr` (dubbo-common, 3.x) exactly,
 * including its quirks, because routes and previews must see the very same parameters
 * a Java consumer sees:
 * - parameters split on `&` and `;`; the first `=` separates name from value;
 * - a parameter with no value (`k` or `k=`) is `""` in 3.x but takes its own name as
 *   value in 2.7 (`addParam`, dubbo-2.7.23 vs dubbo-3.3.1): pass the {@link DubboRelease};
 * - a `default.x` parameter also supplies `x` when `x` is absent;
 * - a later duplicate overwrites an earlier one;
 * - host/port come from the last `:` before the path; a non-numeric port is an error.
 */

/** A parsed Dubbo URL. Immutable by convention; parameters are raw (not decoded). */
export interface DubboUrl {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly host: string;
  /** 0 when absent, as in Java. */
  readonly port: number;
  /** Without the leading '/'; '' when absent. */
  readonly path: string;
  readonly parameters: Readonly<Record<string, string>>;
}

/** Thrown when a string is not a Dubbo URL; `reason` says what was wrong. */
export class UrlSyntaxError extends ConsoleError {
  constructor(
    readonly input: string,
    readonly reason: string,
  ) {
    super("url_syntax", `invalid Dubbo URL (${reason}): ${input.length > 200 ? `${input.slice(0, 200)}…` : input}`);
    this.name = "UrlSyntaxError";
  }
}

const DEFAULT_KEY_PREFIX = "default.";

/**
 * Parses a decoded URL string, as `URL.valueOf(String)` does. `like`: a URL parsed before
 * (say, another provider of the same service); the result holds its strings where they are
 * equal instead of copies of its own. It changes no value, only the memory they take.
 */
export function parseDubboUrl(input: string, dialect: DubboRelease = "3.x", like?: DubboUrl): DubboUrl {
  const q = input.indexOf("?");
  const body = q >= 0 ? input.slice(0, q) : input;
  const parameters = q >= 0 ? parseParameters(input, q + 1, dialect, like?.parameters) : {};
  return parseBody(input, body, parameters, like);
}

/**
 * The parameters of a decoded URL string alone (what follows its first `?`), read exactly
 * as {@link parseDubboUrl} reads them; for callers that parse the rest of the URL their own
 * way (lib/routing mirrors each Java version's body parsing, nulls included).
 */
export function parseDubboUrlParameters(input: string, dialect: DubboRelease = "3.x"): Record<string, string> {
  const q = input.indexOf("?");
  return q >= 0 ? parseParameters(input, q + 1, dialect, undefined) : {};
}

/**
 * One parameter of a decoded URL string, exactly as {@link parseDubboUrl} reads it (the
 * last of duplicates; `default.{name}` when absent, its first occurrence; a valueless one
 * per dialect) without reading the others: it looks for `name` only where a parameter name
 * can start. For a caller that needs a few parameters of many URLs (a route preview).
 */
export function dubboUrlParameter(input: string, name: string, dialect: DubboRelease = "3.x"): string | undefined {
  const q = input.indexOf("?");
  if (q < 0 || name.includes(AMPERSAND) || name.includes(SEMICOLON) || name.includes(EQUALS)) return undefined;
  // No segment is named "" (a name has at least one char); `default.` alone names it.
  const explicit = name === "" ? undefined : findParameter(input, q + 1, name, dialect, "last");
  return explicit ?? findParameter(input, q + 1, DEFAULT_KEY_PREFIX + name, dialect, "first");
}

/** The value of the first or last segment of the query (from `from`) named `name`. */
function findParameter(input: string, from: number, name: string, dialect: DubboRelease, which: "first" | "last"): string | undefined {
  let found: string | undefined;
  for (let p = input.indexOf(name, from); p >= 0; p = input.indexOf(name, p + 1)) {
    let b = p - 1;
    while (b >= from && input[b] === EQUALS) b--;
    if (b >= from && input[b] !== AMPERSAND && input[b] !== SEMICOLON) continue;
    const after = p + name.length;
    const c = input[after];
    if (c !== undefined && c !== EQUALS && c !== AMPERSAND && c !== SEMICOLON) continue;
    let end = after;
    if (c === EQUALS) end = segmentEnd(input, after + 1);
    const value = end > after + 1 ? input.slice(after + 1, end) : dialect === "2.7" ? name : "";
    if (which === "first") return value;
    found = value;
  }
  return found;
}

/** Where the parameter segment containing `from` ends (the next '&' or ';', or the end). */
function segmentEnd(input: string, from: number): number {
  const amp = input.indexOf(AMPERSAND, from);
  const semi = input.indexOf(SEMICOLON, from);
  const end = amp < 0 ? input.length : amp;
  return semi >= 0 && semi < end ? semi : end;
}

/** `URL.encode("://")`: ZookeeperRegistry skips every child name that lacks it. */
export const PROTOCOL_SEPARATOR_ENCODED = "%3A%2F%2F";

/**
 * Decodes a ZooKeeper child name, which Dubbo writes as `URL.encode(url.toFullString())`
 * (java.net.URLEncoder: '+' stands for a space), then parses it. Like
 * `ZookeeperRegistry.toUrlsWithoutEmpty` (2.7.23 and 3.3), a name without an encoded
 * `://` is not a URL: it is rejected here, where Dubbo silently skips it.
 */
export function parseEncodedDubboUrl(nodeName: string, dialect: DubboRelease = "3.x", like?: DubboUrl): DubboUrl {
  if (!nodeName.includes(PROTOCOL_SEPARATOR_ENCODED)) {
    throw new UrlSyntaxError(nodeName, `no encoded "://" (${PROTOCOL_SEPARATOR_ENCODED}); Dubbo ignores such a node`);
  }
  return parseDubboUrl(javaUrlDecode(nodeName), dialect, like);
}

/** `java.net.URLDecoder.decode(s, "UTF-8")`: '+' is a space, `%XX` are UTF-8 bytes. */
export function javaUrlDecode(s: string): string {
  try {
    // Dubbo's own names have no '+' (URLEncoder writes a space as one): skip the copy then.
    return decodeURIComponent(s.includes("+") ? s.replaceAll("+", " ") : s);
  } catch {
    throw new UrlSyntaxError(s, "malformed percent-encoding");
  }
}

/**
 * `java.net.URLEncoder.encode(s, "UTF-8")`: like encodeURIComponent, but a space is '+' and `*` stays.
 * A lone surrogate becomes `%3F`: Java's `String.getBytes(UTF_8)` replaces it with '?', where
 * encodeURIComponent would throw a URIError.
 */
export function javaUrlEncode(s: string): string {
  return utf8UrlEncode(s)
    .replace(/%20/g, "+")
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** encodeURIComponent, with a lone surrogate written as Java writes it (only text that holds one pays for the replace). */
function utf8UrlEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(LONE_SURROGATES, "?"));
  }
}

/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const AMPERSAND = "&";
const SEMICOLON = ";";
const EQUALS = "=";
/** Names a plain object inherits (`toString`, `__proto__`, ...): set as own data properties, never through the prototype. */
const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * The parameters of `input` from `from` on, as URLStrParser.parseDecodedStr reads them:
 * segments split on '&' and ';'; leading '=' of a segment skipped; the first '=' after
 * the name splits name from value. Works by indexOf on the whole string, so a URL costs a
 * few calls per parameter and no copy of its query.
 */
function parseParameters(input: string, from: number, dialect: DubboRelease, like: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  const length = input.length;
  let semicolon = input.indexOf(SEMICOLON, from);
  let start = from;
  while (start <= length) {
    let end = input.indexOf(AMPERSAND, start);
    if (end < 0) end = length;
    if (semicolon >= 0 && semicolon < end) {
      if (semicolon < start) semicolon = input.indexOf(SEMICOLON, start);
      if (semicolon >= 0 && semicolon < end) end = semicolon;
    }
    let nameStart = start;
    while (nameStart < end && input[nameStart] === EQUALS) nameStart++;
    if (nameStart < end) {
      const eq = input.indexOf(EQUALS, nameStart);
      const hasValue = eq >= 0 && eq < end - 1;
      const name = input.slice(nameStart, eq >= 0 && eq < end ? eq : end);
      const value = sharedOrOwn(hasValue ? input.slice(eq + 1, end) : dialect === "2.7" ? name : "", like?.[name]);
      setParameter(params, name, value);
      if (name.startsWith(DEFAULT_KEY_PREFIX)) {
        const bare = name.slice(DEFAULT_KEY_PREFIX.length);
        if (!Object.hasOwn(params, bare)) setParameter(params, bare, value);
      }
    }
    start = end + 1;
  }
  return params;
}

/** `params[name] = value` as an own property, whatever the name (`__proto__` included). */
function setParameter(params: Record<string, string>, name: string, value: string): void {
  if (INHERITED_NAMES.has(name)) Object.defineProperty(params, name, { value, writable: true, enumerable: true, configurable: true });
  else params[name] = value;
}

/**
 * V8 makes a cut of 13 characters or more (SlicedString::kMinLength) a view into the string
 * it was cut from; kept in a URL, one such value would keep the whole decoded child name
 * alive as long as the registry keeps the URL.
 */
const VIEW_MIN_LENGTH = 13;

/**
 * `value`, or `other` when it is the same string, so that equal strings parsed from
 * different URLs are held once; otherwise `value` as a string of its own (see
 * {@link VIEW_MIN_LENGTH}; flattening the concatenation copies it).
 */
function sharedOrOwn(value: string, other: unknown): string {
  if (other === value) return other;
  return value.length < VIEW_MIN_LENGTH ? value : (value + " ").slice(0, -1);
}

function parseBody(full: string, body: string, parameters: Readonly<Record<string, string>>, like: DubboUrl | undefined): DubboUrl {
  let start = 0;
  let end = body.length;
  let protocol = "";
  let protoEnd = body.indexOf("://");
  if (protoEnd >= 0) {
    if (protoEnd === 0) throw new UrlSyntaxError(full, "missing protocol");
    protocol = body.slice(0, protoEnd);
    start = protoEnd + 3;
  } else {
    protoEnd = body.indexOf(":/");
    if (protoEnd === 0) throw new UrlSyntaxError(full, "missing protocol");
    if (protoEnd > 0) {
      protocol = body.slice(0, protoEnd);
      start = protoEnd + 1;
    }
  }
  let path = "";
  const slash = body.indexOf("/", start);
  if (slash >= 0) {
    path = body.slice(slash + 1);
    end = slash;
  }
  let username = "";
  let password = "";
  const at = body.lastIndexOf("@", end - 1);
  if (at >= start && at > 0) {
    const colon = body.indexOf(":", start);
    if (colon !== -1 && colon < at) {
      username = body.slice(start, colon);
      password = body.slice(colon + 1, at);
    } else {
      username = body.slice(start, at);
    }
    start = at + 1;
  }
  let port = 0;
  const hostEnd = body.lastIndexOf(":", end - 1);
  if (hostEnd >= start && hostEnd > 0 && hostEnd < body.length - 1) {
    const pct = body.lastIndexOf("%", end - 1);
    if (!(pct >= start && pct > hostEnd)) {
      const portText = body.slice(hostEnd + 1, end);
      if (!/^[+-]?\d+$/.test(portText) || !Number.isSafeInteger(Number(portText))) {
        throw new UrlSyntaxError(full, `port "${portText}" is not a number`);
      }
      port = Number(portText);
      end = hostEnd;
    }
  }
  const host = end > start ? body.slice(start, end) : "";
  return {
    protocol: sharedOrOwn(protocol, like?.protocol),
    username: sharedOrOwn(username, like?.username),
    password: sharedOrOwn(password, like?.password),
    host: sharedOrOwn(host, like?.host),
    port,
    path: sharedOrOwn(path, like?.path),
    parameters,
  };
}

/** `host:port`, as `URL.getAddress()`: the host alone when the port is 0. */
export function urlAddress(url: DubboUrl): string {
  return url.port > 0 ? `${url.host}:${url.port}` : url.host;
}

/** A parameter, or `fallback` when absent or empty (Java's `getParameter(key, default)`). */
export function urlParam(url: DubboUrl, key: string, fallback = ""): string {
  const v = url.parameters[key];
  return v === undefined || v === "" ? fallback : v;
}
