"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Provider } from "@/lib/api/catalog-entities";
import { tagRoutesQuery } from "@/lib/api/client/queries";
import { grayTagDraft } from "@/lib/gray/gray-plan";
import { renderTagRule } from "@/lib/tag/tag-draft";
import { strandedBy } from "../routes/stranded-consumers";
import { StrandingAskDialog } from "../routes/stranding-ask-dialog";
import { TagPreviewPanel } from "../tag-routes/tag-preview-panel";
import { useDeleteTagRoute, useSaveTagRoute } from "../tag-routes/use-tag-route-mutations";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { ConfirmDialog } from "../ui/confirm-dialog";
import type { GrayFlow, GrayFlowState } from "./use-gray-flow";

/**
 * A gray release by tag under way: one step, the tag rule of the new providers' application
 * naming them under the flow's tag (previewed for every consumer and request tag before it
 * is written), and returning deletes that rule (recorded in the audit trail). An application
 * that has a tag rule already is sent to the Tag routes page: the flow writes only a rule of
 * its own, so returning can delete it whole.
 */
export function GrayTagRun({ providers, flow, setFlow }: { providers: readonly Provider[]; flow: GrayFlow; setFlow: (f: GrayFlowState | null, how?: "returned") => void }) {
  const fresh = providers.filter((p) => flow.plan.newAddresses.includes(p.address));
  const application = fresh[0]?.application ?? "";
  const tag = flow.plan.tag ?? "gray";
  const rules = useQuery({ ...tagRoutesQuery({ application }), enabled: application !== "" });
  const save = useSaveTagRoute();
  const remove = useDeleteTagRoute();
  const [askStranding, setAskStranding] = useState(false);
  const own = flow.configId === null ? null : (rules.data?.tagRoutes.find((r) => r.id === flow.configId) ?? null);
  const other = flow.configId === null ? (rules.data?.tagRoutes[0] ?? null) : null;
  const lost = flow.configId !== null && rules.data !== undefined && own === null;
  const draft = grayTagDraft(tag, fresh);
  const body = flow.step < 0 && application !== "" && other === null ? { application, yaml: renderTagRule(application, draft), listMax: 20 } : null;
  const stranded = strandedBy(save.error);
  const run = (allowStranding: boolean) =>
    save.mutate({ existing: null, application, body: { rule: draft }, allowStranding }, { onSuccess: (saved) => (setAskStranding(false), setFlow({ ...flow, configId: saved.id, step: 0 })), onError: (e) => setAskStranding(strandedBy(e) !== null) });
  return (
    <div className="space-y-3" data-testid="gray-run" data-mode="tag" data-step={flow.step}>
      <p className="text-sm [overflow-wrap:anywhere]">
        New providers: <span className="font-mono">{flow.plan.newAddresses.join(", ")}</span> of <span className="font-mono">{application || "?"}</span>, for requests tagged <span className="font-mono">{tag}</span>
      </p>
      <p className="text-sm" data-testid="gray-now">
        {flow.step < 0
          ? "Nothing is written yet: every consumer calls the providers as before."
          : `Now: only requests tagged ${tag} reach the new providers (they fall back to the others while none of them is up); untagged requests never do.`}
      </p>
      {fresh.length === 0 && <Callout tone="warn">None of the new providers is registered now.</Callout>}
      {other && (
        <Callout tone="warn" title="The application has a tag rule already" data-testid="gray-tag-taken">
          {application} has a tag rule; add the tag to it on the Tag routes page, where its other tags are kept and previewed.
        </Callout>
      )}
      {lost && (
        <Callout tone="warn" title="The flow's tag rule is gone" data-testid="gray-lost">
          Someone deleted the tag rule this flow wrote. End the flow and start again if needed.
        </Callout>
      )}
      {flow.step < 0 && other === null && fresh.length > 0 && (
        <div className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          <p className="text-sm font-medium">Step 1: requests tagged {tag} to the new providers</p>
          <TagPreviewPanel body={body} paused={save.isPending} />
          <Button type="button" variant="primary" disabled={save.isPending || rules.isPending} onClick={() => run(false)} data-testid="gray-apply">
            {save.isPending ? "Applying…" : "Apply step 1"}
          </Button>
          {save.error && !stranded && <p className="text-sm text-red-700 dark:text-red-300">{save.error.message}</p>}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {own !== null && (
          <ConfirmDialog
            trigger="Return everything to before"
            title="Return every consumer to how it was before the gray release?"
            description={`The tag rule of ${application} the flow wrote is deleted: requests tagged ${tag} go to any provider again. Consumers see it within seconds; the deletion is recorded in the audit trail.`}
            confirmLabel="Return everything"
            pendingLabel="Returning…"
            pending={remove.isPending}
            error={remove.error ? remove.error.message : null}
            onClosed={() => remove.reset()}
            onConfirm={(close) => remove.mutate({ rule: own }, { onSuccess: () => (close(), setFlow(null, "returned")) })}
          />
        )}
        <Button type="button" variant="ghost" onClick={() => setFlow(null)} data-testid="gray-end">
          {own === null ? "Cancel the flow" : "End the flow (keep the tag rule)"}
        </Button>
      </div>
      <StrandingAskDialog
        asked={askStranding}
        error={save.error}
        testId="gray-stranding-dialog"
        title="Apply a tag rule that leaves consumers with no provider?"
        confirmLabel="Apply anyway"
        pendingLabel="Applying…"
        pending={save.isPending}
        onConfirm={() => run(true)}
        onCancel={() => (setAskStranding(false), save.reset())}
      />
    </div>
  );
}
