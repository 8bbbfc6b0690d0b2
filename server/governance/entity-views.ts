import type { AddressDetail, ApplicationDetail, ApplicationSummary } from "@/lib/api/catalog-entities";
import type { Bucket, InstanceTally } from "./entity-index";
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

/** Providers first, then by address, application, registry. */
function instances(bucket: Bucket): Instance[] {
  return [...bucket.instances.values()]
    .map(instance)
    .sort((a, b) => byText(a.role, b.role) * -1 || byText(a.address, b.address) || byText(a.application, b.application) || byText(a.registry, b.registry));
}

const summaries = new WeakMap<Bucket, { version: number; summary: ApplicationSummary }>();

/**
 * One application as GET /api/v1/applications lists it. Cached against the bucket's
 * version, so a list request does not recount applications that did not change.
 */
export function applicationSummary(name: string, bucket: Bucket): ApplicationSummary {
  const cached = summaries.get(bucket);
  if (cached?.version === bucket.version) return cached.summary;
  const places = new Set<string>();
  const releases = new Set<string>();
  for (const t of bucket.instances.values()) {
    places.add(`${t.role} ${t.address}`);
    for (const r of t.releases.keys()) if (r !== "") releases.add(r);
  }
  const summary = { name, provides: bucket.provides.size, consumes: bucket.consumes.size, instances: places.size, releases: [...releases].sort(byText) };
  summaries.set(bucket, { version: bucket.version, summary });
  return summary;
}

export function applicationDetail(name: string, bucket: Bucket, entries: ReadonlyMap<string, ServiceEntry>): Omit<ApplicationDetail, "stale"> {
  return { name, provides: serviceRefs(bucket.provides, entries), consumes: serviceRefs(bucket.consumes, entries), instances: instances(bucket) };
}

export function addressDetail(value: string, bucket: Bucket, entries: ReadonlyMap<string, ServiceEntry>): Omit<AddressDetail, "stale"> {
  return {
    value,
    provides: serviceRefs(bucket.provides, entries),
    consumes: serviceRefs(bucket.consumes, entries),
    applications: [...bucket.applications.keys()].filter((a) => a !== "").sort(byText),
    instances: instances(bucket),
  };
}
