"use client";

import { useState } from "react";
import type { Provider, ServiceDetail } from "@/lib/api/catalog-entities";
import { scaledWeight } from "@/lib/override/editor/provider-action-impact";
import { AskDialog } from "../routes/ask-dialog";
import { StrandedConsumers, strandedBy } from "../routes/stranded-consumers";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { HonouringReleases } from "./honouring-releases";
import { ProviderActionOutcome } from "./provider-action-outcome";
import { type ProviderAction, useProviderAction } from "./use-config-mutations";

/** Dubbo's weight is a Java int; 0 takes no calls. */
const MAX_WEIGHT = 2147483647;

const TITLES = { offline: "Take provider offline?", online: "Bring provider back online?", weight: "Set the provider's weight?" } as const;

function parsedWeight(text: string): number | null {
  if (!/^\d{1,10}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n <= MAX_WEIGHT ? n : null;
}

/**
 * The confirm of one Providers-tab action: what it does to the service's consumers as the
 * server's preview judges it (each one's sentence, who is left with none, the calls' shares
 * before and after; {@link ProviderActionOutcome}) and which releases obey it, before
 * anything is written. A 409 `strands_consumers` from the server
 * names the consumers it would strand and asks again (`allowStranding`).
 */
export function ProviderActionDialog({ service, provider, kind, onClose }: { service: ServiceDetail; provider: Provider; kind: ProviderAction["kind"]; onClose: () => void }) {
  const mutation = useProviderAction();
  const [weightText, setWeightText] = useState(String(provider.weight));
  const weight = parsedWeight(weightText);
  const action: ProviderAction | null = kind === "weight" ? (weight === null ? null : { kind, weight }) : { kind };
  const stranded = strandedBy(mutation.error);
  const target = { service: service.interface, group: service.group, version: service.version, address: provider.address };
  const run = () => action && mutation.mutate({ target, action, allowStranding: stranded !== null }, { onSuccess: onClose });
  const verb = kind === "offline" ? "Take offline" : kind === "online" ? "Bring online" : `Set weight ${weight ?? ""}`;
  return (
    <AskDialog
      open
      testId="provider-action-dialog"
      title={TITLES[kind]}
      confirmLabel={stranded ? `${verb} anyway` : verb}
      pendingLabel="Saving…"
      pending={mutation.isPending || action === null}
      error={mutation.error && !stranded ? mutation.error.message : null}
      onConfirm={run}
      onCancel={onClose}
    >
      <p className="[overflow-wrap:anywhere]">
        Provider <span className="font-mono">{provider.address}</span>
        {provider.application ? ` (${provider.application})` : ""} of this service, for every consumer.
      </p>
      {kind === "weight" && (
        <div className="flex flex-wrap items-end gap-2">
          <label className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Weight (now {provider.weight}; Dubbo&apos;s default 100)
            <Input value={weightText} onChange={(e) => setWeightText(e.target.value)} inputMode="numeric" aria-invalid={weight === null} className="mt-0.5 w-32 tabular-nums" data-testid="weight-input" />
          </label>
          <Button type="button" size="sm" onClick={() => setWeightText(String(scaledWeight(weight ?? provider.weight, 2)))} data-testid="weight-double">
            Double
          </Button>
          <Button type="button" size="sm" onClick={() => setWeightText(String(scaledWeight(weight ?? provider.weight, 0.5)))} data-testid="weight-halve">
            Halve
          </Button>
        </div>
      )}
      {kind === "weight" && weight === null && <p className="text-red-700 dark:text-red-300">A weight is a whole number from 0 to {MAX_WEIGHT}.</p>}
      {stranded ? (
        <>
          <p>Nothing was changed: the console says this leaves registered consumers with no provider.</p>
          <StrandedConsumers consumers={stranded} />
        </>
      ) : (
        <ProviderActionOutcome service={service} provider={provider} action={action} paused={mutation.isPending || mutation.isSuccess} />
      )}
      <HonouringReleases consumers={service.consumers} />
    </AskDialog>
  );
}
