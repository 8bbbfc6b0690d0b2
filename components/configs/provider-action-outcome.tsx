"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import type { Provider, ServiceDetail } from "@/lib/api/catalog-entities";
import { configPreviewQuery, configsQuery } from "@/lib/api/client/queries";
import type { ConfigPreviewRequest } from "@/lib/api/overrides/configs";
import { providerActionImpact } from "@/lib/override/editor/provider-action-impact";
import { providerActionPreview } from "@/lib/override/editor/provider-action-preview";
import { useDebounced } from "../routes/use-debounced";
import { ImpactShares } from "./impact-shares";
import { PreviewConsumers } from "./preview-consumers";
import type { ProviderAction } from "./use-config-mutations";

/** How long the weight must stay the same before the preview is asked for it. */
const WEIGHT_SETTLE_MS = 250;

/**
 * What a Providers-tab action does, as the server judges it: POST /api/v1/configs/preview
 * of the very draft the action saves (lib/override/editor/provider-action-preview.ts), per
 * consumer by its own release. The page's own estimate (from the providers it lists) is
 * shown only while the first answer loads or when it fails, and says so; a later
 * answer (a new weight) keeps the last one shown, dimmed. `paused`: the action is
 * being saved (or was), so the preview is not asked again for a config about to change.
 */
export function ProviderActionOutcome({ service, provider, action, paused }: { service: ServiceDetail; provider: Provider; action: ProviderAction | null; paused: boolean }) {
  const target = { service: service.interface, group: service.group, version: service.version, address: provider.address };
  const configs = useQuery(configsQuery({ service: target.service, group: target.group, version: target.version }));
  const settled = useDebounced(action, action?.kind === "weight" ? WEIGHT_SETTLE_MS : 0);
  const asked = settled && configs.data ? providerActionPreview(target, settled, configs.data.configs) : null;
  const body: ConfigPreviewRequest | null = asked?.body ?? null;
  const preview = useQuery({ ...configPreviewQuery(body ?? ({} as ConfigPreviewRequest)), enabled: body !== null && !paused, placeholderData: keepPreviousData });
  const answer = preview.data;
  const outdated = action === null || preview.isPlaceholderData || preview.isFetching || JSON.stringify(settled) !== JSON.stringify(action);
  const estimate = action ? providerActionImpact(service.providers, service.consumers, provider.address, action) : null;
  const failed = configs.error ?? preview.error;
  if (answer && !failed) {
    return (
      <div className={outdated ? "space-y-2 opacity-60" : "space-y-2"} data-testid="provider-outcome" data-source="server" data-state={outdated ? "updating" : "current"}>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">What the console judges it does, for each registered consumer by its own Dubbo release:</p>
        <PreviewConsumers answer={answer} />
        {asked && asked.body !== null && asked.more > 0 && (
          <p className="text-xs text-amber-800 dark:text-amber-200">
            {asked.more} more config{asked.more === 1 ? "" : "s"} of the same shape take{asked.more === 1 ? "s" : ""} it offline; Online removes them too, the preview shows the first one&apos;s removal.
          </p>
        )}
      </div>
    );
  }
  const why = failed ? `The console's preview failed (${failed.message}); the page's own estimate:` : asked && asked.body === null ? `${asked.why} The page's own estimate:` : action ? "Asking the console for its preview; meanwhile the page's own estimate:" : null;
  return (
    <div className="space-y-2" data-testid="provider-outcome" data-source={failed ? "estimate-failed" : "estimate"}>
      {why && (
        <p className={failed ? "flex items-center gap-1 text-xs text-red-700 dark:text-red-300" : "flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400"} data-testid="outcome-note">
          {!failed && asked?.body !== null && <LoaderCircle className="h-3.5 w-3.5 shrink-0 animate-spin" aria-hidden />}
          <span className="[overflow-wrap:anywhere]">{why}</span>
        </p>
      )}
      {estimate && <ImpactShares impact={estimate} kind={action!.kind} address={provider.address} />}
    </div>
  );
}
