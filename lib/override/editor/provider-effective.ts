/**
 * A provider's `disabled` and `weight` as the service's overrides set them, for the
 * Providers tab: the catalog lists each provider's registered URL, and an override changes
 * the URL only as each consumer (or provider) sees it. An approximation for display, not
 * Dubbo's configure order (lib/override/configure.ts is that): of the enabled configs that
 * name the provider, one naming it by address beats one for every provider, and among
 * equals the later wins. A consumer-side config limited to some consumer hosts or
 * applications is reported as partial.
 */

/** As much of a listed config as this reads. */
export interface EffectiveConfig {
  readonly id: string;
  readonly side: "consumer" | "provider";
  readonly addresses: readonly string[];
  readonly providerAddresses: readonly string[];
  readonly applications: readonly string[];
  readonly parameters: Readonly<Record<string, string>>;
  readonly enabled: boolean;
}

/** One parameter's value after the overrides, and which config set it. */
export interface OverriddenValue {
  readonly value: string;
  readonly configId: string;
  /** True when the config applies to some consumers only (by host or application). */
  readonly partial: boolean;
}

/** What the overrides do to one provider: absent when no config sets the parameter. */
export interface ProviderOverrides {
  readonly disabled?: OverriddenValue;
  readonly weight?: OverriddenValue;
}

const EVERY = new Set(["", "0.0.0.0", "*"]);

/** 0 no, 1 every provider, 2 this provider by address (or host for a provider-side `addresses`). */
function specificity(c: EffectiveConfig, address: string): number {
  const host = address.slice(0, address.lastIndexOf(":"));
  const named = (list: readonly string[]) => list.some((a) => a === address || a === host);
  const every = (list: readonly string[]) => list.length === 0 || list.every((a) => EVERY.has(a));
  if (c.providerAddresses.length > 0) return named(c.providerAddresses) ? 2 : 0;
  if (c.side === "provider") return named(c.addresses) ? 2 : every(c.addresses) ? 1 : 0;
  return 1;
}

function partial(c: EffectiveConfig): boolean {
  return c.side === "consumer" && (c.applications.length > 0 || c.addresses.some((a) => !EVERY.has(a)));
}

/** The overrides of `address` (`host:port`) among `configs` (the service's, in list order). */
export function providerOverrides(configs: readonly EffectiveConfig[], address: string): ProviderOverrides {
  const best: Record<"disabled" | "weight", { rank: number; value: OverriddenValue } | undefined> = { disabled: undefined, weight: undefined };
  for (const c of configs) {
    if (!c.enabled) continue;
    const rank = specificity(c, address);
    if (rank === 0) continue;
    for (const key of ["disabled", "weight"] as const) {
      const value = c.parameters[key];
      if (value === undefined) continue;
      if ((best[key]?.rank ?? 0) <= rank) best[key] = { rank, value: { value, configId: c.id, partial: partial(c) } };
    }
  }
  return { ...(best.disabled ? { disabled: best.disabled.value } : {}), ...(best.weight ? { weight: best.weight.value } : {}) };
}
