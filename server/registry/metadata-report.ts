import { normaliseVersion } from "@/lib/dubbo/metadata-info";
import { parseServiceDefinition, type ServiceDefinition } from "@/lib/dubbo/service-definition";
import { type ServiceId, serviceKey } from "@/lib/dubbo/service-key";
import type { Logger } from "../runtime/logger";
import { Limiter } from "./limiter";
import type { ZkDataReader } from "./zk-data-reader";

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
 * - a cached answer has a watch armed on every node it was read from; when any fires, the
 *   answer is dropped and listeners hear `{type:"definitions", interface}`;
 * - {@link reset} (a new session) drops every answer; watches of the old session do nothing;
 * - a malformed definition is skipped and listed with its reason in `invalid`, never thrown;
 * - a ZooKeeper failure rejects the promise (RegistryUnavailableError) and caches nothing.
 */
export class MetadataReport {
  private epoch = 0;
  private readonly cache = new Map<string, { promise: Promise<InterfaceDefinitions>; value: InterfaceDefinitions | null }>();
  /** Armed watches (kind + path) of the current epoch. */
  private readonly armed = new Set<string>();
  private readonly limiter = new Limiter(READ_CONCURRENCY);
  private readonly listeners = new Set<(change: ReportChange) => void>();

  constructor(
    private readonly reader: ZkDataReader,
    /** Dubbo's root, `/dubbo`: the report lives under `{root}/metadata`. */
    readonly root: string,
    private readonly log: Logger,
  ) {}

  /** Forgets everything read; call on each new session. */
  reset(): void {
    this.epoch++;
    this.armed.clear();
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
    const entry: { promise: Promise<InterfaceDefinitions>; value: InterfaceDefinitions | null } = { promise: Promise.resolve(empty(iface)), value: null };
    entry.promise = this.read(this.epoch, iface).then(
      (value) => {
        if (this.cache.get(iface) === entry) entry.value = value;
        return value;
      },
      (e: unknown) => {
        if (this.cache.get(iface) === entry) this.cache.delete(iface);
        throw e;
      },
    );
    this.cache.set(iface, entry);
    return entry.promise;
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
    const data = await this.limiter.run(() => this.reader.getData(path, this.watcher(epoch, iface, `data ${path}`)));
    if (data === null) {
      this.armed.delete(`data ${path}`);
      return;
    }
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
    const children = await this.limiter.run(() => this.reader.getChildren(dir, this.watcher(epoch, iface, `children ${dir}`)));
    if (children !== null) return children;
    this.armed.delete(`children ${dir}`);
    const exists = await this.limiter.run(() => this.reader.exists(dir, this.watcher(epoch, iface, `exists ${dir}`)));
    // Created between the two reads: the exists watch is a data watch now, and will fire on
    // the next change; read again so this answer is not already out of date.
    return exists ? this.children(epoch, iface, dir) : [];
  }

  /** A watcher that drops `iface`'s answer; undefined when `key` is armed already in this epoch. */
  private watcher(epoch: number, iface: string, key: string): (() => void) | undefined {
    if (epoch !== this.epoch || this.armed.has(key)) return undefined;
    this.armed.add(key);
    return () => {
      if (epoch !== this.epoch) return;
      this.armed.delete(key);
      this.log.debug("metadata report watch fired", { watch: key });
      if (this.cache.delete(iface)) this.emit(iface);
    };
  }

  private emit(iface: string): void {
    for (const l of this.listeners) l({ type: "definitions", interface: iface });
  }
}

function empty(iface: string): InterfaceDefinitions {
  return { interface: iface, providers: [], invalid: [] };
}
