/**
 * Dubbo's registry address syntax, as operators write it in `dubbo.registry.address`:
 *
 * - `zookeeper://host:port` (2181 when the port is left out);
 * - a cluster as `zookeeper://h1:p1?backup=h2:p2,h3:p3` or `zookeeper://h1:p1,h2:p2`,
 *   or without the protocol, `h1:p1,h2:p2`;
 * - separate registries joined by `|` (or `;`), as Dubbo's `REGISTRY_SPLIT_PATTERN`;
 * - `?group=x` roots the registry at `/x` instead of `/dubbo` (ZookeeperRegistry);
 * - `?session=ms` the session timeout, `?timeout=ms` the connect/operation timeout;
 * - `user:password@` digest credentials.
 *
 * Pure: the parser returns a value or throws {@link RegistryAddressError} naming the bad part.
 */

import { ConsoleError } from "../errors";

/** One registry to connect to. */
export interface RegistryAddress {
  /**
   * The part of the configuration this came from, for messages and the status page, with
   * a password replaced by `***` (`zookeeper://ops:***@zk:2181`): it is logged and sent to
   * the browser, and names the registry in the API. The password is in `auth` only.
   */
  readonly source: string;
  /** The ZooKeeper ensemble: `host:port` entries, main first. */
  readonly servers: readonly string[];
  /** The root path of Dubbo's tree, `/dubbo` unless `group` says otherwise. */
  readonly root: string;
  readonly sessionTimeoutMs: number;
  readonly operationTimeoutMs: number;
  readonly auth?: { readonly username: string; readonly password: string };
}

/** A malformed registry address; the message names the bad part in one line. */
export class RegistryAddressError extends ConsoleError {
  constructor(
    readonly part: string,
    readonly reason: string,
  ) {
    super("config_invalid", `"${part}": ${reason}`);
    this.name = "RegistryAddressError";
  }
}

export const DEFAULT_ZOOKEEPER_PORT = 2181;
/** ZookeeperRegistry's DEFAULT_ROOT. */
export const DEFAULT_ROOT = "dubbo";
/**
 * The console's ZooKeeper session timeout (`session`), 12 s. Shorter than Dubbo's 60 s on
 * purpose: the console holds only watches, no ephemeral nodes, so a lost session costs a
 * re-read and nothing else; and like the Java client the console drops a connection that
 * has been silent for 2/3 of the session timeout, so 12 s notices a frozen server within
 * 8 s. (A ZooKeeper server with its default tickTime of 2 s would also cut Dubbo's 60 s to
 * its own maximum of 40 s.)
 */
export const DEFAULT_SESSION_TIMEOUT_MS = 12_000;
/** How long one registry operation may wait, unless `timeout` says otherwise. */
export const DEFAULT_OPERATION_TIMEOUT_MS = 5_000;

const SUPPORTED_PROTOCOLS = new Set(["zookeeper"]);

/** Parses a whole `DUBBO_REGISTRY` value into one entry per registry. */
export function parseRegistryAddresses(value: string): RegistryAddress[] {
  const parts = value
    .split(/\s*[|;]+\s*/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0) throw new RegistryAddressError(value, "no registry address given");
  return parts.map(parseOne);
}

/** What `auth` shows in place of a password. */
export const PASSWORD_MASK = "***";

function parseOne(raw: string): RegistryAddress {
  // Every message and the source show `part`, never the password.
  const part = withoutPassword(raw);
  let rest = raw;
  let protocol = "zookeeper";
  const sep = rest.indexOf("://");
  if (sep >= 0) {
    protocol = rest.slice(0, sep);
    rest = rest.slice(sep + 3);
    if (protocol === "") throw new RegistryAddressError(part, "missing protocol before ://");
  }
  if (!SUPPORTED_PROTOCOLS.has(protocol)) {
    throw new RegistryAddressError(part, `unsupported registry protocol "${protocol}" (only zookeeper:// is supported)`);
  }
  const q = rest.indexOf("?");
  const query = new URLSearchParams(q >= 0 ? rest.slice(q + 1) : "");
  rest = q >= 0 ? rest.slice(0, q) : rest;
  const slash = rest.indexOf("/");
  if (slash >= 0) rest = rest.slice(0, slash); // a path (e.g. /org.apache.dubbo.registry.RegistryService) is ignored, as in Dubbo.

  let auth: RegistryAddress["auth"];
  const at = rest.lastIndexOf("@");
  if (at >= 0) {
    const userInfo = rest.slice(0, at);
    rest = rest.slice(at + 1);
    const colon = userInfo.indexOf(":");
    const username = colon >= 0 ? userInfo.slice(0, colon) : userInfo;
    const password = colon >= 0 ? userInfo.slice(colon + 1) : "";
    if (username === "") throw new RegistryAddressError(part, "credentials before @ have no user name");
    auth = { username: decodeCredential(part, username, "user name"), password: decodeCredential(part, password, "password") };
  }

  const hosts = rest.split(",").map((h) => h.trim());
  const backup = query.get("backup");
  if (backup !== null) hosts.push(...backup.split(",").map((h) => h.trim()));
  const servers = hosts.map((h) => normaliseHost(part, h));

  const group = query.get("group");
  if (group !== null && !/^\/?[\w.-]+(\/[\w.-]+)*$/.test(group)) {
    throw new RegistryAddressError(part, `group "${group}" is not a valid ZooKeeper path segment`);
  }
  const root = group === null || group === "" ? `/${DEFAULT_ROOT}` : group.startsWith("/") ? group : `/${group}`;

  return {
    source: part,
    servers,
    root,
    sessionTimeoutMs: positiveInt(part, query, "session", DEFAULT_SESSION_TIMEOUT_MS),
    operationTimeoutMs: positiveInt(part, query, "timeout", DEFAULT_OPERATION_TIMEOUT_MS),
    ...(auth ? { auth } : {}),
  };
}

/** `address` with the password of its `user:password@` replaced by {@link PASSWORD_MASK}. */
export function withoutPassword(address: string): string {
  const sep = address.indexOf("://");
  const start = sep < 0 ? 0 : sep + 3;
  const end = address.slice(start).search(/[/?]/);
  const authority = end < 0 ? address.slice(start) : address.slice(start, start + end);
  const at = authority.lastIndexOf("@");
  const colon = authority.indexOf(":");
  if (at < 0 || colon < 0 || colon > at) return address;
  return `${address.slice(0, start)}${authority.slice(0, colon + 1)}${PASSWORD_MASK}${address.slice(start + at)}`;
}

/**
 * `address` with its whole `user:password@` left out (`zookeeper://zk:2181`): for answers
 * anyone may read (GET /api/health), which must not name the ZooKeeper user either.
 */
export function withoutCredentials(address: string): string {
  const sep = address.indexOf("://");
  const start = sep < 0 ? 0 : sep + 3;
  const end = address.slice(start).search(/[/?]/);
  const authority = end < 0 ? address.slice(start) : address.slice(start, start + end);
  const at = authority.lastIndexOf("@");
  return at < 0 ? address : `${address.slice(0, start)}${address.slice(start + at + 1)}`;
}

/** A percent-encoded user name or password (`us%40er`); malformed encoding names the part, never its text. */
function decodeCredential(part: string, text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new RegistryAddressError(part, `the ${what} before @ is not valid percent-encoding (write % as %25)`);
  }
}

function normaliseHost(part: string, hostPort: string): string {
  if (hostPort === "") throw new RegistryAddressError(part, "empty host in the server list");
  const colon = hostPort.lastIndexOf(":");
  const host = colon >= 0 ? hostPort.slice(0, colon) : hostPort;
  const portText = colon >= 0 ? hostPort.slice(colon + 1) : String(DEFAULT_ZOOKEEPER_PORT);
  if (!/^[A-Za-z0-9._-]+$/.test(host)) throw new RegistryAddressError(part, `host "${host}" is not a host name or IPv4 address`);
  if (!/^\d{1,5}$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
    throw new RegistryAddressError(part, `port "${portText}" of ${host} is not a number from 1 to 65535`);
  }
  return `${host}:${Number(portText)}`;
}

function positiveInt(part: string, query: URLSearchParams, key: string, fallback: number): number {
  const v = query.get(key);
  if (v === null) return fallback;
  if (!/^\d+$/.test(v) || Number(v) <= 0) throw new RegistryAddressError(part, `${key}=${v} is not a positive number of milliseconds`);
  return Number(v);
}
