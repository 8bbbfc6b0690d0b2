import type { AuditKind } from "@/lib/api/audit";
import type { ConfigPreviewResponse } from "@/lib/api/overrides/config-preview";
import type { ConfigPreviewBody } from "@/lib/api/overrides/configs";
import type { RoutePreviewBody, RoutePreviewResponse } from "@/lib/api/routing/route-preview";
import type { RuleKind } from "@/lib/rules/rule-kind";
import { CONDITION_ROUTE, OVERRIDE, TAG_ROUTE } from "@/lib/rules/rule-kinds";
import type { TagPreviewBody, TagPreviewResponse } from "@/lib/api/tag-route-preview";
import { previewTagRouteRequest, type TagRoutePreviewSources } from "../preview/tag/tag-preview-request";
import type { TagRouteStore } from "./tag/tag-route-store";
import { type ConfigPreviewSources, previewConfig } from "../preview/override/config-preview-request";
import { type PreviewSources, previewRoute } from "../preview/route-preview";
import type { ConfigRouteService } from "./condition/config-routes";
import type { RouteStore } from "./condition/route-store";
import type { ConfigStore } from "./override/config-store";

/**
 * The server's part of one rule kind, declared beside its pure part (lib/rules/rule-kind.ts)
 * and composed by the engine (`engine.ruleKinds`):
 * - `store`: how it is written: every copy of a change, with its audit entry, in one
 *   version-checked ZooKeeper multi (server/governance/rules/route-store-support.ts);
 * - `preview`: what a draft does to each consumer, as its release obeys the copies,
 *   nothing written (the kind's POST …/preview endpoint calls it);
 * - `auditKinds`: the audit entry kinds its writes record; with `invoke` they are every
 *   kind of lib/api/audit.ts's AUDIT_KINDS (a unit test holds them to it).
 */
export interface RuleKindRuntime<Store, PreviewBody, PreviewAnswer> {
  readonly kind: RuleKind;
  readonly store: Store;
  readonly preview: (body: PreviewBody) => PreviewAnswer;
  readonly auditKinds: readonly AuditKind[];
}

/** The audit kinds of condition routes: the registry route (with its copy) and the config-center-only rule. */
export const CONDITION_ROUTE_AUDIT_KINDS = [
  "route.create",
  "route.edit",
  "route.enable",
  "route.disable",
  "route.delete",
  "route.priority",
  "route.rollback",
  "config-route.create",
  "config-route.edit",
  "config-route.delete",
] as const satisfies readonly AuditKind[];

/** The audit kinds of overrides (server/governance/audit/config-audit.ts). */
export const OVERRIDE_AUDIT_KINDS = ["config.create", "config.replace", "config.delete", "config.enable", "config.disable"] as const satisfies readonly AuditKind[];

/** The audit kinds of tag routes (server/governance/rules/tag/tag-route-store.ts). */
export const TAG_ROUTE_AUDIT_KINDS = ["tag-route.create", "tag-route.edit", "tag-route.enable", "tag-route.disable", "tag-route.delete", "tag-route.rollback"] as const satisfies readonly AuditKind[];

/** Condition routes are written by two stores: a registry route with its config-center copy, and config-center-only rules. */
export interface ConditionRouteStores {
  readonly routes: RouteStore;
  readonly configRoutes: ConfigRouteService;
}

export type ConditionRouteRuntime = RuleKindRuntime<ConditionRouteStores, RoutePreviewBody, RoutePreviewResponse>;
export type OverrideRuntime = RuleKindRuntime<ConfigStore, ConfigPreviewBody, ConfigPreviewResponse>;
export type TagRouteRuntime = RuleKindRuntime<TagRouteStore, TagPreviewBody, TagPreviewResponse>;

/** Every rule kind's server part, by kind. */
export interface RuleKindRuntimes {
  readonly conditionRoute: ConditionRouteRuntime;
  readonly override: OverrideRuntime;
  readonly tagRoute: TagRouteRuntime;
}

/** The condition-route kind over the engine's stores; previews read `sources` (the engine). */
export function conditionRouteRuntime(stores: ConditionRouteStores, sources: PreviewSources): ConditionRouteRuntime {
  return { kind: CONDITION_ROUTE, store: stores, preview: (body) => previewRoute(body, sources), auditKinds: CONDITION_ROUTE_AUDIT_KINDS };
}

/** The override kind over the engine's config store; previews read `sources` (the engine). */
export function overrideRuntime(store: ConfigStore, sources: ConfigPreviewSources): OverrideRuntime {
  return { kind: OVERRIDE, store, preview: (body) => previewConfig(body, sources), auditKinds: OVERRIDE_AUDIT_KINDS };
}


/** The tag-route kind over the engine's tag-route store; previews read the catalog and the rules the store holds. */
export function tagRouteRuntime(store: TagRouteStore, catalog: TagRoutePreviewSources["catalog"], routes: TagRoutePreviewSources["routes"], configs?: TagRoutePreviewSources["configs"]): TagRouteRuntime {
  return {
    kind: TAG_ROUTE,
    store,
    preview: (body) => previewTagRouteRequest(body, { catalog, routes, ...(configs ? { configs } : {}), currentTagRule: (application, registry) => store.currentText(application, registry) }),
    auditKinds: TAG_ROUTE_AUDIT_KINDS,
  };
}
