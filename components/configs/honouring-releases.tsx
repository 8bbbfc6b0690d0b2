import type { Consumer } from "@/lib/api/catalog-entities";
import { consumerLabel, whoObeys } from "@/lib/dubbo/rules/who-obeys";

/**
 * Which Dubbo releases obey an override the console writes (both copies): the registry's
 * `override://` URL is read by 2.6 and 2.7 consumers (RegistryDirectory), the config
 * center's `.configurators` rule by 2.7 consumers that use the registry as config center
 * (2.7's default on ZooKeeper) and by every 3.x consumer; then the service's own consumers.
 */
export function HonouringReleases({ consumers }: { consumers: readonly Consumer[] }) {
  const lines = whoObeys(consumers);
  return (
    <div className="space-y-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="honouring-releases">
      <p>
        Written to both copies: the registry&apos;s <code>override://</code> URL (obeyed by Dubbo 2.6 and 2.7) and the config center&apos;s <code>.configurators</code> rule (obeyed by 2.7 with the
        registry as config center, and by every 3.x).
      </p>
      {lines.length > 0 && (
        <p>
          This service&apos;s consumers: {lines.map((l) => consumerLabel(l)).join(", ")}.
        </p>
      )}
    </div>
  );
}
