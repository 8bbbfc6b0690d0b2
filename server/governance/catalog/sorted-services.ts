import type { ServiceId } from "@/lib/dubbo/service-key";
import type { ServiceEntry } from "./service-entry";

/** The collation of `localeCompare` without arguments, made once (a Collator is much faster than a fresh comparison each time). */
const collator = new Intl.Collator();

/**
 * The order the API lists services in: interface, group, version (as compareServiceIds in
 * lib/dubbo/service-key.ts), then code units, so that two different services never compare
 * equal.
 */
export function compareIds(a: ServiceId, b: ServiceId): number {
  return (
    collator.compare(a.interface, b.interface) ||
    collator.compare(a.group, b.group) ||
    collator.compare(a.version, b.version) ||
    byCodeUnits(a.interface, b.interface) ||
    byCodeUnits(a.group, b.group) ||
    byCodeUnits(a.version, b.version)
  );
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every service entry, kept in list order as services come and go, so that a search never
 * sorts: one change costs a binary search and an array splice.
 */
export class SortedServices {
  private items: ServiceEntry[] = [];
  /** Bumped whenever a service comes or goes (not when one's entry is replaced in its place), so indexes of positions can be kept against it. */
  version = 0;

  get size(): number {
    return this.items.length;
  }

  /** In list order. Do not hold on to it across changes. */
  get all(): readonly ServiceEntry[] {
    return this.items;
  }

  /** Replaces everything with `entries`, sorted once. */
  reset(entries: Iterable<ServiceEntry>): void {
    this.items = [...entries].sort((a, b) => compareIds(a.id, b.id));
    this.version++;
  }

  /** Puts `entry` in its place, replacing the entry of the same service. */
  upsert(entry: ServiceEntry): void {
    const at = this.lowerBound(entry.id);
    const here = this.items[at];
    if (here && compareIds(here.id, entry.id) === 0) this.items[at] = entry;
    else {
      this.items.splice(at, 0, entry);
      this.version++;
    }
  }

  remove(id: ServiceId): void {
    const at = this.lowerBound(id);
    const here = this.items[at];
    if (here && compareIds(here.id, id) === 0) {
      this.items.splice(at, 1);
      this.version++;
    }
  }

  /** The index of the first entry after service `id` (whether or not `id` is listed). */
  indexAfter(id: ServiceId): number {
    const at = this.lowerBound(id);
    const here = this.items[at];
    return here && compareIds(here.id, id) === 0 ? at + 1 : at;
  }

  /** The index of the first entry not before `id`. */
  private lowerBound(id: ServiceId): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareIds(this.items[mid]!.id, id) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
