import type { ServiceId } from "@/lib/dubbo/service-key";
import type { DubboUrl } from "@/lib/dubbo/url";
import { formatDubboUrl } from "@/lib/dubbo/url-string";

/** The console's application name, as its consumer URL says (what a route's `application` matches). */
export const CONSOLE_APPLICATION = "dubbo-console";
/** The protocol version a Dubbo 2.7/3.x consumer puts in `dubbo` (`Version.getProtocolVersion()`). */
const PROTOCOL_VERSION = "2.0.2";

/** The console's consumer of one service. */
export interface ConsumerSpec {
  /** The console's own IP, as a consumer registers it (what `host` and a port-less override match). */
  readonly host: string;
  readonly service: ServiceId;
  /** Default `dubbo-console`. */
  readonly application?: string;
  /** The consumer's settings: `timeout`, `retries`, `loadbalance`, `cluster`, `{method}.retries`, … */
  readonly parameters?: Readonly<Record<string, string>>;
}

/** The consumer URL, parsed and as text (what routes are applied for). */
export interface ConsumerUrl {
  readonly url: DubboUrl;
  /** `consumer://{host}/{interface}?application=dubbo-console&…`, parameters sorted. */
  readonly text: string;
}

/**
 * The URL the console consumes a service as, like a Java reference's: `application`,
 * `dubbo`, `interface`, `side=consumer`, the group and version when the service has them,
 * then the caller's settings (which may override any of them but `interface` and `side`).
 */
export function consumerUrl(spec: ConsumerSpec): ConsumerUrl {
  const { service } = spec;
  const parameters: Record<string, string> = {
    application: spec.application ?? CONSOLE_APPLICATION,
    dubbo: PROTOCOL_VERSION,
    ...(service.group ? { group: service.group } : {}),
    ...(service.version ? { version: service.version } : {}),
    ...spec.parameters,
    interface: service.interface,
    side: "consumer",
  };
  const url: DubboUrl = { protocol: "consumer", username: "", password: "", host: spec.host, port: 0, path: service.interface, parameters };
  return { url, text: formatDubboUrl(url) };
}
