import type { SearchMode } from "@/lib/api/services-cursor";
import type { AddressBucket, EntityIndex } from "../entity-index";
import { JoinedText } from "./search-text";
import type { SortedServices } from "../sorted-services";

/**
 * Which places of the service list a search selects, in list order, without testing every
 * entry: by service, the joined haystacks of the list are searched at once (search-text.ts);
 * by application or address, the keys found in the index are looked up in a map of each
 * key's place. Both are made once per state of the list (SortedServices.version: a service
 * coming or going; an entry replaced in its place changes neither its haystack nor its place).
 *
 * Found this way, a search costs what it finds, not the size of the registry: at 2,000
 * services, a by-application search tested 2,000 entries against a set of the keys.
 */

interface ListIndex {
  readonly version: number;
  readonly haystacks: JoinedText;
  readonly places: ReadonlyMap<string, number>;
}

const lists = new WeakMap<SortedServices, ListIndex>();
const addressTexts = new WeakMap<EntityIndex, { version: number; text: JoinedText; buckets: AddressBucket[] }>();

function listIndex(services: SortedServices): ListIndex {
  const kept = lists.get(services);
  if (kept?.version === services.version) return kept;
  const all = services.all;
  const places = new Map<string, number>();
  all.forEach((e, i) => places.set(e.key, i));
  const made = { version: services.version, haystacks: new JoinedText(all.map((e) => e.haystack)), places };
  lists.set(services, made);
  return made;
}

/** A lower-case query as the joined texts search it: the needle of a substring, or the global multiline pattern of a glob. */
export function textQuery(q: string): string | RegExp {
  const needle = q.toLowerCase();
  if (!needle.includes("*")) return needle;
  const body = needle
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^\\n]*");
  return new RegExp(`^${body}$`, "gm");
}

/** The places whose haystack (interface, key) matches `q` (textMatcher's rules). */
function byService(services: SortedServices, q: string): number[] {
  const query = textQuery(q);
  const { haystacks } = listIndex(services);
  if (typeof query === "string" && query.includes("\n")) {
    // A needle over two lines could span two entries of the joined text: test each.
    return services.all.flatMap((e, i) => (e.haystack.includes(query) ? [i] : []));
  }
  return typeof query === "string" ? haystacks.find(query) : haystacks.find(query);
}

/** The sorted places of `keys` (those the list holds). */
function placesOf(services: SortedServices, keys: Iterable<string>): number[] {
  const { places } = listIndex(services);
  const found: number[] = [];
  for (const key of keys) {
    const at = places.get(key);
    if (at !== undefined) found.push(at);
  }
  return found.sort((a, b) => a - b);
}

/** The keys provided or consumed by the applications whose lower-case name `matches`. */
function keysOfApplications(index: EntityIndex, matches: (name: string) => boolean): Set<string> {
  const keys = new Set<string>();
  for (const bucket of index.applications.values()) {
    if (!matches(bucket.lower)) continue;
    for (const key of bucket.provides.keys()) keys.add(key);
    for (const key of bucket.consumes.keys()) keys.add(key);
  }
  return keys;
}

function hostOf(address: string): string {
  const colon = address.lastIndexOf(":");
  return colon < 0 ? address : address.slice(0, colon);
}

/** The keys provided or consumed at the addresses matching `q`: a substring through the joined addresses; a glob by address or by its host. */
function keysAtAddresses(index: EntityIndex, q: string, matches: (name: string) => boolean): Set<string> {
  const keys = new Set<string>();
  const add = (bucket: AddressBucket) => {
    for (const t of bucket.instances) for (const key of t.services.keys()) keys.add(key);
  };
  const query = textQuery(q);
  if (typeof query !== "string" || query.includes("\n")) {
    // An address matches by its host too, so that a glob of hosts (`10.*.3`) finds host:ports.
    for (const bucket of index.addresses.values()) if (matches(bucket.lower) || matches(hostOf(bucket.lower))) add(bucket);
    return keys;
  }
  let kept = addressTexts.get(index);
  if (kept?.version !== index.addressesVersion) {
    const buckets = [...index.addresses.values()];
    addressTexts.set(index, (kept = { version: index.addressesVersion, text: new JoinedText(buckets.map((b) => b.lower)), buckets }));
  }
  for (const i of kept.text.find(query)) add(kept.buckets[i]!);
  return keys;
}

/**
 * The places of the list that search `q` by `by` selects, ascending; `matches` is
 * textMatcher(q), for what is still matched name by name (application names, address globs).
 */
export function matchingPlaces(services: SortedServices, index: EntityIndex, q: string, by: SearchMode | undefined, matches: (text: string) => boolean): number[] {
  if (by === "service") return byService(services, q);
  if (by === "address") return placesOf(services, keysAtAddresses(index, q, matches));
  const keyed = placesOf(services, keysOfApplications(index, matches));
  if (by === "application") return keyed;
  // Any: by application, or by service.
  return [...new Set([...keyed, ...byService(services, q)])].sort((a, b) => a - b);
}
