/**
 * The PUT /api/v1/config-routes bodies the pages send: a registry route copied into its
 * service's config-center rule, and the changes made to a listed rule (enable, disable,
 * remove a condition). Pure: the caller sends the body and handles a 409.
 */
import { serviceRuleKey } from "../../dubbo/rules/config-rule-key";
import type { ConfigRoute, ConfigRoutePut } from "./config-routes";
import type { Route } from "./routes";

/** The body PUT /api/v1/config-routes takes, before its defaults are applied. */
export type ConfigRoutePutBody = Omit<ConfigRoutePut, "registry" | "revision"> & { registry?: string; revision?: number };

/** What copying a route to the config center asks for: a body to send, or nothing when the rule already holds the condition. */
export type CopyPlan = { type: "create"; body: ConfigRoutePutBody } | { type: "append"; body: ConfigRoutePutBody } | { type: "present" };

/** The service-scope rule key of a route's service, `{interface}:{version}:{group}`. */
export function routeConfigKey(route: Pick<Route, "service" | "group" | "version">): string {
  return serviceRuleKey({ interface: route.service, group: route.group, version: route.version });
}

/** A rule the console can rewrite: read (not refused) and of format v3.0; a v3.1 rule is shown read-only. */
export function isEditable(rule: ConfigRoute): rule is ConfigRoute & { rule: { format: "v3.0" } } {
  return rule.rule !== null && rule.rule.format === "v3.0";
}

/**
 * How to put `route`'s rule into its service's config-center rule: `existing` is the rule at
 * {@link routeConfigKey} (null when there is none). A new rule takes the route's enabled,
 * force, priority and runtime; an existing one keeps its own and gains the condition at the
 * end, based on its revision. A refused or v3.1 rule cannot be appended to: the caller must
 * not offer it (see {@link isEditable}).
 */
export function copyPlan(route: Route, existing: ConfigRoute | null): CopyPlan {
  const key = routeConfigKey(route);
  if (existing === null) {
    const { enabled, force, priority, runtime, registry } = route;
    return { type: "create", body: { registry, scope: "service", key, enabled, force, priority, runtime, conditions: [route.rule] } };
  }
  if (!isEditable(existing)) throw new TypeError(`the rule at ${existing.node} is not one the console can append to`);
  if (existing.rule.conditions.includes(route.rule)) return { type: "present" };
  return { type: "append", body: rewrite(existing, { conditions: [...existing.rule.conditions, route.rule] }) };
}

/** The body that replaces `rule` with `change` applied, based on its revision. */
export function rewrite(rule: ConfigRoute & { rule: { format: "v3.0" } }, change: { enabled?: boolean; conditions?: readonly string[] }): ConfigRoutePutBody {
  const { enabled, force, priority, runtime, conditions } = rule.rule;
  return {
    registry: rule.registry,
    scope: rule.scope,
    key: rule.key,
    enabled: change.enabled ?? enabled,
    force,
    priority,
    runtime,
    conditions: [...(change.conditions ?? conditions)],
    revision: rule.revision,
  };
}

/** The rule's conditions without the one at `index`; null when that leaves none (Dubbo refuses an empty rule: delete it instead). */
export function withoutCondition(rule: ConfigRoute & { rule: { format: "v3.0" } }, index: number): ConfigRoutePutBody | null {
  const conditions = rule.rule.conditions.filter((_, i) => i !== index);
  return conditions.length === 0 ? null : rewrite(rule, { conditions });
}
