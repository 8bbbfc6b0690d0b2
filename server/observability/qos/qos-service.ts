import type { AuditDraft, AuditKind } from "@/lib/api/audit";
import type { QosActionResponse, QosStatus } from "@/lib/api/qos";
import { parseLs } from "@/lib/dubbo/qos/ls-table";
import { type DubboUrl, urlParam } from "@/lib/dubbo/url";
import { isConsoleError, type StrandedConsumer, ValidationError } from "@/lib/errors";
import { TokenBuckets } from "@/server/auth/rate-limits";
import { StrandsConsumersError } from "@/server/errors/governance-errors";
import { NotFoundError } from "@/server/errors/request-errors";
import type { ConsumerRecord, ProviderRecord, ServiceEntry } from "../../governance/catalog/service-entry";
import { QosError, type QosEndpoint, qosCommand } from "./qos-client";

/** The audit kinds QoS actions record. */
export const QOS_AUDIT_KINDS = ["qos.offline", "qos.online"] as const satisfies readonly AuditKind[];

/** Dubbo's QoS port when a process sets none (QosConstants / ApplicationConfig, both releases). */
export const DEFAULT_QOS_PORT = 22222;
/** How long a status answer is kept; an unreachable one longer (said once, not asked again at every page draw). */
const FRESH_MS = 5_000;
const UNREACHABLE_MS = 30_000;
/** QoS commands per process address (a burst of 5, then one a second) and per user (20, then 5 a second). */
const PER_ENDPOINT = { perSecond: 1, burst: 5 };
const PER_USER = { perSecond: 5, burst: 20 };

/** What the QoS view reads of the catalog. */
export interface QosCatalog {
  entry(key: string): ServiceEntry | undefined;
  address(value: string): { readonly provides: readonly { readonly key: string }[] };
}

export interface QosServiceOptions {
  /** CONSOLE_QOS_PORT: the port asked when a provider's URL names none (default 22222). */
  readonly port?: number;
  readonly timeoutMs?: number;
  /** Records offline / online (the audit trail); left out: not recorded. */
  readonly record?: (draft: AuditDraft) => Promise<unknown>;
  readonly clock?: () => number;
}

type Actor = AuditDraft["actor"];

/**
 * Dubbo QoS of registered providers (issue 18): `ls`, `ready` (3.x) and `offline` /
 * `online`, one process at a time, found at the provider's host on its URL's `qos.port` or
 * the console's port (Dubbo does not put qos.* into the URLs it registers, so in practice
 * the console's). Only addresses the registry lists are asked: the console is no port
 * scanner. An offline that leaves registered consumers of a service with no provider is
 * refused (409 `strands_consumers`, naming them) unless allowed.
 */
export class QosService {
  private readonly kept = new Map<string, QosStatus>();
  /** The providers last seen at each address, so a process taken offline can still be asked and brought online again. */
  private readonly seen = new Map<string, Located[]>();
  private readonly perEndpoint = new TokenBuckets("QoS commands to this process", PER_ENDPOINT.perSecond, PER_ENDPOINT.burst);
  private readonly perUser = new TokenBuckets("QoS commands", PER_USER.perSecond, PER_USER.burst);
  private readonly clock: () => number;

  constructor(
    private readonly catalog: QosCatalog,
    private readonly options: QosServiceOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /** The process at provider `address`: its `ls` (and `ready` on 3.x), or why QoS cannot be asked. @throws NotFoundError when no provider is registered there. */
  async status(address: string, user: string): Promise<QosStatus> {
    const providers = this.providersAt(address, true);
    const held = this.kept.get(address);
    const now = this.clock();
    if (held && now - held.checkedAt < (held.reachable ? FRESH_MS : UNREACHABLE_MS)) return held;
    return this.ask(address, providers, user);
  }

  /** `offline` of one service (or all) of the process at `address`: unregistered, still serving whoever holds it. */
  async offline(address: string, service: string | undefined, allowStranding: boolean, actor: Actor): Promise<QosActionResponse> {
    const providers = this.providersAt(address);
    const services = service === undefined ? [...new Set(providers.map((p) => p.key))] : [service];
    if (service !== undefined && !providers.some((p) => p.key === service)) {
      const message = `${service} is not registered at ${address}; it exports ${[...new Set(providers.map((p) => p.key))].join(", ")}`;
      throw new ValidationError(message, [{ path: "service", message }]);
    }
    if (!allowStranding) {
      const stranded = services.flatMap((key) => strandedWithout(this.catalog.entry(key), address));
      if (stranded.length > 0) throw new StrandsConsumersError(stranded);
    }
    return this.act("offline", address, providers, service, services, actor);
  }

  /** `online` of one service (or all) of the process at `address`: registered again. */
  async online(address: string, service: string | undefined, actor: Actor): Promise<QosActionResponse> {
    const providers = this.providersAt(address, true);
    if (service !== undefined && !providers.some((p) => p.key === service)) {
      const message = `${service} was not registered at ${address}; it exported ${[...new Set(providers.map((p) => p.key))].join(", ")}`;
      throw new ValidationError(message, [{ path: "service", message }]);
    }
    return this.act("online", address, providers, service, service === undefined ? [] : [service], actor);
  }

  private async act(action: "offline" | "online", address: string, providers: readonly Located[], service: string | undefined, services: readonly string[], actor: Actor): Promise<QosActionResponse> {
    const endpoint = this.endpointOf(address, providers);
    if (endpoint.qos === null) throw new QosError({ host: hostOf(address), port: endpoint.port }, "unreachable", endpoint.off!);
    const user = `${actor.via}:${actor.name}`;
    this.take(endpoint.qos, user);
    // QoS matches its argument as a Java regex against each service key: quoted, it names exactly one.
    const answer = (await qosCommand(endpoint.qos, action, service === undefined ? [] : [`\\Q${service}\\E`], { timeoutMs: this.options.timeoutMs })).trim();
    this.kept.delete(address);
    const status = await this.ask(address, providers, user, false);
    const named = services.length > 0 ? services : status.provides.map((p) => p.service);
    if (!/^OK\b/i.test(answer)) throw new QosError(endpoint.qos, "failed", `${action} answered ${JSON.stringify(answer.slice(0, 200))}`);
    await this.options.record?.({
      at: this.clock(),
      actor,
      kind: action === "offline" ? QOS_AUDIT_KINDS[0] : QOS_AUDIT_KINDS[1],
      service: named.length === 1 ? named[0]! : address,
      summary: `${action === "offline" ? "took offline (QoS unregister)" : "brought online (QoS register)"} ${service ?? "every service"} of the provider at ${address}`,
      before: null,
      after: { address, services: [...named] },
      outcome: "ok",
    });
    return { address, action, services: [...named], answer, status };
  }

  /** Asks `ls` (and `ready` on 3.x), keeps the answer. */
  private async ask(address: string, providers: readonly Located[], user: string, limited = true): Promise<QosStatus> {
    const endpoint = this.endpointOf(address, providers);
    const base = { address, qos: endpoint.qos === null ? null : `${endpoint.qos.host}:${endpoint.qos.port}`, portFrom: endpoint.portFrom, checkedAt: this.clock() };
    let status: QosStatus;
    if (endpoint.qos === null) {
      status = { ...base, reachable: false, reason: endpoint.off!, provides: [], refers: [], ready: null };
    } else {
      if (limited) this.take(endpoint.qos, user);
      try {
        const table = parseLs(await qosCommand(endpoint.qos, "ls", [], { timeoutMs: this.options.timeoutMs }));
        const ready = providers.some((p) => p.record.release.startsWith("3.")) ? (await qosCommand(endpoint.qos, "ready", [], { timeoutMs: this.options.timeoutMs, answerStatuses: [503] })).trim() === "true" : null;
        status = { ...base, reachable: true, reason: null, provides: [...table.provides], refers: [...table.refers], ready };
      } catch (e) {
        const reason = e instanceof QosError ? e.message : isConsoleError(e) ? e.message : e instanceof Error ? `the answer is not Dubbo QoS: ${e.message}` : String(e);
        status = { ...base, reachable: false, reason, provides: [], refers: [], ready: null };
      }
    }
    this.kept.set(address, status);
    return status;
  }

  private take(endpoint: QosEndpoint, user: string): void {
    this.perUser.take(user);
    this.perEndpoint.take(`${endpoint.host}:${endpoint.port}`);
  }

  /** Where QoS of the process at `address` listens, from its URLs. */
  private endpointOf(address: string, providers: readonly Located[]): QosPlace {
    return qosPlaceOf(hostOf(address), providers.map((p) => p.record.url), this.options.port ?? DEFAULT_QOS_PORT, `the provider at ${address}`);
  }

  /** The provider records at `address`. `remembered`: also the last ones seen (an offline process is no longer listed). @throws NotFoundError when none. */
  private providersAt(address: string, remembered = false): Located[] {
    const out: Located[] = [];
    let refs: readonly { key: string }[] = [];
    try {
      refs = this.catalog.address(address).provides;
    } catch (e) {
      if (!isConsoleError(e) || e.code !== "not_found") throw e;
    }
    for (const ref of refs) {
      for (const record of this.catalog.entry(ref.key)?.providers ?? []) if (record.address === address) out.push({ key: ref.key, record });
    }
    if (out.length > 0) {
      this.seen.set(address, out);
      return out;
    }
    const last = remembered ? this.seen.get(address) : undefined;
    if (last) return last;
    throw new NotFoundError(`no provider is registered at ${address}; the console asks QoS of registered providers only`, { address });
  }

}

/** Where a process's QoS listens: `qos` null (and `off` why) when one of its URLs turns QoS off. */
export interface QosPlace {
  readonly qos: QosEndpoint | null;
  readonly port: number;
  readonly portFrom: "url" | "console";
  readonly off?: string;
}

/** QoS of the process at `host` whose registered URLs are `urls`: their `qos.port`, else `port`; off when a URL says `qos.enable=false`. */
export function qosPlaceOf(host: string, urls: readonly DubboUrl[], port: number, who: string): QosPlace {
  const named = urls.map((u) => urlParam(u, "qos.port")).find((v) => /^\d{1,5}$/.test(v));
  const at = named !== undefined ? Number(named) : port;
  const portFrom = named !== undefined ? "url" : "console";
  if (urls.some((u) => urlParam(u, "qos.enable").toLowerCase() === "false")) return { qos: null, port: at, portFrom, off: `QoS is off in ${who} (its URL says qos.enable=false)` };
  return { qos: { host, port: at }, port: at, portFrom };
}

interface Located {
  readonly key: string;
  readonly record: ProviderRecord;
}

/** The host of `host:port` (brackets of an IPv6 address dropped). */
export const hostOf = (address: string) => address.slice(0, address.lastIndexOf(":")).replace(/^\[|\]$/g, "");

/** The registered consumers of `entry` left with no provider once every provider at `address` is gone. */
export function strandedWithout(entry: ServiceEntry | undefined, address: string): StrandedConsumer[] {
  if (entry === undefined) return [];
  const left = entry.providers.filter((p) => p.address !== address).length;
  if (left > 0 || entry.providers.length === 0) return [];
  const before = entry.providers.length;
  return entry.consumers.map((c: ConsumerRecord) => ({ application: c.application, host: hostOf(c.address.includes(":") ? c.address : `${c.address}:0`), release: c.release, url: decodeURIComponent(c.node), before }));
}
