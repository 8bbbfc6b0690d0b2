import type { ServiceSummary } from "@/lib/api/services";
import type { ProviderSourceName } from "@/lib/api/catalog-entities";
import { SourceBadge } from "../catalog/source-badge";
import { Badge } from "../ui/badge";
import { NoProvidersBadge } from "./no-providers-marker";
import { VisibleText } from "../ui/visible-text";

/** Where a service's providers were seen, as one name: both levels, one of them, or none (no provider). */
function sourceOf(levels: ServiceSummary["sources"]): ProviderSourceName | null {
  if (levels.includes("interface") && levels.includes("instance")) return "both";
  return levels[0] ?? null;
}

/**
 * A service's group and version, where its providers were seen (interface level, Dubbo 3
 * instances, both), "no providers now" when it has none, and "stale" when a registry
 * holding it is served from its last view.
 */
export function ServiceBadges({ service, staleRegistries }: { service: ServiceSummary; staleRegistries: ReadonlySet<string> }) {
  const source = sourceOf(service.sources);
  const stale = service.registries.some((r) => staleRegistries.has(r));
  return (
    <span className="flex flex-wrap gap-1" data-service-badges>
      {service.group && (
        <Badge tone="info" data-badge="group" title="Group">
          <span className="font-normal opacity-70">group</span> <VisibleText text={service.group} />
        </Badge>
      )}
      {service.version && (
        <Badge tone="info" data-badge="version" title="Version">
          <span className="font-normal opacity-70">version</span> <VisibleText text={service.version} />
        </Badge>
      )}
      {source && <SourceBadge source={source} />}
      <NoProvidersBadge providers={service.providers} lastSeen={service.providersLastSeen} />
      {stale && (
        <Badge tone="warn" data-badge="stale" title="A registry holding this service is served from its last complete view">
          stale
        </Badge>
      )}
    </span>
  );
}
