import type { DubboRelease } from "../dubbo/dubbo-release";
import { CONDITION_ROUTER_SUFFIX } from "../dubbo/rules/config-rule-key";
import { parseConditionRouterYaml, type RuleYamlRead } from "../dubbo/rules/condition-router-yaml";
import { obeyedCopies, type RuleCopy } from "../dubbo/rules/rule-copies";
import { parseRouteNode, ROUTERS_CATEGORY, type RouteReading } from "../dubbo/rules/route-url";
import type { ConfiguratorUrl } from "../override/configurator";
import { parseConfigRule } from "../override/config-rule";
import { CONFIGURATORS_CATEGORY, CONFIGURATORS_SUFFIX } from "../override/override-draft";
import { readRegistryOverride, type ReadOverride } from "../override/override-reading";
import { parseTagRule, type TagRule } from "../tag/tag-rule";
import type { RuleKind } from "./rule-kind";

/**
 * Condition routes: `route://` URLs in the registry's `routers` category (2.x and 3.0.0–3.0.4
 * obey them) and `{key}.condition-router` YAML in the config center (2.7.3 and later);
 * who obeys which copy is lib/dubbo/rules/rule-copies.ts. The config-center parser reads
 * a rule as Dubbo 3.3 reads it, for every release (the store's validation).
 */
export const CONDITION_ROUTE = {
  name: "condition-route",
  label: "condition routes",
  registry: { category: ROUTERS_CATEGORY, protocol: "route", parse: parseRouteNode },
  // Every release is judged by 3.3's reading (the store's validation), so the release is not read.
  configCenter: { suffix: CONDITION_ROUTER_SUFFIX, parse: (data: string, _release: DubboRelease) => parseConditionRouterYaml(data) },
  obeyedCopies: (release) => obeyedCopies(release).copies,
} as const satisfies RuleKind<RouteReading, RuleYamlRead>;

const REGISTRY_ONLY: readonly RuleCopy[] = ["registry"];
const BOTH: readonly RuleCopy[] = ["registry", "config-center"];

/**
 * Overrides (configurators): `override://` URLs in the registry's `configurators` category
 * (every release subscribes to it at interface level) and `{key}.configurators` YAML in the
 * config center, read from 2.7.3 on (2.6 has none; 2.7.0–2.7.2 read an early layout the
 * console does not write). A release the console does not know is judged as 3.3.6, so as
 * reading both. The config-center parser is the per-release Java-exact ConfigParser.
 */
export const OVERRIDE = {
  name: "override",
  label: "overrides",
  registry: { category: CONFIGURATORS_CATEGORY, protocol: "override", parse: readRegistryOverride },
  configCenter: { suffix: CONFIGURATORS_SUFFIX, parse: parseConfigRule },
  obeyedCopies: (release) => {
    const line = obeyedCopies(release).line;
    return line === "2.6" || line === "2.7.0" ? REGISTRY_ONLY : BOTH;
  },
} as const satisfies RuleKind<ReadOverride | null, ConfiguratorUrl[]>;

const CONFIG_CENTER_ONLY: readonly RuleCopy[] = ["config-center"];
const NONE: readonly RuleCopy[] = [];

/**
 * Tag routes: `{provider application}.tag-router` YAML in the config center, nothing in the
 * registry. A consumer's TagRouter (2.7.0 on; 3.x TagStateRouter) reads the rule of the
 * application of the first provider it holds; 2.6 has only static tags (a provider's
 * `dubbo.tag`). The parser is the release's own (lib/tag/tag-rule.ts).
 */
export const TAG_ROUTE = {
  name: "tag-route",
  label: "tag routes",
  registry: null,
  configCenter: { suffix: ".tag-router", parse: parseTagRule },
  obeyedCopies: (release) => (obeyedCopies(release).line === "2.6" ? NONE : CONFIG_CENTER_ONLY),
} as const satisfies RuleKind<never, TagRule>;

/** Every rule kind the console governs. */
export const RULE_KINDS: readonly RuleKind[] = [CONDITION_ROUTE, OVERRIDE, TAG_ROUTE];

/** The registry categories that hold rules (not providers or consumers), one per kind with a registry copy. */
export type RuleCategory = typeof ROUTERS_CATEGORY | typeof CONFIGURATORS_CATEGORY;
export const RULE_CATEGORIES = [CONDITION_ROUTE.registry.category, OVERRIDE.registry.category] as const satisfies readonly RuleCategory[];
