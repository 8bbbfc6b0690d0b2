import type { Consumer } from "@/lib/api/catalog-entities";
import { parseDubboUrl } from "@/lib/dubbo/url";
import { type StrandedConsumer, StrandsConsumersError } from "@/lib/errors";
import type { OverrideDraft } from "@/lib/override/override-draft";
import { yamlServiceKey } from "@/lib/override/override-draft";

/**
 * Whether a config change leaves a registered consumer with no provider: the providers it
 * has not disabled (`disabled=true` that applies to it) go from some to none. A courtesy
 * of what the registry shows, as route-stranding.ts is for routes, not a lock: a consumer
 * it cannot judge is left out. The preview (server/governance/preview) says exactly which
 * configurator decides what per release; this only counts providers taken out.
 */

export interface StrandingService {
  readonly service: string;
  readonly group: string;
  readonly version: string;
  /** The providers' decoded URLs (ServiceRouting.providers). */
  readonly providers: readonly string[];
  readonly consumers: readonly Consumer[];
}

/** The registered consumers of `svc` that the configs `after` leave with no provider where `before` left them some. */
export function strandedByConfigs(svc: StrandingService, before: readonly OverrideDraft[], after: readonly OverrideDraft[]): StrandedConsumer[] {
  const providers = svc.providers.flatMap((p) => {
    try {
      const u = parseDubboUrl(p, "2.7");
      return [`${u.host}:${u.port}`];
    } catch {
      return [];
    }
  });
  if (providers.length === 0) return [];
  const out: StrandedConsumer[] = [];
  for (const c of svc.consumers) {
    const left = (drafts: readonly OverrideDraft[]) => providers.filter((p) => !drafts.some((d) => disables(d, svc, c, p))).length;
    const had = left(before);
    if (had > 0 && left(after) === 0) out.push({ application: c.application, host: c.host, release: c.release, url: c.url, before: had });
  }
  return out;
}

/** @throws StrandsConsumersError when the change strands a consumer, unless `allow`. */
export function refuseConfigStranding(svc: StrandingService, before: readonly OverrideDraft[], after: readonly OverrideDraft[], allow: boolean): void {
  if (allow) return;
  const stranded = strandedByConfigs(svc, before, after);
  if (stranded.length > 0) throw new StrandsConsumersError(stranded);
}

/** Whether `d` sets `disabled=true` on provider `p` as consumer `c` of `svc` sees it. */
function disables(d: OverrideDraft, svc: StrandingService, c: Consumer, p: string): boolean {
  if (!d.enabled || d.parameters.disabled?.toLowerCase() !== "true") return false;
  if (d.scope === "service") {
    if (d.service !== svc.service || (d.group ?? "") !== svc.group || (d.version ?? "") !== svc.version) return false;
    if (d.applications && d.applications.length > 0 && !d.applications.includes(c.application)) return false;
  } else {
    if (d.application !== c.application) return false;
    if (d.services && d.services.length > 0 && !d.services.includes(yamlServiceKey(svc)) && !d.services.includes("*")) return false;
  }
  const hosts = d.addresses ?? [];
  if (d.side === "consumer") {
    if (hosts.length > 0 && !hosts.includes(c.host) && !hosts.includes("0.0.0.0")) return false;
    return !d.providerAddresses || d.providerAddresses.length === 0 || d.providerAddresses.includes(p);
  }
  const targets = [...hosts, ...(d.providerAddresses ?? [])];
  return targets.length === 0 || targets.includes(p) || targets.includes("0.0.0.0");
}
