import type { DubboUrl } from "@/lib/dubbo/url";
import { CONCATENATED, DROPPED_FROM_PROVIDER, interfacePath, KEPT_FROM_PROVIDER, PROVIDER_FIRST } from "@/lib/routing/url/merged-provider-url";

/**
 * The provider URL a consumer calls with: `ClusterUtils.mergeUrl` with the default
 * `DefaultProviderURLMergeProcessor` (2.7.23 and 3.3 alike), the same rules the route
 * preview reads lazily (lib/routing/url/merged-provider-url.ts), here built whole:
 * - the provider's thread-pool and transport settings are dropped;
 * - the consumer's parameters override the provider's, except `release`, `dubbo`,
 *   `methods`, `timestamp`, `dubbo.tag` (always the provider's) and `group`, `version`,
 *   `generic` (the provider's when it has them);
 * - `remote.application` is the provider's `application`; `reference.filter` and
 *   `invoker.listener` join both sides' values.
 *
 * 3.3 reads a registry's provider URLs as ServiceAddressURLs instead, which look a key up
 * in the consumer's URL first and the provider's next: the same answers for every key the
 * cluster reads (`{method}.x` of either side first, then `x` of the consumer, then of the
 * provider), so one merged URL serves both dialects.
 */
export function mergeProviderUrl(provider: DubboUrl, consumerParameters: Readonly<Record<string, string>>): DubboUrl {
  const map: Record<string, string> = {};
  for (const [k, v] of Object.entries(provider.parameters)) if (!DROPPED_FROM_PROVIDER.has(k)) setOwn(map, k, v);
  const local = Object.entries(consumerParameters);
  if (local.length > 0) {
    for (const [k, v] of local) {
      if (KEPT_FROM_PROVIDER.has(k) || (PROVIDER_FIRST.has(k) && Object.hasOwn(map, k))) continue;
      setOwn(map, k, v);
    }
    const application = provider.parameters.application;
    if (application !== undefined) setOwn(map, "remote.application", application);
    for (const k of CONCATENATED) {
      const remote = provider.parameters[k];
      const mine = consumerParameters[k];
      if (remote && mine) setOwn(map, k, `${remote},${mine}`);
    }
  }
  return { ...provider, parameters: map };
}

/**
 * RegistryDirectory.mergeUrl's last step (DUBBO-44): a `dubbo` provider URL without a
 * path takes the consumer's interface as its path.
 */
export function withInterfacePath(url: DubboUrl, consumerInterface: string): DubboUrl {
  if (url.path !== "" || url.protocol !== "dubbo") return url;
  return { ...url, path: interfacePath(consumerInterface) };
}

/** `params[k] = v` as an own property, whatever the name. */
function setOwn(params: Record<string, string>, k: string, v: string): void {
  Object.defineProperty(params, k, { value: v, writable: true, enumerable: true, configurable: true });
}
