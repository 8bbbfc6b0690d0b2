"use client";

import { Unplug } from "lucide-react";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { TimeAgo } from "../ui/time-ago";

/**
 * "no providers now, last seen 5 min ago" in a list row: a service kept listed after its
 * last provider left (it has consumers, routes, config-center rules, or lost it recently).
 * `lastSeen` is epoch ms, null when not known. Renders nothing while there are providers.
 */
export function NoProvidersBadge({ providers, lastSeen }: { providers: number; lastSeen: number | null }) {
  if (providers > 0) return null;
  return (
    <Badge tone="warn" data-badge="no-providers" title="No provider is registered for this service now">
      <span>
        no providers now
        {lastSeen !== null && (
          <span className="font-normal">
            , last seen <TimeAgo at={lastSeen} compact />
          </span>
        )}
      </span>
    </Badge>
  );
}

/** The same, above a service's page: why it is still listed, and when its last provider was seen. */
export function NoProvidersCallout({ providers, lastSeen }: { providers: number; lastSeen: number | null }) {
  if (providers > 0) return null;
  return (
    <Callout tone="warn" data-testid="no-providers" icon={<Unplug aria-hidden />} title={lastSeen === null ? "No providers now" : <>No providers now, last seen <TimeAgo at={lastSeen} compact /></>}>
      <p>
        No registry lists a provider of this service. It stays listed while it has consumers, routes or config-center rules, and for a day after its last provider
        left, so its routes can still be seen and changed here.
      </p>
    </Callout>
  );
}
