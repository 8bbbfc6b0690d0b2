import { normaliseVersion } from "@/lib/dubbo/metadata-info";
import { parseServiceDefinition, type ServiceDefinition } from "@/lib/dubbo/service-definition";
import { type ServiceId, serviceKey } from "@/lib/dubbo/service-key";
import type { Logger } from "../runtime/logger";
import { Limiter } from "./limiter";
import { WatchedReads } from "./zk/watched-reads";
import type { ZkDataReader } from "./zk/zk-data-reader";

/** A node skipped because its content is malformed, and why. */
export interface InvalidNode {
  readonly path: string;
  readonly reason: string;
}

/** One provider application's definition of one service. */
export interface DefinitionEntry {
  /** The node it was read from. */
  readonly path: string;
  /** The application that reported it (the last path segment). */
  readonly application: string;
  /** From the definition's parameters (the provider URL's at export). */
  readonly service: ServiceId;
  /** `group/interface:version`. */
  readonly key: string;
  readonly definition: ServiceDefinition;
}

/** Every provider definition reported for one interface, across groups, versions and applications. */
export interface InterfaceDefinitions {
  readonly interface: string;
  /** Sorted by key, then application. */
  readonly providers: readonly DefinitionEntry[];
  readonly invalid: readonly InvalidNode[];
}

export type ReportChange = { readonly type: "definitions"; readonly interface: string };

/** ZooKeeper reads in flight at once for the metadata report. */
const READ_CONCURRENCY = 16;
/** Directories between `{interface}` and `provider`: at most `{version}/{group}`. */
const MAX_KEY_DEPTH = 2;

/**
 * The service definitions in the metadata report, read on demand per interface and kept
 * until something under the interface changes. Dubbo 2.7.23 and 3.3.6 both write them at
 * `/{root}/metadata/{interface}[/{version}][/{group}]/provider/{app}` (3.x also drops a
 * segment equal to the one before, PathUtils.buildPath); the reader walks that tree rather
 * than computing one path, so both spellings are found, and takes group and version from
 * the definition's own parameters (a lone segment could be either).
 *
 * Not a full mirror on purpose: definitions are large and needed only for the services an
 * operator opens, or for application-level instances whose MetadataInfo is not published.
 *
 * Invariants:
 * - a cached answer has a watch armed on every node it was read from (and on the creation
 *   of a missing directory); when any fires, the answer is dropped and listeners hear
 *   `{type:"definitions", interface}`;
 * - {@link reset} (a new session) drops every answer; watches of the old session do nothing;
 * - a malformed definition is skipped and listed with its reason in `invalid`, never thrown;
 * - a ZooKeeper failure rejects the promise (RegistryUnavailableError) and caches nothing.
 */
export class MetadataReport {
  private readonly cache = new Map<string, { promise: Promise<InterfaceDefinitions>; value: InterfaceDefinitions | null }>();
  /** Epochs and armed watches; its `track` and sync are not used: reads here run when asked for. */
  private readonly reads: WatchedReads;
  private readonly limiter = new Limiter(READ_CONCURRENCY);
  private readonly listeners = new Set<(change: ReportChange) => void>();

  constructor(
    reader: ZkDataReader,
    /** Dubbo's root, `/dubbo`: the report lives under `{root}/metadata`. */
    readonly root: string,
    log: Logger,
  ) {
    this.reads = new WatchedReads(reader, log, READ_CONCURRENCY, () => undefined);
  }

  /** Forgets everything read; call on each new session. */
  reset(): void {
    this.reads.begin();
    const dropped = [...this.cache.keys()];
    this.cache.clear();
    for (const iface of dropped) this.emit(iface);
  }

  onChange(listener: (change: ReportChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The definitions of `iface`, from the cache or read now. */
  definitions(iface: string): Promise<InterfaceDefinitions> {
    const cached = this.cache.get(iface);
    if (cached) return cached.promise;
    const promise: Promise<InterfaceDefinitions> = this.read(this.reads.epoch, iface).then(
      (value) => {
        const entry = this.cache.get(iface);
        if (entry?.promise === promise) entry.value = value;
        return value;
      },
      (e: unknown) => {
        if (this.cache.get(iface)?.promise === promise) this.cache.delete(iface);
        throw e;
      },
    );
    this.cache.set(iface, { promise, value: null });
    return promise;
  }

  /** The definition `application` reported for service `id`, or undefined. */
  async definition(id: ServiceId, application: string): Promise<DefinitionEntry | undefined> {
    const key = serviceKey(id);
    return (await this.definitions(id.interface)).providers.find((p) => p.key === key && p.application === application);
  }

  /** Malformed definitions among those read and still current. */
  invalidNodes(): InvalidNode[] {
    return [...this.cache.values()].flatMap((e) => e.value?.invalid ?? []);
  }

  private async read(epoch: number, iface: string): Promise<InterfaceDefinitions> {
    const found: DefinitionEntry[] = [];
    const invalid: InvalidNode[] = [];
    await this.walk(epoch, iface, `${this.root}/metadata/${iface}`, 0, found, invalid);
    found.sort((a, b) => a.key.localeCompare(b.key) || a.application.localeCompare(b.application));
    invalid.sort((a, b) => a.path.localeCompare(b.path));
    return { interface: iface, providers: found, invalid };
  }

  private async walk(epoch: number, iface: string, dir: string, depth: number, found: DefinitionEntry[], invalid: InvalidNode[]): Promise<void> {
    const children = await this.children(epoch, iface, dir);
    await Promise.all(
      children.map(async (child) => {
        const path = `${dir}/${child}`;
        if (child === "provider") {
          const apps = await this.children(epoch, iface, path);
          await Promise.all(apps.map((app) => this.leaf(epoch, iface, `${path}/${app}`, app, found, invalid)));
        } else if (child !== "consumer" && depth < MAX_KEY_DEPTH) {
          await this.walk(epoch, iface, path, depth + 1, found, invalid);
        }
      }),
    );
  }

  private async leaf(epoch: number, iface: string, path: string, app: string, found: DefinitionEntry[], invalid: InvalidNode[]): Promise<void> {
    const data = await this.limiter.run(() => this.reads.data(epoch, path, () => this.drop(iface), false));
    if (data === null) return;
    const parsed = parseServiceDefinition(data.toString("utf8"));
    if (!parsed.ok) {
      invalid.push({ path, reason: parsed.reason });
      return;
    }
    const params = parsed.value.parameters;
    const service = { interface: params.interface || iface, group: params.group ?? "", version: normaliseVersion(params.version ?? "") };
    found.push({ path, application: app, service, key: serviceKey(service), definition: parsed.value });
  }

  /** The children of `dir`, watched; `[]` when it does not exist (then its creation is watched). */
  private async children(epoch: number, iface: string, dir: string): Promise<string[]> {
    return (await this.limiter.run(() => this.reads.children(epoch, dir, () => this.drop(iface), true))) ?? [];
  }

  /** Something under `iface` changed: its answer is out of date. */
  private drop(iface: string): void {
    if (this.cache.delete(iface)) this.emit(iface);
  }

  private emit(iface: string): void {
    for (const l of this.listeners) l({ type: "definitions", interface: iface });
  }
}
