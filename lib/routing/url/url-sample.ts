import { javaAddress, type JavaUrl } from "./route-url";

/**
 * Where a condition value came from, so an explanation can say it. `merged-*` are the
 * values Dubbo 2.7's `RegistryDirectory.mergeUrl` puts into the provider URL it routes on;
 * `consumer-path` is the consumer's path, which 3.x's `ServiceAddressURL.getPath()` falls
 * back to when the provider has none.
 */
export type ValueOrigin =
  | "consumer"
  | "provider"
  | "merged-consumer"
  | "merged-remote-application"
  | "merged-check"
  | "merged-concatenated"
  | "consumer-path"
  | "interface-path";

/**
 * A value a condition read (`missing`, value null, when the key is absent), shaped as the
 * KeyValue a condition compares, so that a read allocates one object.
 */
export type SampledValue =
  | { readonly kind: "value"; readonly value: string; readonly origin: ValueOrigin }
  | { readonly kind: "missing"; readonly value: null; readonly origin: ValueOrigin };

/** The SampledValue of `value` from `origin`. */
export function sampled(value: string | null, origin: ValueOrigin): SampledValue {
  return value === null ? { kind: "missing", value, origin } : { kind: "value", value, origin };
}

/**
 * The URL side of a condition: what Java's `url.toMap()` (2.7) or `url.toOriginalMap()`
 * (3.x) holds for a key, and the host and address 2.7's `matchCondition` reads directly.
 * One reader serves every URL of a side (the consumer, or each provider).
 */
export interface UrlSample {
  read(url: JavaUrl, key: string): SampledValue;
  /** `url.getHost()`. */
  host(url: JavaUrl): SampledValue;
  /** `url.getAddress()`. */
  address(url: JavaUrl): SampledValue;
}

/**
 * `toMap()` (`withAddress` false, 2.7) or `toOriginalMap()` (true, 3.x) of a URL, for one
 * key: the URL's own parts override parameters of the same name when present. `path` is
 * the URL's `getPath()`, which 3.x's ServiceAddressURL overrides.
 */
export function javaMapValue(url: JavaUrl, path: string | null, key: string, withAddress: boolean): string | null | undefined {
  switch (key) {
    case "protocol":
      return url.protocol ?? undefined;
    case "username":
      return url.username ?? undefined;
    case "password":
      return url.password ?? undefined;
    case "host":
      return url.host ?? undefined;
    case "port":
      return url.port > 0 ? String(url.port) : undefined;
    case "path":
      return path ?? undefined;
    case "address":
      return withAddress ? (javaAddress(url) ?? undefined) : undefined;
    default:
      return undefined;
  }
}

/** The consumer URL as a when condition reads it: `toMap()` in 2.7, `toOriginalMap()` (with `address`) in 3.x. */
export class ConsumerSample implements UrlSample {
  constructor(private readonly withAddress: boolean) {}

  read(url: JavaUrl, key: string): SampledValue {
    const own = javaMapValue(url, url.path, key, this.withAddress);
    return sampled(own !== undefined ? own : url.param(key), "consumer");
  }

  host(url: JavaUrl): SampledValue {
    return sampled(url.host, "consumer");
  }

  address(url: JavaUrl): SampledValue {
    return sampled(javaAddress(url), "consumer");
  }
}
