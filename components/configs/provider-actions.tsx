"use client";

import { useState } from "react";
import type { Provider, ServiceDetail } from "@/lib/api/catalog-entities";
import { Button } from "../ui/button";
import { ProviderActionDialog } from "./provider-action-dialog";
import type { ProviderAction } from "./use-config-mutations";

/**
 * One provider's actions on the Providers tab: Offline (or Online when a configurator
 * disabled it) and Weight; each opens its confirm with the impact
 * ({@link ProviderActionDialog}). Shown only to a role that may change overrides.
 */
export function ProviderActions({ service, provider }: { service: ServiceDetail; provider: Provider }) {
  const [open, setOpen] = useState<ProviderAction["kind"] | null>(null);
  const disabled = provider.disabled || !provider.enabled;
  return (
    <span className="flex flex-wrap gap-1">
      {disabled ? (
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen("online")} data-testid="provider-online">
          Online
        </Button>
      ) : (
        <Button type="button" size="sm" variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => setOpen("offline")} data-testid="provider-offline">
          Offline
        </Button>
      )}
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen("weight")} data-testid="provider-weight">
        Weight
      </Button>
      {open && <ProviderActionDialog service={service} provider={provider} kind={open} onClose={() => setOpen(null)} />}
    </span>
  );
}
