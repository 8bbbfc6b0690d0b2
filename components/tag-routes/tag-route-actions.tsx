"use client";

import { useState } from "react";
import type { TagRoute } from "@/lib/api/tag-routes";
import { StrandingAskDialog } from "../routes/stranding-ask-dialog";
import { StrandedConsumers, strandedBy } from "../routes/stranded-consumers";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDeleteTagRoute, useToggleTagRoute } from "./use-tag-route-mutations";

/**
 * A tag rule's row actions: edit, enable or disable, delete (confirmed), history. Each write
 * names the revision shown; one that would leave consumers with no provider (a 409
 * `strands_consumers`) says who and is done only when confirmed.
 */
export function TagRouteActions({ rule, onEdit, onHistory }: { rule: TagRoute; onEdit: () => void; onHistory: () => void }) {
  const toggle = useToggleTagRoute();
  const remove = useDeleteTagRoute();
  const [ask, setAsk] = useState<"toggle" | null>(null);
  const enabled = rule.rule?.enabled ?? rule.readings.some((r) => r.status === "active");
  const toggleStranded = strandedBy(toggle.error);
  const removeStranded = strandedBy(remove.error);
  const doToggle = (allowStranding: boolean) => toggle.mutate({ rule, enabled: !enabled, allowStranding }, { onSuccess: () => setAsk(null), onError: (e) => setAsk(strandedBy(e) ? "toggle" : null) });
  return (
    <div className="flex flex-wrap gap-1.5">
      <Button type="button" size="sm" onClick={onEdit} data-testid="edit-tag-route">
        Edit
      </Button>
      <Button type="button" size="sm" disabled={toggle.isPending} onClick={() => doToggle(false)} data-testid={enabled ? "disable-tag-route" : "enable-tag-route"}>
        {enabled ? "Disable" : "Enable"}
      </Button>
      <ConfirmDialog
        trigger="Delete"
        title={`Delete the tag rule of ${rule.application}?`}
        description="Consumers stop routing by these tags within seconds: tagged requests fall back to untagged providers (or fail under a consumer's dubbo.force.tag). The deletion is recorded and can be rolled back from the history."
        confirmLabel={removeStranded ? "Delete anyway" : "Delete"}
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error && !removeStranded ? remove.error.message : null}
        onClosed={() => remove.reset()}
        onConfirm={(close) => remove.mutate({ rule, ...(removeStranded ? { allowStranding: true } : {}) }, { onSuccess: close })}
      >
        {removeStranded && (
          <div className="space-y-1 text-sm">
            <p>Deleting it leaves these consumers with no provider:</p>
            <StrandedConsumers consumers={removeStranded} />
          </div>
        )}
      </ConfirmDialog>
      <Button type="button" size="sm" variant="ghost" onClick={onHistory} data-testid="tag-route-history-button">
        History
      </Button>
      {toggle.error && !toggleStranded && <p className="w-full text-xs text-red-700 dark:text-red-300">{toggle.error.message}</p>}
      <StrandingAskDialog
        asked={ask === "toggle"}
        error={toggle.error}
        testId="tag-toggle-stranding-dialog"
        title={`${enabled ? "Disable" : "Enable"} a tag rule that leaves consumers with no provider?`}
        confirmLabel={enabled ? "Disable anyway" : "Enable anyway"}
        pendingLabel="Saving…"
        pending={toggle.isPending}
        onConfirm={() => doToggle(true)}
        onCancel={() => (setAsk(null), toggle.reset())}
      />
    </div>
  );
}
