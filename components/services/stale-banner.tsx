"use client";

import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { registryStatusQuery } from "@/lib/api/client/queries";
import { describeStaleView, type StaleRegistry } from "@/lib/format/stale-view";
import { Callout } from "../ui/callout";
import { useNow } from "../ui/use-now";

/**
 * The amber notice above the list while some registry's last complete view is served
 * instead of a live one: which registry, how old its view is (ticking between refreshes
 * from the age the server reported at `fetchedAt`), and the connection error behind it.
 * Renders nothing while every registry is live. `title` names what may be out of date.
 */
export function StaleBanner({ stale, fetchedAt, title = "This list may be out of date" }: { stale: readonly StaleRegistry[]; fetchedAt: number; title?: string }) {
  const { data } = useQuery(registryStatusQuery());
  const now = useNow();
  if (stale.length === 0) return null;
  const elapsed = now === null ? 0 : Math.max(0, now - fetchedAt);
  return (
    <Callout tone="warn" data-testid="stale-banner" icon={<History aria-hidden />} title={title}>
      {stale.map((s) => {
        const lastError = data?.registries.find((r) => r.source === s.registry)?.lastError ?? null;
        return (
          <p key={s.registry} className="[overflow-wrap:anywhere]">
            {describeStaleView(s, lastError, s.ageMs + elapsed)}
          </p>
        );
      })}
    </Callout>
  );
}
