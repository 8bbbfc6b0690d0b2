import type { ProviderSourceName } from "@/lib/api/catalog-entities";
import type { ServiceEntry } from "./service-entry";

export type Role = "provider" | "consumer";

/** One URL of a service, as the application and address indexes count it. */
interface Contribution {
  readonly role: Role;
  readonly registry: string;
  readonly application: string;
  /** `host:port` for a provider; a consumer's as registered (`host`, or `host:port`). */
  readonly address: string;
  readonly host: string;
  readonly source: ProviderSourceName;
  readonly release: string;
}

/** Adds one to `key`'s count. */
function bump<K>(counts: Map<K, number>, key: K, by: 1 | -1): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

/**
 * One instance as the indexes hold it: an application's provider at one address, or its
 * consumer at one host, in one registry, with the services it serves or consumes there.
 */
export class InstanceTally {
  /** Service key → URLs. */
  readonly services = new Map<string, number>();
  readonly sources = new Map<ProviderSourceName, number>();
  readonly releases = new Map<string, number>();

  constructor(
    readonly role: Role,
    readonly registry: string,
    readonly application: string,
    readonly address: string,
    readonly host: string,
  ) {}

  /** `both` when seen at both levels; otherwise the one level it was seen at. */
  get source(): ProviderSourceName {
    if (this.sources.has("both") || (this.sources.has("interface") && this.sources.has("instance"))) return "both";
    return this.sources.has("instance") ? "instance" : "interface";
  }

  /** The instance's Dubbo release; the first in order when its URLs disagree, "" when none says. */
  get release(): string {
    return [...this.releases.keys()].filter((r) => r !== "").sort()[0] ?? "";
  }
}

/**
 * Everything registered under one application, one host, or one `host:port`: the services
 * provided and consumed (with URL counts), the applications, the instances. Counts, not
 * sets, so that removing one service's URLs never disturbs another's.
 */
export class Bucket {
  readonly provides = new Map<string, number>();
  readonly consumes = new Map<string, number>();
  readonly applications = new Map<string, number>();
  readonly instances = new Map<string, InstanceTally>();
  /** Bumped on every change, so derived answers can be cached against it. */
  version = 0;

  get empty(): boolean {
    return this.provides.size === 0 && this.consumes.size === 0;
  }

  apply(key: string, c: Contribution, by: 1 | -1): void {
    this.version++;
    bump(c.role === "provider" ? this.provides : this.consumes, key, by);
    bump(this.applications, c.application, by);
    const id = `${c.role} ${c.registry} ${c.application} ${c.address}`;
    let tally = this.instances.get(id);
    if (!tally) {
      if (by < 0) return;
      this.instances.set(id, (tally = new InstanceTally(c.role, c.registry, c.application, c.address, c.host)));
    }
    bump(tally.services, key, by);
    bump(tally.sources, c.source, by);
    bump(tally.releases, c.release, by);
    if (tally.services.size === 0) this.instances.delete(id);
  }
}

function contributions(entry: ServiceEntry): Contribution[] {
  return [
    ...entry.providers.map((p): Contribution => ({ role: "provider", registry: p.registry, application: p.application, address: p.address, host: p.url.host, source: p.source, release: p.release })),
    ...entry.consumers.map((c): Contribution => ({ role: "consumer", registry: c.registry, application: c.application, address: c.address, host: c.url.host, source: "interface", release: c.release })),
  ];
}

/**
 * The catalog's indexes by application, by host and by `host:port`, kept by adding and
 * removing whole service entries: replacing one service's entry costs work proportional to
 * that service's URLs.
 */
export class EntityIndex {
  readonly applications = new Map<string, Bucket>();
  readonly hosts = new Map<string, Bucket>();
  readonly addresses = new Map<string, Bucket>();
  /** Bumped when an application appears or disappears. */
  applicationsVersion = 0;

  add(entry: ServiceEntry): void {
    for (const c of contributions(entry)) this.apply(entry.key, c, 1);
  }

  remove(entry: ServiceEntry): void {
    for (const c of contributions(entry)) this.apply(entry.key, c, -1);
  }

  clear(): void {
    this.applications.clear();
    this.hosts.clear();
    this.addresses.clear();
    this.applicationsVersion++;
  }

  private apply(key: string, c: Contribution, by: 1 | -1): void {
    // A URL without an application is still at its address, but names no application.
    if (c.application !== "") this.applyTo(this.applications, c.application, key, c, by, true);
    this.applyTo(this.hosts, c.host, key, c, by, false);
    if (c.address !== c.host) this.applyTo(this.addresses, c.address, key, c, by, false);
  }

  private applyTo(buckets: Map<string, Bucket>, name: string, key: string, c: Contribution, by: 1 | -1, isApplication: boolean): void {
    let bucket = buckets.get(name);
    if (!bucket) {
      if (by < 0) return;
      buckets.set(name, (bucket = new Bucket()));
      if (isApplication) this.applicationsVersion++;
    }
    bucket.apply(key, c, by);
    if (bucket.empty) {
      buckets.delete(name);
      if (isApplication) this.applicationsVersion++;
    }
  }
}
