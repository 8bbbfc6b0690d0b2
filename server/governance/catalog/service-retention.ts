import type { ServiceId } from "@/lib/dubbo/service-key";
import type { ServiceEntry } from "./service-entry";

/** How long a service whose last provider left stays listed with nothing else to keep it. */
export const RECENT_PROVIDER_MS = 24 * 60 * 60 * 1000;

/** How often {@link ServiceRetention.due} looks for services whose recent provider ran out. */
const SWEEP_EVERY_MS = 60_000;

/** Whether a service has rules in some config center (the copy Dubbo 3.1+ consumers obey). */
export type ConfigRulesLookup = (id: ServiceId) => boolean;

/**
 * Which services stay listed when their last provider and consumer are gone, and when each
 * last had a provider. An operator needs a service's page most when its providers vanish:
 * a service that was listed stays while it has routes (routers or configurators of its
 * interface that concern it), config-center rules, or a provider seen in the last
 * {@link RECENT_PROVIDER_MS}. A service never listed is not made up from rules alone.
 *
 * The last-seen times live in memory only: after a restart they start from what the disk
 * cache (or the first read) holds, and a service whose providers left before is "not known".
 */
export class ServiceRetention {
  /** Service key → when its last provider was seen, for services listed with none now. */
  private readonly lastSeen = new Map<string, number>();
  private nextSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private hasConfigRules: ConfigRulesLookup = () => false,
  ) {}

  /** Says how to tell a service with config-center rules; until called, none has any. */
  setConfigRules(lookup: ConfigRulesLookup): void {
    this.hasConfigRules = lookup;
  }

  /** When `key`'s last provider was seen, for an entry derived now: now when the listed entry `old` has providers. */
  lastSeenFor(key: string, old: ServiceEntry | undefined): number | null {
    if (old && old.providers.length > 0) return this.now();
    return this.lastSeen.get(key) ?? null;
  }

  /** Whether service `id`, listed as `old` and now without providers or consumers, stays listed. */
  keeps(key: string, id: ServiceId, old: ServiceEntry | undefined, hasRoutes: boolean): boolean {
    if (!old) return false;
    if (hasRoutes || this.hasConfigRules(id)) return true;
    const seen = this.lastSeenFor(key, old);
    return seen !== null && this.now() - seen < RECENT_PROVIDER_MS;
  }

  /** Notes what the catalog now lists for `key`. */
  committed(key: string, next: ServiceEntry | null): void {
    const seen = next?.summary.providersLastSeen ?? null;
    if (seen === null) this.lastSeen.delete(key);
    else this.lastSeen.set(key, seen);
  }

  /** The keys whose recent provider has run out since the last look (looks at most once a minute); to derive again. */
  due(): string[] {
    const now = this.now();
    if (now < this.nextSweep) return [];
    this.nextSweep = now + SWEEP_EVERY_MS;
    return [...this.lastSeen].filter(([, at]) => now - at >= RECENT_PROVIDER_MS).map(([key]) => key);
  }
}
