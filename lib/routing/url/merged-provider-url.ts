import { javaAddress, type JavaUrl } from "./route-url";
import { javaMapValue, sampled, type SampledValue, type UrlSample } from "./url-sample";

/**
 * The provider URL a Dubbo 2.7 consumer routes on: `RegistryDirectory.mergeUrl` (2.7.23)
 * with `DefaultProviderURLMergeProcessor` and no configurators. Read lazily, key by key,
 * rather than built: a preview runs it for every provider.
 *
 * - the provider's thread-pool and transport settings are dropped;
 * - the consumer's parameters override the provider's, except `release`, `dubbo`,
 *   `methods`, `timestamp`, `dubbo.tag`, and `group`/`version`/`generic` when the provider
 *   has them;
 * - `remote.application` is the provider's `application` (whose own value the consumer's
 *   overrides); `reference.filter` and `invoker.listener` join both sides' values;
 * - all of this only when the consumer has parameters at all;
 * - `check=false` is always added;
 * - a `dubbo://` provider without a path gets the consumer's `interface` (DUBBO-44).
 */

/** `map.remove(...)` on the provider's side ("Remove configurations from provider"). */
export const DROPPED_FROM_PROVIDER: ReadonlySet<string> = new Set(
  ["threadname", "threadpool", "corethreads", "threads", "queues", "alive", "transporter"].flatMap((k) => [k, `default.${k}`]),
);
/** `copyOfLocalMap.remove(...)`: these always keep the provider's value. */
export const KEPT_FROM_PROVIDER: ReadonlySet<string> = new Set(["release", "dubbo", "methods", "timestamp", "dubbo.tag"]);
/** Removed from the consumer's side only when the provider has them. */
export const PROVIDER_FIRST: ReadonlySet<string> = new Set(["group", "version", "generic"]);
/** Joined `provider,consumer` when both are non-empty. */
export const CONCATENATED: ReadonlySet<string> = new Set(["reference.filter", "invoker.listener"]);

/** The merged URL of each provider for `consumer`, as a condition's sample. */
export class MergedProviderSample implements UrlSample {
  private readonly merging: boolean;

  constructor(private readonly consumer: JavaUrl) {
    this.merging = consumer.hasParameters();
  }

  read(provider: JavaUrl, key: string): SampledValue {
    if (key === "path") {
      const path = mergedPath(provider, this.consumer);
      const own = javaMapValue(provider, path, key, false);
      if (own !== undefined) return sampled(own, path !== provider.path ? "interface-path" : "provider");
    } else {
      const own = javaMapValue(provider, provider.path, key, false);
      if (own !== undefined) return sampled(own, "provider");
    }
    return mergedParameter(provider, this.consumer, key, this.merging);
  }

  host(provider: JavaUrl): SampledValue {
    return sampled(provider.host, "provider");
  }

  address(provider: JavaUrl): SampledValue {
    return sampled(javaAddress(provider), "provider");
  }
}

function mergedParameter(provider: JavaUrl, consumer: JavaUrl, key: string, merging: boolean): SampledValue {
  if (key === "check") return sampled("false", "merged-check");
  const remote = DROPPED_FROM_PROVIDER.has(key) ? null : provider.param(key);
  if (!merging) return sampled(remote, "provider");
  if (key === "remote.application") return sampled(provider.param("application"), "merged-remote-application");
  const local = KEPT_FROM_PROVIDER.has(key) || (PROVIDER_FIRST.has(key) && remote !== null) ? null : consumer.param(key);
  if (CONCATENATED.has(key) && remote && local) return sampled(`${remote},${local}`, "merged-concatenated");
  return local !== null ? sampled(local, "merged-consumer") : sampled(remote, "provider");
}

/** The DUBBO-44 fix: a `dubbo` provider with no path takes the consumer's `interface`, cut to the bare name. */
function mergedPath(provider: JavaUrl, consumer: JavaUrl): string | null {
  if ((provider.path !== null && provider.path !== "") || provider.protocol !== "dubbo") return provider.path;
  const iface = consumer.param("interface");
  return iface === null ? provider.path : interfacePath(iface);
}

/** `path.substring(indexOf('/') + 1)`, then up to the last ':', then without leading '/' (URL constructor). */
export function interfacePath(iface: string): string {
  let path = iface;
  const slash = path.indexOf("/");
  if (slash >= 0) path = path.slice(slash + 1);
  const colon = path.lastIndexOf(":");
  if (colon >= 0) path = path.slice(0, colon);
  return path.replace(/^\/+/, "");
}
