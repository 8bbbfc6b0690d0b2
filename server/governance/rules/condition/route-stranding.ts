import type { RoutePreviewBody } from "@/lib/api/routing/route-preview";
import type { RouteTarget } from "@/lib/api/routing/routes";
import { serviceKey } from "@/lib/dubbo/service-key";
import { isConsoleError, type StrandedConsumer } from "@/lib/errors";
import { StrandsConsumersError } from "@/server/errors/governance-errors";
import { impactChains } from "../../preview/impact-chains";
import { registryProviders } from "../../preview/preview-providers";
import { planChains } from "../../preview/route-chain-answer";
import { routeImpact } from "../../preview/route-impact";
import { impactRequest, type PreviewSources } from "../../preview/route-preview";

/** A route as a write leaves it: its fields, where it goes, and the saved route it takes the place of (none: a new one). */
export interface RouteDraft {
  readonly service: string;
  readonly group: string;
  readonly version: string;
  readonly rule: string;
  readonly force: boolean;
  readonly priority: number;
  /** False for a deletion too: a deleted route filters no more than a disabled one. */
  readonly enabled: boolean;
  readonly targets: readonly RouteTarget[];
  /** The id of the saved route it replaces. */
  readonly replaces?: string;
}

/**
 * The registered consumers `draft` would leave with no provider: each judged as the impact
 * view judges it (route-impact.ts, by the copy its release obeys), whose providers go from
 * some to none. Empty when the service has no registered consumer, or its providers,
 * consumers or routes cannot be read (the write then fails or goes ahead on its own terms;
 * the check is a courtesy of what the registry shows, not a lock).
 */
export function strandedConsumers(draft: RouteDraft, sources: PreviewSources): StrandedConsumer[] {
  const key = serviceKey({ interface: draft.service, group: draft.group, version: draft.version });
  let service;
  let saved;
  try {
    service = sources.catalog.routing(key);
    saved = sources.routes.list({ service: draft.service, group: draft.group, version: draft.version }).routes;
  } catch (e) {
    if (isConsoleError(e)) return [];
    throw e;
  }
  if (service.consumers.length === 0) return [];
  const body: Pick<RoutePreviewBody, "id" | "rule" | "priority" | "force" | "enabled" | "targets" | "semantics"> = {
    id: draft.replaces,
    rule: draft.rule,
    priority: draft.priority,
    force: draft.force,
    enabled: draft.enabled,
    targets: [...draft.targets],
    semantics: "2.7",
  };
  const notes: string[] = [];
  const plan = planChains(saved, body, notes);
  const impact = routeImpact(service.consumers, impactRequest(body, plan, saved), impactChains(plan, "2.7", registryProviders(service.providers, "2.7"), notes));
  return impact.consumers
    .filter((c) => c.after === 0 && c.before !== null && c.before > 0)
    .map((c) => ({ application: c.application, host: c.host, release: c.release, url: c.url, before: c.before ?? 0 }));
}

/**
 * Refuses `draft` when it strands a registered consumer, unless `allow`.
 * @throws StrandsConsumersError (409 `strands_consumers`) naming them.
 */
export function refuseStranding(draft: RouteDraft, sources: PreviewSources, allow: boolean): void {
  if (allow) return;
  const stranded = strandedConsumers(draft, sources);
  if (stranded.length > 0) throw new StrandsConsumersError(stranded);
}
