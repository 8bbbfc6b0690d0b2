import { isAbsolute, normalize } from "node:path";
import { z } from "zod";
import { parseRegistryAddresses, type RegistryAddress } from "@/lib/dubbo/registry-address";
import { ConfigError, ConsoleError } from "@/lib/errors";
import { type AllowEntry, parseDirectUrlAllowlist } from "@/lib/net/direct-url-allowlist";
import { DEFAULT_HEARTBEAT_MS } from "../protocol/exchange-client";
import { type MetricsConfig, parseMetricsConfig } from "./metrics-config";
import { DEFAULT_QOS_PORT } from "../observability/qos/qos-service";
import { type AclEntry, parseAclSpec } from "../registry/zk/zk-acl-spec";
import { type AuthConfig, parseAuthConfig } from "./auth-config";
import { isLevel } from "./logger";
import { parseWebConfig, type WebConfig } from "./web-config";

/** The console's whole configuration, read from the environment in this one place. */
export interface ConsoleConfig {
  readonly registries: readonly RegistryAddress[];
  readonly port: number;
  readonly logLevel: "debug" | "info" | "warn" | "error";
  /** The folder of the registries' disk caches (absolute); null when the cache is off. */
  readonly cacheDir: string | null;
  /**
   * CONSOLE_ZK_ACL: the ACL of every ZooKeeper node the console creates, in every registry;
   * left out (or null), the default of server/registry/zk/zk-acl.ts (Dubbo's: all permissions
   * for the registry's digest credentials, or open when it has none).
   */
  readonly zkAcl?: readonly AclEntry[] | null;
  /** Where the audit trail is kept (on the first registry's ZooKeeper) and how many entries. */
  readonly audit: { readonly path: string; readonly max: number };
  /** Sign-in, sessions and tokens (never logged: it holds the session secret). */
  readonly auth: AuthConfig;
  /** The largest JSON request body read, in bytes (CONSOLE_MAX_BODY_BYTES, default 1 MiB). */
  readonly maxBodyBytes: number;
  /** Test invocations per user: `perSecond` refilled, up to `burst` at once (CONSOLE_INVOKE_RATE `20/40`). */
  readonly invokeRate: { readonly perSecond: number; readonly burst: number };
  /**
   * CONSOLE_DIRECT_URLS: where an invocation `url` that is not a registered provider of the
   * service may go, for a role with `invoke.direct-url` (lib/net/direct-url-allowlist.ts);
   * empty (the default): nowhere but registered providers.
   */
  readonly directUrls?: readonly AllowEntry[];
  /**
   * Route and config-rule changes per user (CONSOLE_WRITE_RATE `60/120`): `perMinute`
   * refilled, up to `burst` at once. Each change writes an audit entry, so this bounds how
   * fast one user can rotate the trail's older entries away (CONSOLE_AUDIT_MAX).
   */
  readonly writeRate: { readonly perMinute: number; readonly burst: number };
  /** The Host names the console answers (CONSOLE_ALLOWED_HOSTS) and the proxies it believes (CONSOLE_TRUSTED_PROXIES). */
  readonly web: WebConfig;
  /**
   * The heartbeat of the console's provider connections (CONSOLE_HEARTBEAT_MS, Dubbo's
   * default 60 s): a heartbeat goes out after this long without reading, and a provider
   * silent for half again as long is shown unreachable (server/observability/provider-health.ts).
   */
  readonly heartbeatMs?: number;
  /** CONSOLE_QOS_PORT: the Dubbo QoS port asked at a provider's host when its URL names none (Dubbo's default 22222). */
  readonly qosPort?: number;
  /** Live metrics: PROMETHEUS_URL, CONSOLE_PROMETHEUS_RATE_WINDOW, CONSOLE_METRICS_SCRAPE_MS (metrics-config.ts). */
  readonly metrics?: MetricsConfig;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_INVOKE_RATE = { perSecond: 20, burst: 40 } as const;
export const DEFAULT_WRITE_RATE = { perMinute: 60, burst: 120 } as const;

export const DEFAULT_REGISTRY = "zookeeper://127.0.0.1:2181";
export const DEFAULT_PORT = 3000;
/** The cache folder, under the user's home, when DUBBO_CONSOLE_CACHE_DIR is not set. */
export const DEFAULT_CACHE_SUBDIR = ".dubbo-console/cache";
const CACHE_DIR_VAR = "DUBBO_CONSOLE_CACHE_DIR";
/** The audit trail's ZooKeeper path when CONSOLE_AUDIT_PATH is not set. */
export const DEFAULT_AUDIT_PATH = "/dubbo-console/audit";
/** How many audit entries are kept when CONSOLE_AUDIT_MAX is not set. */
export const DEFAULT_AUDIT_MAX = 10_000;

const portSchema = z.coerce
  .number({ error: "not a number" })
  .int("not a whole number")
  .min(1, "below 1")
  .max(65535, "above 65535");

/**
 * Parses the environment. Throws a {@link ConfigError} whose one-line message names the
 * variable and the bad part, e.g. `invalid DUBBO_REGISTRY: "zk://a": unsupported ...`.
 */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): ConsoleConfig {
  const registry = env.DUBBO_REGISTRY?.trim() || DEFAULT_REGISTRY;
  let registries: RegistryAddress[];
  try {
    registries = parseRegistryAddresses(registry);
  } catch (e) {
    if (e instanceof ConsoleError) throw new ConfigError("DUBBO_REGISTRY", e.message);
    throw e;
  }
  const portText = env.PORT?.trim() || String(DEFAULT_PORT);
  const port = portSchema.safeParse(portText);
  if (!port.success) throw new ConfigError("PORT", `"${portText}" is ${port.error.issues[0]?.message ?? "invalid"}`);
  const logLevel = env.LOG_LEVEL?.trim() || "info";
  if (!isLevel(logLevel)) throw new ConfigError("LOG_LEVEL", `"${logLevel}" is not one of debug, info, warn, error`);
  return {
    registries,
    port: port.data,
    logLevel,
    cacheDir: parseCacheDir(env),
    auth: parseAuthConfig(env),
    maxBodyBytes: parseMaxBodyBytes(env.CONSOLE_MAX_BODY_BYTES),
    invokeRate: parseInvokeRate(env.CONSOLE_INVOKE_RATE),
    writeRate: parseWriteRate(env.CONSOLE_WRITE_RATE),
    zkAcl: parseZkAcl(env, registries),
    audit: parseAudit(env),
    directUrls: parseDirectUrls(env.CONSOLE_DIRECT_URLS),
    web: parseWebConfig(env),
    heartbeatMs: parseHeartbeatMs(env.CONSOLE_HEARTBEAT_MS),
    qosPort: parseQosPort(env.CONSOLE_QOS_PORT),
    metrics: parseMetricsConfig(env),
  };
}

/** CONSOLE_HEARTBEAT_MS: whole ms from 500 to 600000; unset: Dubbo's 60000. */
export function parseHeartbeatMs(raw: string | undefined): number {
  const text = raw?.trim();
  if (!text) return DEFAULT_HEARTBEAT_MS;
  const n = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < 500 || n > 600_000) throw new ConfigError("CONSOLE_HEARTBEAT_MS", `"${text}" is not a whole number of ms from 500 to 600000`);
  return n;
}

/** CONSOLE_QOS_PORT: a port from 1 to 65535; unset: Dubbo's 22222. */
export function parseQosPort(raw: string | undefined): number {
  const text = raw?.trim();
  if (!text) return DEFAULT_QOS_PORT;
  const n = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 65_535) throw new ConfigError("CONSOLE_QOS_PORT", `"${text}" is not a port from 1 to 65535`);
  return n;
}

const ACL_VAR = "CONSOLE_ZK_ACL";

/**
 * CONSOLE_ZK_ACL: unset or empty means the default; otherwise a comma list of
 * `scheme:id:perms` entries (zk-acl-spec.ts). `auth::perms` stands for the console's own
 * credentials, so every registry must have some.
 */
function parseZkAcl(env: Readonly<Record<string, string | undefined>>, registries: readonly RegistryAddress[]): AclEntry[] | null {
  const value = env[ACL_VAR]?.trim();
  if (!value) return null;
  let entries: AclEntry[];
  try {
    entries = parseAclSpec(value);
  } catch (e) {
    if (e instanceof ConsoleError) throw new ConfigError(ACL_VAR, e.message);
    throw e;
  }
  const bare = registries.find((r) => !r.auth);
  if (bare && entries.some((e) => e.scheme === "auth")) {
    throw new ConfigError(ACL_VAR, `"auth::" means the console's own credentials, but registry "${bare.source}" has none (give user:password@ in DUBBO_REGISTRY)`);
  }
  return entries;
}

/** CONSOLE_DIRECT_URLS: comma- or space-separated `HOST:PORT` / `HOST:FROM-TO` entries; unset or empty: none. */
function parseDirectUrls(raw: string | undefined): AllowEntry[] {
  try {
    return parseDirectUrlAllowlist(raw ?? "");
  } catch (e) {
    throw new ConfigError("CONSOLE_DIRECT_URLS", e instanceof Error ? e.message : String(e));
  }
}

/** CONSOLE_MAX_BODY_BYTES: a whole number of bytes from 1 KiB to 64 MiB. */
export function parseMaxBodyBytes(raw: string | undefined): number {
  const text = raw?.trim();
  if (!text) return DEFAULT_MAX_BODY_BYTES;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1024 || n > 64 * 1024 * 1024) throw new ConfigError("CONSOLE_MAX_BODY_BYTES", `"${text}" is not a whole number of bytes from 1024 to 67108864`);
  return n;
}

/** CONSOLE_INVOKE_RATE: `PER_SECOND` or `PER_SECOND/BURST` (burst defaults to twice the rate). */
function parseInvokeRate(raw: string | undefined): { perSecond: number; burst: number } {
  const text = raw?.trim();
  if (!text) return DEFAULT_INVOKE_RATE;
  const m = /^(\d{1,6})(?:\/(\d{1,6}))?$/.exec(text);
  const perSecond = Number(m?.[1]);
  const burst = m?.[2] === undefined ? perSecond * 2 : Number(m[2]);
  if (!m || perSecond < 1 || burst < 1) throw new ConfigError("CONSOLE_INVOKE_RATE", `"${text}" is not RATE or RATE/BURST (whole numbers from 1, e.g. 20/40)`);
  return { perSecond, burst };
}

/** CONSOLE_WRITE_RATE: `PER_MINUTE` or `PER_MINUTE/BURST` (burst defaults to the rate). */
function parseWriteRate(raw: string | undefined): { perMinute: number; burst: number } {
  const text = raw?.trim();
  if (!text) return DEFAULT_WRITE_RATE;
  const m = /^(\d{1,6})(?:\/(\d{1,6}))?$/.exec(text);
  const perMinute = Number(m?.[1]);
  const burst = m?.[2] === undefined ? perMinute : Number(m[2]);
  if (!m || perMinute < 1 || burst < 1) throw new ConfigError("CONSOLE_WRITE_RATE", `"${text}" is not PER_MINUTE or PER_MINUTE/BURST (whole numbers from 1, e.g. 60/120)`);
  return { perMinute, burst };
}

/**
 * DUBBO_CONSOLE_CACHE_DIR: unset means `$HOME/.dubbo-console/cache` (off when the
 * environment has no HOME, so there is no per-user folder); `off` or empty turns the
 * cache off; otherwise an absolute path, or one starting with `~/`.
 */
// Paths are joined as strings, not with path.join: Next's file tracing treats a join of
// run-time values as a file access and would trace the whole project into the build.
function parseCacheDir(env: Readonly<Record<string, string | undefined>>): string | null {
  const home = env.HOME?.trim() || null;
  const raw = env[CACHE_DIR_VAR];
  if (raw === undefined) return home === null ? null : normalize(`${home}/${DEFAULT_CACHE_SUBDIR}`);
  const value = raw.trim();
  if (value === "" || value.toLowerCase() === "off") return null;
  if (value.includes("\0")) throw new ConfigError(CACHE_DIR_VAR, "the path contains a NUL character");
  if (value === "~" || value.startsWith("~/")) {
    if (home === null) throw new ConfigError(CACHE_DIR_VAR, `"${value}" starts with ~ but HOME is not set`);
    return normalize(`${home}/${value.slice(1)}`);
  }
  if (!isAbsolute(value)) throw new ConfigError(CACHE_DIR_VAR, `"${value}" is not an absolute path (give an absolute folder, or "off")`);
  return normalize(value);
}

/** CONSOLE_AUDIT_PATH (an absolute ZooKeeper path, not the root) and CONSOLE_AUDIT_MAX (a whole number from 1 to 1,000,000). */
function parseAudit(env: Readonly<Record<string, string | undefined>>): ConsoleConfig["audit"] {
  const path = env.CONSOLE_AUDIT_PATH?.trim() || DEFAULT_AUDIT_PATH;
  if (!/^(\/[^/\0\s]+)+$/.test(path) || path.split("/").some((p) => p === "." || p === "..")) {
    throw new ConfigError("CONSOLE_AUDIT_PATH", `"${path}" is not an absolute ZooKeeper path below the root, such as ${DEFAULT_AUDIT_PATH}`);
  }
  const maxText = env.CONSOLE_AUDIT_MAX?.trim() || String(DEFAULT_AUDIT_MAX);
  const max = /^\d+$/.test(maxText) ? Number(maxText) : Number.NaN;
  if (!Number.isSafeInteger(max) || max < 1 || max > 1_000_000) throw new ConfigError("CONSOLE_AUDIT_MAX", `"${maxText}" is not a whole number from 1 to 1000000`);
  return { path, max };
}
