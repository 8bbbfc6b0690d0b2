import type { DubboUrl } from "../dubbo/url";

/**
 * The configurator copies of one registry as Dubbo consumers and providers read them: the
 * `configurators` category of each service directory, and the config center's
 * `{key}.configurators` rules. The store (server/governance/rules/override) reads the
 * current copies into this shape and plans a change as the copies after it; the preview
 * (server/governance/preview) compares the two as each consumer's release reads them, so
 * the preview judges exactly what would be written.
 */
export interface OverrideCopies {
  /**
   * The registry copy: the URLs of `{root}/{dir}/configurators`, keyed by the service
   * directory name as ZooKeeper lists it (`URL.encode(interface)`). A service with none has
   * no entry (or an empty list).
   */
  readonly registry: ReadonlyMap<string, readonly DubboUrl[]>;
  /**
   * The config-center copy: the data of `{root}/config/dubbo/{key}.configurators`, keyed by
   * `{key}` (`{interface}:{version}:{group}` for a service, the name for an application),
   * as last read, unparsed: each release parses it itself (lib/override/config-rule.ts) and
   * a rule one release refuses may be one another reads.
   */
  readonly center: ReadonlyMap<string, string>;
}

/** No copies at all. */
export const NO_OVERRIDE_COPIES: OverrideCopies = Object.freeze({ registry: new Map(), center: new Map() });
