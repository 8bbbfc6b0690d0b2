import type { ServiceId } from "../service-key";
import { type DubboUrl, urlParam } from "../url";

/**
 * Where condition rules live in the config center, and how Dubbo names them.
 *
 * On ZooKeeper (ZookeeperDynamicConfiguration over TreePathDynamicConfiguration, 2.7.3+
 * and 3.x) a rule is the data of `/{namespace}/config/{group}/{key}`: namespace `dubbo`
 * (a registry used as config center passes its own group), group `dubbo`
 * (DynamicConfiguration.DEFAULT_GROUP), key `{ruleKey}.condition-router`
 * (ListenableStateRouter.RULE_SUFFIX). The rule key is
 * - for a service: `url.getColonSeparatedKey()` of the consumer URL
 *   (DynamicConfiguration.getRuleKey, read by ServiceStateRouter / 2.7 ServiceRouter):
 *   `{interface}:{version}:{group}`, a blank part left empty but its colon kept
 *   (`com.foo.Svc::`, `com.foo.Svc:1.0.0:`, `com.foo.Svc::g`);
 * - for an application: its name, the consumer's (AppStateRouter / 2.7 AppRouter) or,
 *   from Dubbo 3.2, the providers' (ProviderAppStateRouter).
 */

/** ListenableStateRouter.RULE_SUFFIX. */
export const CONDITION_ROUTER_SUFFIX = ".condition-router";

/** The config center's group directory under `{root}/config` (DynamicConfiguration.DEFAULT_GROUP). */
export const CONFIG_CENTER_GROUP = "dubbo";

/** Whom a rule is for: a service (by its colon key) or an application (by name). */
export type RuleScope = "service" | "application";

/** The longest rule key accepted for writing; ZooKeeper node names have no lower limit that matters. */
export const MAX_RULE_KEY_LENGTH = 512;

/** `{interface}:{version}:{group}` of a service, as Dubbo's ServiceStateRouter looks it up. */
export function serviceRuleKey(id: ServiceId): string {
  return `${id.interface}:${id.version}:${id.group}`;
}

/**
 * The service rule key a consumer reads, from its URL exactly as URL.getColonSeparatedKey
 * renders it: the `interface` parameter (else the path), then the `version` and `group`
 * parameters as written, blank ones left empty. A consumer of version `0.0.0` reads
 * `com.foo.Svc:0.0.0:`, not `com.foo.Svc::`.
 */
export function consumerServiceRuleKey(url: DubboUrl): string {
  const part = (key: string) => {
    const value = urlParam(url, key);
    return value.trim() === "" ? "" : value;
  };
  return `${urlParam(url, "interface", url.path)}:${part("version")}:${part("group")}`;
}

/** The config-center directory of condition rules under a registry root (`/dubbo` → `/dubbo/config/dubbo`). */
export function ruleDirectory(root: string): string {
  return `${root === "/" ? "" : root}/config/${CONFIG_CENTER_GROUP}`;
}

/** The node path of the condition rule with `key` under `root`. */
export function ruleNodePath(root: string, key: string): string {
  return `${ruleDirectory(root)}/${key}${CONDITION_ROUTER_SUFFIX}`;
}

/** What a `.condition-router` node's name says: its key, scope, and for a service key its parts. */
export interface RuleNodeName {
  readonly key: string;
  readonly scope: RuleScope;
  /** The service a service key names; null for an application, or for a key no consumer renders (one colon). */
  readonly service: ServiceId | null;
}

/**
 * Reads a child name of the rule directory; null when it is not a condition rule (a
 * `.configurators` or `.tag-router` node, `dubbo.properties`, …). A key with a colon is a
 * service key: interface names and application names used as keys carry none.
 */
export function parseRuleNodeName(name: string): RuleNodeName | null {
  if (!name.endsWith(CONDITION_ROUTER_SUFFIX) || name.length === CONDITION_ROUTER_SUFFIX.length) return null;
  const key = name.slice(0, -CONDITION_ROUTER_SUFFIX.length);
  const first = key.indexOf(":");
  if (first < 0) return { key, scope: "application", service: null };
  const second = key.indexOf(":", first + 1);
  if (second < 0) return { key, scope: "service", service: null };
  return {
    key,
    scope: "service",
    service: { interface: key.slice(0, first), version: key.slice(first + 1, second), group: key.slice(second + 1) },
  };
}

/**
 * What ZooKeeper's PathUtils.validatePath refuses in a path besides control characters: its
 * server answers BAD_ARGUMENTS. The range of surrogates takes in every character outside the
 * BMP (an emoji), whose UTF-16 halves Java checks one by one.
 */
const ZOOKEEPER_REFUSED = /[\u0080-\u009f\ud800-\uf8ff\ufff0-\uffff]/;

/**
 * Why `key` cannot name a rule of `scope` written by the console, or null when it can. A
 * service key must be `interface:version:group` (two colons, a non-empty interface); an
 * application key a name without a colon. Neither may hold `/` (a ZooKeeper path
 * separator), white space at either end, control characters or characters ZooKeeper refuses
 * in a node name, nor be `.` or `..`.
 */
export function ruleKeyProblem(scope: RuleScope, key: string): string | null {
  if (key === "") return "key must not be empty";
  if (key.length > MAX_RULE_KEY_LENGTH) return `key must be at most ${MAX_RULE_KEY_LENGTH} characters, got ${key.length}`;
  if (key.includes("/")) return `key must not contain "/": it names one ZooKeeper node, got ${JSON.stringify(key)}`;
  if (key !== key.trim()) return `key must not begin or end with white space, got ${JSON.stringify(key)}`;
  if (/[\u0000-\u001f\u007f]/.test(key)) return "key must not contain control characters";
  if (ZOOKEEPER_REFUSED.test(key)) return `key must not contain characters ZooKeeper refuses in a node name (U+0080-U+009F, U+D800-U+F8FF with every character outside the BMP, U+FFF0-U+FFFF), got ${JSON.stringify(key)}`;
  if (key === "." || key === "..") return `key must not be ${JSON.stringify(key)}`;
  const parsed = parseRuleNodeName(`${key}${CONDITION_ROUTER_SUFFIX}`);
  if (scope === "application") {
    return parsed?.scope === "application" ? null : `an application key is a name without ":", got ${JSON.stringify(key)}`;
  }
  if (!parsed?.service || parsed.service.interface === "") {
    return `a service key is interface:version:group with both colons, empty parts kept (com.foo.Svc:: for no version and no group), got ${JSON.stringify(key)}`;
  }
  return null;
}
