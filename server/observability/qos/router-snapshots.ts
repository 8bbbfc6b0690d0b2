import type { ConsumerSnapshot, RouterSnapshotsResponse } from "@/lib/api/router-snapshots";
import { parseRouterSnapshots, type RouterSnapshotEntry } from "@/lib/dubbo/qos/router-snapshot-text";
import { serviceKey } from "@/lib/dubbo/service-key";
import { TokenBuckets } from "@/server/auth/rate-limits";
import { NotFoundError } from "@/server/errors/request-errors";
import type { ConsumerRecord, ServiceEntry } from "../../governance/catalog/service-entry";
import { QosError, type QosEndpoint, qosCommand } from "./qos-client";
import { DEFAULT_QOS_PORT, qosPlaceOf } from "./qos-service";

/** Recording is turned off again this long after the last ask for a consumer and service. */
export const RECORDING_MS = 60_000;
/** Asks per user (a burst of 10, then 2 a second); each ask sends one or two commands to every consumer of the service. */
const PER_USER = { perSecond: 2, burst: 10 };
/** At most this many consumers of one service are asked (the rest are listed unasked). */
const MAX_ASKED = 20;

/** The providers the console predicts a consumer's chain leaves it, or why it cannot say. */
export type Prediction = { readonly total: number; readonly addresses: readonly string[]; readonly truncated: boolean } | { readonly problem: string };

export interface RouterSnapshotOptions {
  readonly port?: number;
  readonly timeoutMs?: number;
}

/**
 * Router snapshots of a service's Dubbo 3 consumers through their QoS (issue 18): turns
 * recording on for that service (`enableRouterSnapshot`, with its key quoted so it names that
 * service only), reads `getRecentRouterSnapshot`, takes the latest call of the service, and
 * sets it beside the prediction. Recording costs the consumer a little on every call, so it
 * is turned off again {@link RECORDING_MS} after the last ask.
 */
export class RouterSnapshotService {
  private readonly recording = new Map<string, { endpoint: QosEndpoint; service: string; timer: ReturnType<typeof setTimeout> }>();
  private readonly perUser = new TokenBuckets("router snapshot asks", PER_USER.perSecond, PER_USER.burst);

  constructor(
    private readonly catalog: { entry(key: string): ServiceEntry | undefined },
    private readonly predict: (entry: ServiceEntry, consumer: ConsumerRecord) => Prediction,
    private readonly options: RouterSnapshotOptions = {},
  ) {}

  /** @throws NotFoundError for a service not registered. */
  async snapshots(id: { interface: string; group: string; version: string }, user: string): Promise<RouterSnapshotsResponse> {
    const key = serviceKey(id);
    const entry = this.catalog.entry(key);
    if (entry === undefined) throw new NotFoundError(`no service ${JSON.stringify(key)} is registered; GET /api/v1/services lists them`, { key });
    this.perUser.take(user);
    const consumers = entry.consumers.slice(0, MAX_ASKED);
    const answers = await Promise.all(consumers.map((c) => this.ask(entry, c)));
    const unasked = entry.consumers.slice(MAX_ASKED).map((c): ConsumerSnapshot => ({ ...who(c), qos: null, state: "unreachable", reason: `not asked: only the first ${MAX_ASKED} consumers of a service are`, snapshot: null, predicted: null }));
    return { service: key, consumers: [...answers, ...unasked], recordingMs: RECORDING_MS };
  }

  /** Turns recording off everywhere the console turned it on (the engine is closing). */
  async close(): Promise<void> {
    const on = [...this.recording.entries()];
    this.recording.clear();
    await Promise.all(on.map(async ([, r]) => (clearTimeout(r.timer), this.stop(r.endpoint, r.service))));
  }

  private async ask(entry: ServiceEntry, consumer: ConsumerRecord): Promise<ConsumerSnapshot> {
    const base = who(consumer);
    if (!consumer.release.startsWith("3.")) return { ...base, qos: null, state: "unsupported", reason: `Dubbo ${consumer.release || "of unknown release"} has no router snapshot (Dubbo 3 only)`, snapshot: null, predicted: null };
    const place = qosPlaceOf(consumer.address, [consumer.url], this.options.port ?? DEFAULT_QOS_PORT, `the consumer at ${consumer.address}`);
    const prediction = this.predict(entry, consumer);
    const predicted = "problem" in prediction ? null : { total: prediction.total, addresses: [...prediction.addresses], truncated: prediction.truncated };
    if (place.qos === null) return { ...base, qos: null, state: "unreachable", reason: place.off!, snapshot: null, predicted };
    const qos = `${place.qos.host}:${place.qos.port}`;
    try {
      await this.record(place.qos, entry.key);
      const latest = latestOf(await qosCommand(place.qos, "getRecentRouterSnapshot", [], this.timeouts()), entry.key);
      if (latest === null) return { ...base, qos, state: "collecting", reason: "recording is on; no call of this service was recorded since: ask again after the consumer's next call", snapshot: null, predicted };
      const snapshot = { at: latest.at, providers: { total: latest.output, addresses: [...latest.addresses], truncated: latest.truncated }, routers: latest.routers.map((r) => ({ name: r.name, input: r.input, output: r.chainOutput, message: r.message })) };
      if (predicted === null) return { ...base, qos, state: "collecting", reason: `the console cannot predict this consumer's providers: ${(prediction as { problem: string }).problem}`, snapshot, predicted };
      const agrees = agreesWith(latest, predicted);
      return { ...base, qos, state: agrees ? "agrees" : "differs", reason: agrees ? null : differenceInWords(latest, predicted), snapshot, predicted };
    } catch (e) {
      if (!(e instanceof QosError)) throw e;
      return { ...base, qos, state: "unreachable", reason: e.message, snapshot: null, predicted };
    }
  }

  /** Turns recording on for `service` at `endpoint` unless the console already did; (re)arms its turning off. */
  private async record(endpoint: QosEndpoint, service: string): Promise<void> {
    const id = `${endpoint.host}:${endpoint.port}|${service}`;
    const held = this.recording.get(id);
    if (held) clearTimeout(held.timer);
    else {
      const answer = (await qosCommand(endpoint, "enableRouterSnapshot", [quoted(service)], this.timeouts())).trim();
      if (!/^OK\b/.test(answer)) throw new QosError(endpoint, "failed", `enableRouterSnapshot answered ${JSON.stringify(answer.slice(0, 200))}`);
    }
    const timer = setTimeout(() => {
      this.recording.delete(id);
      void this.stop(endpoint, service);
    }, RECORDING_MS);
    timer.unref?.();
    this.recording.set(id, { endpoint, service, timer });
  }

  private async stop(endpoint: QosEndpoint, service: string): Promise<void> {
    await qosCommand(endpoint, "disableRouterSnapshot", [quoted(service)], this.timeouts()).catch(() => undefined);
  }

  private timeouts() {
    return this.options.timeoutMs === undefined ? {} : { timeoutMs: this.options.timeoutMs };
  }
}

/** The latest recorded call of `service` (a consumer may record others the console did not ask for); null when none. */
function latestOf(text: string, service: string): RouterSnapshotEntry | null {
  return parseRouterSnapshots(text).filter((e) => e.service === service).at(-1) ?? null;
}

const who = (c: ConsumerRecord) => ({ application: c.application, address: c.address, release: c.release });

/** A Java regex that matches exactly `text` (QoS matches service keys with String.matches). */
const quoted = (text: string) => `\\Q${text}\\E`;

/** The same count, and the same addresses as far as both list them all. */
export function agreesWith(latest: Pick<RouterSnapshotEntry, "output" | "addresses" | "truncated">, predicted: { total: number; addresses: readonly string[]; truncated: boolean }): boolean {
  if (latest.output !== predicted.total) return false;
  const listed = new Set(predicted.addresses);
  if (!predicted.truncated && !latest.truncated) return latest.addresses.length === listed.size && latest.addresses.every((a) => listed.has(a));
  return predicted.truncated || latest.addresses.every((a) => listed.has(a));
}

function differenceInWords(latest: RouterSnapshotEntry, predicted: { total: number; addresses: readonly string[] }): string {
  const extra = latest.addresses.filter((a) => !predicted.addresses.includes(a));
  const missing = latest.truncated ? [] : predicted.addresses.filter((a) => !latest.addresses.includes(a));
  const parts = [`its latest call's chain left ${latest.output} provider${latest.output === 1 ? "" : "s"}, the console predicts ${predicted.total}`];
  if (extra.length > 0) parts.push(`not predicted: ${extra.join(", ")}`);
  if (missing.length > 0) parts.push(`predicted, not there: ${missing.join(", ")}`);
  return parts.join("; ");
}
