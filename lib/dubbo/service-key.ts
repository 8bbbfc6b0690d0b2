import { type DubboUrl, urlParam } from "./url";

/**
 * The identity of a Dubbo service as operators speak of it: interface, group, version.
 * Dubbo's own string form is `group/interface:version` (`URL.getServiceKey()`), with the
 * group and version parts left out when empty.
 */
export interface ServiceId {
  readonly interface: string;
  /** '' when the service has no group. */
  readonly group: string;
  /** '' when the service has no version. Dubbo's "0.0.0" is normalised to ''. */
  readonly version: string;
}

/** `group/interface:version`, as `URL.buildKey(path, group, version)`. */
export function serviceKey(id: ServiceId): string {
  return `${id.group ? `${id.group}/` : ""}${id.interface}${id.version ? `:${id.version}` : ""}`;
}

/** The service a provider or consumer URL speaks for: `interface` param, else the path. */
export function serviceIdOf(url: DubboUrl): ServiceId {
  const version = urlParam(url, "version");
  return {
    interface: urlParam(url, "interface", url.path),
    group: urlParam(url, "group"),
    version: version === "0.0.0" ? "" : version,
  };
}

/** Orders services by interface, then group, then version. */
export function compareServiceIds(a: ServiceId, b: ServiceId): number {
  return (
    a.interface.localeCompare(b.interface) || a.group.localeCompare(b.group) || a.version.localeCompare(b.version)
  );
}
