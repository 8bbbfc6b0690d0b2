"use client";

import { useState } from "react";
import type { Config as ListedConfig } from "@/lib/api/overrides/configs";
import { AskDialog } from "../routes/ask-dialog";
import { StrandedConsumers, strandedBy } from "../routes/stranded-consumers";
import { Button } from "../ui/button";
import { useDeleteConfig, useToggleConfig } from "./use-config-mutations";

/** A config's enabled switch: a change the server refuses because it strands consumers (409 `strands_consumers`) names them and is done only when confirmed. */
export function ConfigEnabledToggle({ config, canWrite }: { config: ListedConfig; canWrite: boolean }) {
  const toggle = useToggleConfig();
  const stranded = strandedBy(toggle.error);
  const next = !config.enabled;
  const run = (allowStranding: boolean) => toggle.mutate({ config, enabled: next, allowStranding });
  return (
    <>
      <label className="inline-flex items-center gap-1.5 text-sm">
        <input type="checkbox" checked={config.enabled} disabled={!canWrite || toggle.isPending} onChange={() => (toggle.reset(), run(false))} data-testid="config-toggle" aria-label={config.enabled ? "Enabled: disable it" : "Disabled: enable it"} />
        {config.enabled ? "on" : "off"}
      </label>
      {toggle.error && !stranded && <span className="block text-xs text-red-700 dark:text-red-300">{toggle.error.message}</span>}
      <AskDialog open={stranded !== null} testId="config-toggle-dialog" title={`${next ? "Enable" : "Disable"} this config anyway?`} confirmLabel={`${next ? "Enable" : "Disable"} anyway`} pending={toggle.isPending} onConfirm={() => run(true)} onCancel={() => toggle.reset()}>
        <p>Nothing was changed: this leaves registered consumers with no provider.</p>
        <StrandedConsumers consumers={stranded ?? []} />
      </AskDialog>
    </>
  );
}

/** Delete, asked first: what deleting restores, and again with the stranded consumers if the server names some. */
export function DeleteConfig({ config }: { config: ListedConfig }) {
  const remove = useDeleteConfig();
  const [asking, setAsking] = useState(false);
  const close = () => (setAsking(false), remove.reset());
  return (
    <>
      <Button type="button" size="sm" variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => setAsking(true)} data-testid="delete-config">
        Delete
      </Button>
      <AskDialog
        open={asking}
        testId="delete-config-dialog"
        title="Delete this config?"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => remove.mutate(config, { onSuccess: () => setAsking(false) })}
        onCancel={close}
      >
        <p>
          Its copies (registry and config center) are removed; consumers and providers go back to what the other configs and their own URLs say ({Object.keys(config.parameters).join(", ") || "no parameter"} back to
          their values without it) within seconds.
        </p>
        {strandedBy(remove.error) && <StrandedConsumers consumers={strandedBy(remove.error) ?? []} />}
      </AskDialog>
    </>
  );
}
