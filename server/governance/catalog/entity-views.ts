import type { AddressDetail, ApplicationDetail, ApplicationSummary } from "@/lib/api/catalog-entities";
import type { AddressBucket, ApplicationBucket, InstanceTally } from "./entity-index";
import type { ServiceEntry } from "./service-entry";
import { compareIds } from "./sorted-services";

type ServiceRef = ApplicationDetail["provides"][number];
type Instance = ApplicationDetail["instances"][number];

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The services of `counts` (key → URLs) that the catalog lists, in list order. */
function serviceRefs(counts: ReadonlyMap<string, number>, entries: ReadonlyMap<string, ServiceEntry>): ServiceRef[] {
  const refs: { entry: ServiceEntry; count: number }[] = [];
  for (const [key, count] of counts) {
    const entry = entries.get(key);
    if (entry) refs.push({ entry, count });
  }
  return refs
    .sort((a, b) => compareIds(a.entry.id, b.entry.id))
    .map(({ entry, count }) => ({ key: entry.key, interface: entry.id.interface, group: entry.id.group, version: entry.id.version, count }));
}

function instance(t: InstanceTally): Instance {
  return {
    address: t.address,
    host: t.host,
    role: t.role,
    application: t.application,
    release: t.release,
    source: t.source,
    registry: t.registry,
    services: [...t.services.keys()].sort(byText),
  };
}

/** `tallies` as instances, providers first, then by address, application, registry. */
function instances(tallies: Iterable<InstanceTally>): Instance[] {
  return [...tallies].map(instance).sort((a, b) => byText(b.role, a.role) || byText(a.address, b.address) || byText(a.application, b.application) || byText(a.registry, b.registry));
}

const summaries = new WeakMap<ApplicationBucket, { version: number; summary: ApplicationSummary }>();

/**
 * One application as GET /api/v1/applications lists it. Cached against the bucket's
 * version, so a list request does not recount applications that did not change.
 */
export function applicationSummary(name: string, bucket: ApplicationBucket): ApplicationSummary {
  const cached = summaries.get(bucket);
  if (cached?.version === bucket.version) return cached.summary;
  const places = new Set<string>();
  const releases = new Set<string>();
  for (const t of bucket.instances.keys()) {
    places.add(`${t.role} ${t.address}`);
    for (const r of t.releases) releases.add(r);
  }
  const summary = { name, provides: bucket.provides.size, consumes: bucket.consumes.size, instances: places.size, releases: [...releases].sort(byText) };
  summaries.set(bucket, { version: bucket.version, summary });
  return summary;
}

export function applicationDetail(name: string, bucket: ApplicationBucket, entries: ReadonlyMap<string, ServiceEntry>): Omit<ApplicationDetail, "stale"> {
  return { name, provides: serviceRefs(bucket.provides, entries), consumes: serviceRefs(bucket.consumes, entries), instances: instances(bucket.instances.keys()) };
}

/** What is registered at `value`: one address's bucket, or every address on a host together; read from their instances. */
export function addressDetail(value: string, buckets: readonly AddressBucket[], entries: ReadonlyMap<string, ServiceEntry>): Omit<AddressDetail, "stale"> {
  const provides = new Map<string, number>();
  const consumes = new Map<string, number>();
  const applications = new Set<string>();
  const tallies: InstanceTally[] = [];
  for (const bucket of buckets) {
    for (const t of bucket.instances) {
      tallies.push(t);
      if (t.application !== "") applications.add(t.application);
      const counts = t.role === "provider" ? provides : consumes;
      for (const [key, n] of t.services) counts.set(key, (counts.get(key) ?? 0) + n);
    }
  }
  return {
    value,
    provides: serviceRefs(provides, entries),
    consumes: serviceRefs(consumes, entries),
    applications: [...applications].sort(byText),
    instances: instances(tallies),
  };
}
