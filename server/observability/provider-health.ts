import type { ProbeResponse, ProviderHealth, ProvidersHealthResponse } from "@/lib/api/provider-health";
import { serviceKey } from "@/lib/dubbo/service-key";
import { isConsoleError, ValidationError } from "@/lib/errors";
import { TokenBuckets } from "@/server/auth/rate-limits";
import { NotFoundError } from "@/server/errors/request-errors";
import type { ConnectionPool } from "@/server/protocol/connection-pool";
import type { ExchangeClient } from "@/server/protocol/exchange-client";
import type { TripleClient, TripleHealth } from "@/server/protocol/triple/triple-client";
import type { ServiceEntry } from "../governance/catalog/service-entry";

/** A provider silent for this many heartbeats is shown unreachable (Java drops the connection at 3). */
export const SILENT_HEARTBEATS = 1.5;
/** A probe's heartbeat, connect included, fails after this long. */
export const PROBE_TIMEOUT_MS = 5_000;
/** Probes per provider address (a burst of 2, then one every 2 s) and per user (10, then 5 a second). */
const PROBES_PER_ADDRESS = { perSecond: 0.5, burst: 2 };
const PROBES_PER_USER = { perSecond: 5, burst: 10 };

type Verdict = Pick<ProviderHealth, "state" | "cause" | "rttMs" | "heartbeatAt" | "lastError" | "since">;

/**
 * What one client says of its provider, from what it already knows (nothing is sent):
 * its connection state, READONLY, the last read, the last heartbeat and failure. `client`
 * undefined: the console holds no connection to it.
 */
export function healthOf(client: Pick<ExchangeClient, "state" | "readOnly" | "health"> | undefined, now: number): Verdict {
  if (client === undefined) return { state: "no-connection", cause: null, rttMs: null, heartbeatAt: null, lastError: null, since: null };
  const { health, state } = client;
  const known = { rttMs: health.lastHeartbeat?.rttMs ?? null, heartbeatAt: health.lastHeartbeat?.at ?? null, lastError: health.lastError };
  switch (state.type) {
    case "idle":
    case "closed":
      return { state: "no-connection", cause: null, since: null, ...known };
    case "connecting":
      return { state: "connecting", cause: null, since: null, ...known };
    case "backoff":
      return { state: "unreachable", cause: `${state.error}; the console tries again in ${Math.max(0, Math.round((state.retryAt - now) / 1000))} s`, since: state.retryAt, ...known };
    case "connected": {
      if (client.readOnly) return { state: "read-only", cause: "the provider announced its shutdown (READONLY): no new calls go to it", since: state.since, ...known };
      const silent = now - Math.max(health.lastReadAt, state.since);
      // A connection made again after a failure proves nothing until the provider answers on it (a stopped process still accepts connections).
      const unanswered = health.lastReadAt <= state.since && health.lastError !== null && health.lastError.at >= (health.lastHeartbeat?.at ?? 0);
      if (unanswered && silent <= SILENT_HEARTBEATS * health.heartbeatMs) {
        return { state: "connecting", cause: `connected again ${Math.round((now - state.since) / 1000)} s ago, nothing answered yet (last failure: ${health.lastError!.message})`, since: state.since, ...known };
      }
      if (silent > SILENT_HEARTBEATS * health.heartbeatMs) {
        return { state: "unreachable", cause: `nothing read for ${Math.round(silent / 1000)} s over an open connection (heartbeat every ${Math.round(health.heartbeatMs / 1000)} s): the process may be stopped or the network cut`, since: Math.max(health.lastReadAt, state.since), ...known };
      }
      return { state: "reachable", cause: null, since: state.since, ...known };
    }
  }
}

/**
 * What one Triple client says of its `tri://` provider, from what it already knows: its
 * session's state, the last PING and failure. `client` undefined: no session was made.
 */
export function tripleHealthOf(client: { health(): TripleHealth } | undefined, now: number): Verdict {
  if (client === undefined) return { state: "no-connection", cause: null, rttMs: null, heartbeatAt: null, lastError: null, since: null };
  const h = client.health();
  const known = { rttMs: h.lastPing?.rttMs ?? null, heartbeatAt: h.lastPing?.at ?? null, lastError: h.lastError };
  switch (h.state) {
    case "connected":
      return { state: "reachable", cause: null, since: h.since, ...known };
    case "connecting":
      return { state: "connecting", cause: null, since: null, ...known };
    case "backoff":
      return { state: "unreachable", cause: `${h.lastError?.message ?? "the connect failed"}; the console tries again in ${Math.max(0, Math.round(((h.since ?? now) - now) / 1000))} s`, since: h.since, ...known };
    default:
      return { state: "no-connection", cause: null, since: null, ...known };
  }
}

/** The Triple sessions the health view reads (the invoke engine's TriplePool). */
export interface TripleSessions {
  peek(address: string): TripleClient | undefined;
  get(address: string): TripleClient;
}

/** What the health view reads of the catalog. */
export interface HealthCatalog {
  entry(key: string): ServiceEntry | undefined;
  address(value: string): { readonly provides: readonly { readonly key: string }[] };
}

/**
 * Provider health from the console's own connections (issue 18): a GET reads the pool
 * (`peek`, never opening one); a probe connects to one registered dubbo provider and sends
 * one heartbeat, rate-limited per address and per user, within {@link PROBE_TIMEOUT_MS}.
 */
export class ProviderHealthService {
  private readonly perAddress = new TokenBuckets("probes of this provider", PROBES_PER_ADDRESS.perSecond, PROBES_PER_ADDRESS.burst);
  private readonly perUser = new TokenBuckets("probes", PROBES_PER_USER.perSecond, PROBES_PER_USER.burst);

  constructor(
    private readonly catalog: HealthCatalog,
    private readonly pool: ConnectionPool,
    private readonly heartbeatMs: number,
    private readonly clock: () => number = Date.now,
    /** The `tri://` providers' sessions; absent: tri providers are shown as another protocol. */
    private readonly triple?: TripleSessions,
  ) {}

  /** Every provider of one service (by address and protocol, as the catalog lists them). @throws NotFoundError for a service not registered. */
  ofService(id: { interface: string; group: string; version: string }): ProvidersHealthResponse {
    const key = serviceKey(id);
    const entry = this.catalog.entry(key);
    if (entry === undefined) throw new NotFoundError(`no service ${JSON.stringify(key)} is registered; GET /api/v1/services lists them`, { key });
    return this.answer(entry.providers.map((p) => ({ address: p.address, protocol: p.url.protocol, application: p.application })));
  }

  /** Whether the console's connection to `address` finds it unreachable now (false with no connection: nothing is known). */
  unreachable(address: string): boolean {
    const client = this.pool.peek(address);
    return client !== undefined && healthOf(client, this.clock()).state === "unreachable";
  }

  /** The providers at one `host:port` (each protocol it serves on there once). @throws NotFoundError when nothing is registered there. */
  ofAddress(address: string): ProvidersHealthResponse {
    return this.answer(this.providersAt(address));
  }

  /** The providers registered at `host:port`, one per protocol served there. @throws NotFoundError when nothing is registered there. */
  private providersAt(address: string): { address: string; protocol: string; application: string }[] {
    const seen = new Map<string, { address: string; protocol: string; application: string }>();
    for (const ref of this.catalog.address(address).provides) {
      for (const p of this.catalog.entry(ref.key)?.providers ?? []) {
        if (p.address === address && !seen.has(p.url.protocol)) seen.set(p.url.protocol, { address, protocol: p.url.protocol, application: p.application });
      }
    }
    return [...seen.values()];
  }

  /**
   * Connects to the registered dubbo provider at `address` (if the console holds no
   * connection) and sends one heartbeat. @throws NotFoundError when no dubbo provider is
   * registered there (no connection is made to anything else), RateLimitedError past the limits.
   */
  async probe(address: string, user: string): Promise<ProbeResponse> {
    let found: { protocol: string; application: string }[] = [];
    try {
      found = this.providersAt(address);
    } catch (e) {
      if (!isConsoleError(e) || e.code !== "not_found") throw e;
    }
    if (found.length === 0) throw new NotFoundError(`no provider is registered at ${address}; the console probes registered providers only`, { address });
    const application = found.find((p) => p.protocol === "dubbo")?.application;
    const triApplication = this.triple ? found.find((p) => p.protocol === "tri")?.application : undefined;
    if (application === undefined && triApplication === undefined) {
      const message = `the provider at ${address} serves ${[...new Set(found.map((p) => p.protocol))].join(", ")}, not dubbo or tri, which the console's connections speak`;
      throw new ValidationError(message, [{ path: "address", message }]);
    }
    this.perUser.take(user);
    this.perAddress.take(address);
    if (application === undefined) return this.probeTriple(address, triApplication!);
    const client = this.pool.get(address);
    let ok = true;
    let error: string | null = null;
    let rttMs: number | null = null;
    const started = performance.now();
    try {
      await client.ping({ timeoutMs: PROBE_TIMEOUT_MS });
      rttMs = Math.round((performance.now() - started) * 100) / 100;
    } catch (e) {
      ok = false;
      error = e instanceof Error ? e.message : String(e);
    }
    return { address, ok, rttMs, error, health: { address, protocol: "dubbo", application, ...healthOf(client, this.clock()) } };
  }

  /** A probe of a `tri://` provider: an HTTP/2 PING on its session (opened if needed). */
  private async probeTriple(address: string, application: string): Promise<ProbeResponse> {
    const client = this.triple!.get(address);
    let ok = true;
    let error: string | null = null;
    let rttMs: number | null = null;
    try {
      rttMs = await client.ping(PROBE_TIMEOUT_MS);
    } catch (e) {
      ok = false;
      error = e instanceof Error ? e.message : String(e);
    }
    return { address, ok, rttMs, error, health: { address, protocol: "tri", application, ...tripleHealthOf(client, this.clock()) } };
  }

  private answer(providers: readonly { address: string; protocol: string; application: string }[]): ProvidersHealthResponse {
    const now = this.clock();
    const seen = new Set<string>();
    const out: ProviderHealth[] = [];
    for (const p of providers) {
      const id = `${p.protocol}://${p.address}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (p.protocol === "tri" && this.triple) {
        out.push({ ...p, ...tripleHealthOf(this.triple.peek(p.address), now) });
        continue;
      }
      if (p.protocol !== "dubbo") {
        out.push({ ...p, state: "not-dubbo", cause: `the console's connections speak dubbo${this.triple ? " and tri" : ""}, not ${p.protocol}`, rttMs: null, heartbeatAt: null, lastError: null, since: null });
        continue;
      }
      out.push({ ...p, ...healthOf(this.pool.peek(p.address), now) });
    }
    return { providers: out, heartbeatMs: this.heartbeatMs };
  }
}
