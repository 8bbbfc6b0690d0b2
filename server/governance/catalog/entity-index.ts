import type { ProviderSourceName } from "@/lib/api/catalog-entities";
import type { ServiceEntry } from "./service-entry";

export type Role = "provider" | "consumer";

/** Adds `by` to `key`'s count, dropping the key at zero. */
function bump<K>(counts: Map<K, number>, key: K, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

/**
 * One instance: an application's provider at one `host:port`, or its consumer at one
 * address, in one registry, with the services it serves or consumes there (URL counts).
 */
export class InstanceTally {
  readonly services = new Map<string, number>();
  /** URLs seen at each level; counters rather than a map, there being three levels. */
  private readonly levels = { interface: 0, instance: 0, both: 0 };
  /** Release → URLs; an instance nearly always has one release, so that one is kept apart. */
  private firstRelease: string | null = null;
  private firstReleaseCount = 0;
  private otherReleases: Map<string, number> | null = null;

  constructor(
    readonly role: Role,
    readonly registry: string,
    readonly application: string,
    readonly address: string,
    readonly host: string,
  ) {}

  count(key: string, source: ProviderSourceName, release: string, by: 1 | -1): void {
    bump(this.services, key, by);
    this.levels[source] += by;
    if (this.firstRelease === null || this.firstRelease === release) {
      this.firstRelease = release;
      this.firstReleaseCount += by;
      if (this.firstReleaseCount === 0) this.firstRelease = null;
    } else {
      bump((this.otherReleases ??= new Map()), release, by);
    }
  }

  /** `both` when seen at both levels; otherwise the one level it was seen at. */
  get source(): ProviderSourceName {
    const { interface: atInterface, instance: atInstance, both } = this.levels;
    if (both > 0 || (atInterface > 0 && atInstance > 0)) return "both";
    return atInstance > 0 ? "instance" : "interface";
  }

  /** Every release its URLs name, without "". */
  get releases(): string[] {
    const all = [...(this.otherReleases?.keys() ?? [])];
    if (this.firstRelease !== null) all.push(this.firstRelease);
    return all.filter((r) => r !== "");
  }

  /** The instance's Dubbo release; the first in order when its URLs disagree, "" when none says. */
  get release(): string {
    return this.releases.sort()[0] ?? "";
  }
}

/** An application's instances, and the services it provides and consumes, with URL counts. */
export class ApplicationBucket {
  readonly provides = new Map<string, number>();
  readonly consumes = new Map<string, number>();
  readonly instances = new Map<InstanceTally, number>();
  /** Bumped on every change, so derived answers can be cached against it. */
  version = 0;

  constructor(
    /** The name in lower case, for searches. */
    readonly lower: string,
  ) {}
}

/** The instances at one address (an address holds few). */
export class AddressBucket {
  readonly instances: InstanceTally[] = [];

  constructor(
    /** The address in lower case, for searches. */
    readonly lower: string,
  ) {}
}

/**
 * The catalog's indexes by application and by address (a provider's `host:port`, a
 * consumer's address as registered), and which addresses each host has, over one set of
 * instance tallies. Kept by adding and removing whole service entries: replacing one
 * service's entry costs work proportional to that service's URLs.
 *
 * An address holds few instances, so what it provides and consumes is read from its
 * instances' tallies when asked; and an instance is found among its address's few rather
 * than by a key built for every URL: a first build counts every URL of the registry.
 */
export class EntityIndex {
  readonly applications = new Map<string, ApplicationBucket>();
  readonly addresses = new Map<string, AddressBucket>();
  /** Host → the addresses registered on it (`host:port`s, and the host itself for a consumer without a port). */
  readonly hostAddresses = new Map<string, string[]>();
  /** Bumped when an application appears or disappears. */
  applicationsVersion = 0;
  /** Bumped when an address appears or disappears (a search's joined text of addresses is kept against it). */
  addressesVersion = 0;

  add(entry: ServiceEntry): void {
    this.applyEntry(entry, 1);
  }

  remove(entry: ServiceEntry): void {
    this.applyEntry(entry, -1);
  }

  /** Every instance, of every address. */
  *instances(): IterableIterator<InstanceTally> {
    for (const bucket of this.addresses.values()) yield* bucket.instances;
  }

  /** Whether a provider is registered at `address` (`host:port`): a look-up among that address's few instances. */
  hasProviderAt(address: string): boolean {
    return this.addresses.get(address)?.instances.some((t) => t.role === "provider") ?? false;
  }

  /** The buckets of the addresses on `host`; empty when nothing is registered there. */
  bucketsOfHost(host: string): AddressBucket[] {
    return (this.hostAddresses.get(host) ?? []).flatMap((a) => this.addresses.get(a) ?? []);
  }

  private applyEntry(entry: ServiceEntry, by: 1 | -1): void {
    for (const p of entry.providers) this.apply(entry.key, "provider", p.registry, p.application, p.address, p.url.host, p.source, p.release, by);
    for (const c of entry.consumers) this.apply(entry.key, "consumer", c.registry, c.application, c.address, c.url.host, "interface", c.release, by);
  }

  private apply(key: string, role: Role, registry: string, application: string, address: string, host: string, source: ProviderSourceName, release: string, by: 1 | -1): void {
    const at = this.addressBucket(address, host, by);
    if (!at) return;
    let tally = at.instances.find((t) => t.role === role && t.application === application && t.registry === registry);
    if (!tally) {
      if (by < 0) return;
      at.instances.push((tally = new InstanceTally(role, registry, application, address, host)));
    }
    tally.count(key, source, release, by);
    // A URL without an application is still at its address, but names no application.
    if (application !== "") this.countApplication(application, key, role, tally, by);
    if (tally.services.size > 0) return;
    at.instances.splice(at.instances.indexOf(tally), 1);
    if (at.instances.length === 0) this.dropAddress(address, host);
  }

  private addressBucket(address: string, host: string, by: 1 | -1): AddressBucket | undefined {
    let bucket = this.addresses.get(address);
    if (!bucket && by > 0) {
      this.addresses.set(address, (bucket = new AddressBucket(address.toLowerCase())));
      this.addressesVersion++;
      const onHost = this.hostAddresses.get(host);
      if (onHost) onHost.push(address);
      else this.hostAddresses.set(host, [address]);
    }
    return bucket;
  }

  private dropAddress(address: string, host: string): void {
    this.addresses.delete(address);
    this.addressesVersion++;
    const rest = (this.hostAddresses.get(host) ?? []).filter((a) => a !== address);
    if (rest.length > 0) this.hostAddresses.set(host, rest);
    else this.hostAddresses.delete(host);
  }

  private countApplication(name: string, key: string, role: Role, tally: InstanceTally, by: 1 | -1): void {
    let bucket = this.applications.get(name);
    if (!bucket) {
      if (by < 0) return;
      this.applications.set(name, (bucket = new ApplicationBucket(name.toLowerCase())));
      this.applicationsVersion++;
    }
    bucket.version++;
    bump(role === "provider" ? bucket.provides : bucket.consumes, key, by);
    bump(bucket.instances, tally, by);
    if (bucket.instances.size > 0) return;
    this.applications.delete(name);
    this.applicationsVersion++;
  }
}
