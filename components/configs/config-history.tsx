"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AuditEntry } from "@/lib/api/audit";
import { type Config, configSchema } from "@/lib/api/overrides/configs";
import { auditPagesQuery } from "@/lib/api/client/queries";
import { KIND_LABELS, kindTone } from "@/lib/audit/kind-labels";
import { configRollback } from "@/lib/override/editor/config-rollback";
import { AuditActor } from "../audit/audit-actor";
import { AuditChange } from "../audit/audit-change";
import { AskDialog } from "../routes/ask-dialog";
import { StrandedConsumers, strandedBy } from "../routes/stranded-consumers";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { TimeAgo } from "../ui/time-ago";
import { useDeleteConfig, useSaveConfig } from "./use-config-mutations";

const asConfig = (v: unknown): Config | null => {
  const parsed = configSchema.safeParse(v);
  return parsed.success ? parsed.data : null;
};

/** Roll back one change, asked first with the diff the rollback makes; a 409 strands_consumers names them and asks again. */
function RollbackConfig({ entry, current }: { entry: AuditEntry; current: readonly Config[] }) {
  const [open, setOpen] = useState(false);
  const save = useSaveConfig();
  const remove = useDeleteConfig();
  const plan = configRollback(asConfig(entry.before), asConfig(entry.after), current);
  const error = save.error ?? remove.error;
  const stranded = strandedBy(error);
  const pending = save.isPending || remove.isPending;
  if (plan.kind === "none") return <p className="max-w-64 text-xs text-zinc-500 dark:text-zinc-400">{`Nothing to roll back: ${plan.reason}.`}</p>;
  const done = { onSuccess: () => setOpen(false) };
  const run = () => {
    const allowStranding = stranded !== null;
    if (plan.kind === "delete") remove.mutate(plan.config, done);
    else save.mutate({ config: plan.kind === "replace" ? plan.config : null, draft: plan.draft, allowStranding }, done);
  };
  const close = () => (setOpen(false), save.reset(), remove.reset());
  return (
    <>
      <Button type="button" size="sm" variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => setOpen(true)} data-testid="rollback-config">
        Roll back
      </Button>
      <AskDialog open={open} testId="rollback-config-dialog" title="Roll this config back?" confirmLabel={stranded ? "Roll back anyway" : "Roll back"} pendingLabel="Rolling back…" pending={pending} error={error && !stranded ? error.message : null} onConfirm={run} onCancel={close}>
        <p>{plan.kind === "delete" ? "This change created the config, so rolling it back deletes it." : plan.kind === "create" ? "This change deleted the config, so rolling it back writes it again." : "The config is put back as it was before this change."} The rollback is recorded in the audit trail too.</p>
        <AuditChange entry={{ before: entry.after, after: entry.before }} />
        {stranded && <StrandedConsumers consumers={stranded} />}
      </AskDialog>
    </>
  );
}

/**
 * The recorded changes of the configs of one service or application (audit kinds
 * `config.*`), newest first: who, when, what, the diff, and for a role that may change
 * configs a rollback to the state before each change.
 */
export function ConfigHistory({ subject, current, canWrite }: { subject: string; current: readonly Config[]; canWrite: boolean }) {
  const query = useInfiniteQuery(auditPagesQuery({ service: subject }));
  const entries = (query.data?.pages ?? []).flatMap((p) => p.entries).filter((e) => e.kind.startsWith("config.") && e.service === subject);
  return (
    <details className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900" data-testid="config-history">
      <summary className="cursor-pointer text-sm font-semibold">History of these configs</summary>
      <div className="mt-3 space-y-2">
        {query.error && (
          <Callout tone="bad" title="The history could not be read">
            {query.error.message}
          </Callout>
        )}
        {query.isPending && <Callout>Reading the history…</Callout>}
        {query.data && entries.length === 0 && <Callout>No change of these configs is recorded in the latest entries of the audit trail.</Callout>}
        <ol className="space-y-2">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800" data-history-entry={entry.id} data-audit-kind={entry.kind}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 space-y-0.5">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone={kindTone(entry.kind)}>{KIND_LABELS[entry.kind]}</Badge>
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">
                      <TimeAgo at={entry.at} />
                    </span>
                  </p>
                  <p className="text-sm [overflow-wrap:anywhere]">{entry.summary}</p>
                  <div className="text-sm">
                    <AuditActor actor={entry.actor} />
                  </div>
                </div>
                {canWrite && entry.outcome === "ok" && <RollbackConfig entry={entry} current={current} />}
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-xs font-medium text-zinc-600 dark:text-zinc-400">What changed</summary>
                <div className="mt-2">
                  <AuditChange entry={entry} />
                </div>
              </details>
            </li>
          ))}
        </ol>
      </div>
    </details>
  );
}
