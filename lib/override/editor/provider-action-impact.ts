/**
 * What a Providers-tab action (offline, online, a new weight) does to one service, worked
 * out from the providers and consumers the page already shows, before anything is written:
 * the confirm dialog says it in words. It reads the registered providers as they are now
 * (weight and disabled after today's configurators) and ignores routes; the server's
 * answer (409 `strands_consumers`, the preview) has the last word.
 */

/** A provider as the page lists it. */
export interface ImpactProvider {
  /** `host:port`. */
  readonly address: string;
  readonly weight: number;
  readonly enabled: boolean;
  readonly disabled: boolean;
}

/** A registered consumer as the page lists it. */
export interface ImpactConsumer {
  readonly application: string;
  readonly host: string;
  readonly release: string;
}

/** The action, as lib's own type (components name it the same). */
export type ImpactAction = { readonly kind: "offline" } | { readonly kind: "online" } | { readonly kind: "weight"; readonly weight: number };

/** One provider's share of the calls (random load balance: its weight over the sum), in percent, before and after. */
export interface ProviderShare {
  readonly address: string;
  readonly before: number;
  readonly after: number;
}

/** The impact of one action. */
export interface ProviderActionImpact {
  /** The consumers whose provider list changes (every registered consumer of the service: overrides here are for every consumer). */
  readonly affected: readonly ImpactConsumer[];
  /** Usable providers (enabled, not disabled) before and after. */
  readonly usableBefore: number;
  readonly usableAfter: number;
  /** True when the action leaves the consumers with no usable provider. */
  readonly strands: boolean;
  /** Random load balance's shares before and after, one per provider usable before or after. */
  readonly shares: readonly ProviderShare[];
}

function usable(p: ImpactProvider): boolean {
  return p.enabled && !p.disabled;
}

function after(p: ImpactProvider, address: string, action: ImpactAction): ImpactProvider {
  if (p.address !== address) return p;
  switch (action.kind) {
    case "offline":
      return { ...p, disabled: true };
    case "online":
      return { ...p, disabled: false, enabled: true };
    case "weight":
      return { ...p, weight: action.weight };
  }
}

function shareOf(list: readonly ImpactProvider[]): Map<string, number> {
  const live = list.filter(usable);
  const total = live.reduce((sum, p) => sum + Math.max(0, p.weight), 0);
  // All weights 0 (or equal): Dubbo's random load balance picks uniformly (RandomLoadBalance: sameWeight or totalWeight <= 0).
  return new Map(live.map((p) => [p.address, total > 0 ? (100 * Math.max(0, p.weight)) / total : 100 / live.length]));
}

/** The impact of `action` on the provider at `address`, given the service's providers and consumers now. */
export function providerActionImpact(providers: readonly ImpactProvider[], consumers: readonly ImpactConsumer[], address: string, action: ImpactAction): ProviderActionImpact {
  const next = providers.map((p) => after(p, address, action));
  const before = shareOf(providers);
  const later = shareOf(next);
  const addresses = [...new Set([...before.keys(), ...later.keys()])];
  const usableAfter = next.filter(usable).length;
  return {
    affected: consumers,
    usableBefore: providers.filter(usable).length,
    usableAfter,
    strands: usableAfter === 0 && consumers.length > 0,
    shares: addresses.map((a) => ({ address: a, before: before.get(a) ?? 0, after: later.get(a) ?? 0 })),
  };
}

/** The weight the Double and Halve buttons set: Dubbo's weight is an int; halving never reaches 0 from a positive weight (0 takes no calls). */
export function scaledWeight(weight: number, factor: 2 | 0.5): number {
  const next = factor === 2 ? weight * 2 : Math.floor(weight / 2);
  return Math.min(2147483647, Math.max(weight > 0 ? 1 : 0, next));
}
