import type { Provider } from "@/lib/api/catalog-entities";
import type { Config } from "@/lib/api/overrides/configs";
import { providerOverrides, type ProviderOverrides } from "@/lib/override/editor/provider-effective";

/** A provider as the Providers tab shows it: its weight and status after the service's overrides, and what set them. */
export interface EffectiveProvider {
  readonly provider: Provider;
  readonly overrides: ProviderOverrides;
}

/** The service's providers with `disabled` and `weight` as its configs set them (lib/override/provider-effective.ts). */
export function effectiveProviders(providers: readonly Provider[], configs: readonly Config[]): EffectiveProvider[] {
  return providers.map((p) => {
    const overrides = providerOverrides(configs, p.address);
    const weight = overrides.weight ? Number(overrides.weight.value) : NaN;
    return {
      provider: {
        ...p,
        ...(overrides.disabled ? { disabled: overrides.disabled.value === "true" } : {}),
        ...(Number.isFinite(weight) ? { weight } : {}),
      },
      overrides,
    };
  });
}
