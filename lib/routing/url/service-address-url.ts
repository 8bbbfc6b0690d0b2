import { interfacePath } from "./merged-provider-url";
import { javaAddress, type JavaUrl } from "./route-url";
import { javaMapValue, sampled, type SampledValue, type UrlSample } from "./url-sample";

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
 * - `mock` is gone whenever the provider or the consumer sets one ("kept for mock");
 * - `protocol` is the one `RegistryDirectory.toInvokers` settles on (getEffectiveProtocol):
 *   `preferred.protocol` when set, or the first protocol the consumer asks for when the
 *   provider offers it in `ext.protocol`.
 */
export class ServiceAddressSample implements UrlSample {
  constructor(private readonly consumer: JavaUrl) {}

  read(provider: JavaUrl, key: string): SampledValue {
    if (key === "protocol") return sampled(effectiveProtocol(provider, this.consumer), "provider");
    const path = key === "path" ? serviceAddressPath(provider, this.consumer) : provider.path;
    const own = javaMapValue(provider, path, key, true);
    if (own !== undefined) return sampled(own, key === "path" && path !== provider.path ? pathOrigin(provider, this.consumer, path) : "provider");
    if (key === "mock" && provider.param("mock") !== null && mockIsSet(provider, this.consumer)) return sampled(null, "provider");
    return sampled(provider.param(key), "provider");
  }

  host(provider: JavaUrl): SampledValue {
    return sampled(provider.host, "provider");
  }

  address(provider: JavaUrl): SampledValue {
    return sampled(javaAddress(provider), "provider");
  }
}

/**
 * `RegistryDirectory.getEffectiveProtocol` (3.3) with the consumer's `protocol` parameter
 * (its reference's protocols). The URL's getParameter is a ServiceAddressURL's: the
 * consumer's non-empty value first, then the provider's. A plain `URLAddress` (no '/' in
 * the address) ignores setProtocol.
 */
function effectiveProtocol(provider: JavaUrl, consumer: JavaUrl): string | null {
  const protocol = provider.protocol;
  if (provider.rawAddress !== null || protocol === null) return protocol;
  const param = (key: string) => (nonEmpty(consumer.param(key)) ? consumer.param(key) : provider.param(key));
  const preferredParam = param("preferred.protocol");
  const preferred = nonEmpty(preferredParam) ? preferredParam : protocol;
  const asked = consumer.param("protocol");
  if (!nonEmpty(asked)) return preferred;
  const accepted = javaSplitFirst(asked);
  if (accepted === preferred) return preferred;
  if (accepted === protocol) return protocol;
  const ext = param("ext.protocol");
  if (nonEmpty(ext) && ext.split(",").some((p) => p.toLowerCase() === accepted.toLowerCase())) return accepted;
  return preferred;
}

/** `s.split(",")[0]` (Java throws when `s` is only commas; not modelled: such a consumer refers no provider at all). */
function javaSplitFirst(s: string): string {
  return s.split(",")[0]!;
}

/** `ServiceAddressURL.getPath()` after mergeUrl's DUBBO-44 fix. */
function serviceAddressPath(provider: JavaUrl, consumer: JavaUrl): string | null {
  const seen = nonEmpty(provider.path) ? provider.path : consumer.path;
  if (nonEmpty(seen) || provider.protocol !== "dubbo") return seen;
  // directoryUrl.getServiceInterface(): getParameter(INTERFACE_KEY, getPath()).
  const iface = consumer.param("interface");
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
  if (nonEmpty(consumer.param("mock")) || nonEmpty(provider.param("mock"))) return true;
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
  const parameters = url.parameters();
  for (const name of Object.keys(parameters)) {
    const dot = name.indexOf(".");
    if (dot >= 0 && !TABLE_KEYS.has(name) && name.slice(dot + 1) === key) byMethod.set(name.slice(0, dot), parameters[name]!);
  }
  if (byMethod.size === 0) return null;
  const methods = url.param("methods");
  if (nonEmpty(methods)) {
    for (const method of methods.split(",")) if (nonEmpty(byMethod.get(method) ?? null)) return byMethod.get(method)!;
    return null;
  }
  return [...byMethod.values()].find((v) => v !== "") ?? "";
}

function nonEmpty(s: string | null): s is string {
  return s !== null && s !== "";
}
