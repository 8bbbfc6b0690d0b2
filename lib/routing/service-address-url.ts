import { interfacePath } from "./merged-provider-url";
import { javaAddress, ownParameter, type JavaUrl } from "./route-url";
import { javaMapValue, type SampledValue, type UrlSample } from "./url-sample";

/**
 * The provider URL a Dubbo 3.3 consumer routes on: a `DubboServiceAddressURL` holding the
 * provider's own parameters and the consumer URL, after 3.3's `RegistryDirectory.mergeUrl`
 * (no configurators). A condition reads its `toOriginalMap()`:
 * - the provider's own parameters, never the consumer's (only getters such as
 *   `getParameter(group|version|application|side)` consult the consumer URL, and the
 *   router does not call them);
 * - `path` is `getPath()`: the provider's, or the consumer's when the provider has none;
 *   a `dubbo://` URL with neither gets the consumer's service interface (DUBBO-44);
 * - `address` is the provider's `host:port`;
 * - `mock` is gone whenever the provider or the consumer sets one ("kept for mock").
 */
export function serviceAddressSample(provider: JavaUrl, consumer: JavaUrl): UrlSample {
  const path = serviceAddressPath(provider, consumer);
  const dropMock = Object.hasOwn(provider.parameters, "mock") && mockIsSet(provider, consumer);
  return {
    read(key): SampledValue {
      const own = javaMapValue(provider, path, key, true);
      if (own !== undefined) return { value: own, origin: key === "path" && path !== provider.path ? pathOrigin(provider, consumer, path) : "provider" };
      if (dropMock && key === "mock") return { value: null, origin: "provider" };
      return { value: ownParameter(provider.parameters, key), origin: "provider" };
    },
    host: () => ({ value: provider.host, origin: "provider" }),
    address: () => ({ value: javaAddress(provider), origin: "provider" }),
  };
}

/** `ServiceAddressURL.getPath()` after mergeUrl's DUBBO-44 fix. */
function serviceAddressPath(provider: JavaUrl, consumer: JavaUrl): string | null {
  const seen = nonEmpty(provider.path) ? provider.path : consumer.path;
  if (nonEmpty(seen) || provider.protocol !== "dubbo") return seen;
  // directoryUrl.getServiceInterface(): getParameter(INTERFACE_KEY, getPath()).
  const iface = ownParameter(consumer.parameters, "interface");
  const service = nonEmpty(iface) ? iface : consumer.path;
  if (service === null) return seen;
  const fixed = interfacePath(service);
  return nonEmpty(fixed) ? fixed : consumer.path;
}

function pathOrigin(provider: JavaUrl, consumer: JavaUrl, path: string | null): "consumer-path" | "interface-path" {
  return path === consumer.path && !nonEmpty(provider.path) ? "consumer-path" : "interface-path";
}

/**
 * mergeUrl's `providerUrl.hasParameter(MOCK_KEY) || providerUrl.getAnyMethodParameter(MOCK_KEY) != null`
 * on a ServiceAddressURL: the consumer's value first, then the provider's.
 */
function mockIsSet(provider: JavaUrl, consumer: JavaUrl): boolean {
  if (nonEmpty(ownParameter(consumer.parameters, "mock")) || nonEmpty(ownParameter(provider.parameters, "mock"))) return true;
  return nonEmpty(anyMethodParameter(consumer, "mock")) || anyMethodParameter(provider, "mock") !== null;
}

/** Keys URLParam keeps in its DynamicParamTable, which never count as method parameters. */
const TABLE_KEYS: ReadonlySet<string> = new Set(["version", "side", "interface", "pid", "threadpool", "group", "metadata-type", "application", "dubbo", "release", "path", "anyhost"]);

/**
 * `URLParam.getAnyMethodParameter(key)`: parameters `{method}.{key}` (split at the first
 * '.'); with `methods` set, the first listed method's non-empty value; otherwise any value
 * (Java takes a HashMap's first; here a non-empty one when there is one).
 */
function anyMethodParameter(url: JavaUrl, key: string): string | null {
  const byMethod = new Map<string, string>();
  for (const name of Object.keys(url.parameters)) {
    const dot = name.indexOf(".");
    if (dot >= 0 && !TABLE_KEYS.has(name) && name.slice(dot + 1) === key) byMethod.set(name.slice(0, dot), url.parameters[name]!);
  }
  if (byMethod.size === 0) return null;
  const methods = ownParameter(url.parameters, "methods");
  if (nonEmpty(methods)) {
    for (const method of methods.split(",")) if (nonEmpty(byMethod.get(method) ?? null)) return byMethod.get(method)!;
    return null;
  }
  return [...byMethod.values()].find((v) => v !== "") ?? "";
}

function nonEmpty(s: string | null): s is string {
  return s !== null && s !== "";
}
