import type { ServiceId } from "@/lib/dubbo/service-key";

/** Dubbo's "any value" (CommonConstants.ANY_VALUE). */
const ANY = "*";
/** How Dubbo splits a list of groups (CommonConstants.COMMA_SPLIT_PATTERN). */
const GROUP_LIST = /\s*,+\s*/;

/**
 * Whether a consumer's service id is a pattern that names several services rather than one:
 * version `*`, group `*`, or a comma list of groups (a mergeable reference). Such a consumer
 * registers under its own key (`io.x.Svc:*`), which is not a service anyone provides.
 */
export function isConsumerPattern(id: ServiceId): boolean {
  return id.version === ANY || id.group === ANY || id.group.includes(",");
}

/**
 * Whether a consumer of `consumer` (its interface, group and version as registered) consumes
 * service `service`, as Dubbo's registry decides which provider URLs a consumer is notified of
 * (UrlUtils.isMatch):
 * - the interfaces are equal;
 * - the group is `*`, equal to the service's, or a comma list holding it (StringUtils.isContains:
 *   an empty service group is never in a list);
 * - the version is `*` or equal to the service's.
 *
 * Ids are the catalog's: '' for no group or version, Dubbo's `0.0.0` already read as ''. The
 * classifier and `enabled` parameters are per provider URL, not per service, and not judged here.
 */
export function consumerMatches(consumer: ServiceId, service: ServiceId): boolean {
  if (consumer.interface !== service.interface) return false;
  const group = consumer.group === ANY || consumer.group === service.group || (service.group !== "" && consumer.group.split(GROUP_LIST).includes(service.group));
  const version = consumer.version === ANY || consumer.version === service.version;
  return group && version;
}
