"use client";

import { useState } from "react";
import type { AccessRule } from "@/lib/api/access";
import { accessRuleWords } from "@/lib/access/access-words";
import { changeErrorText } from "@/lib/api/client/stale-revision";
import { AskDialog } from "../routes/ask-dialog";
import { StrandedConsumers, strandedBy } from "../routes/stranded-consumers";
import { Button } from "../ui/button";
import { useDeleteAccess, useToggleAccess } from "./use-access-mutations";

/**
 * Enable or Disable one access rule, based on the revision shown; enabling one the server
 * refuses because it would block every consumer that calls the service (409
 * `strands_consumers`) names them and is done only when confirmed (`allowStranding`).
 */
export function ToggleAccess({ rule }: { rule: AccessRule }) {
  const toggle = useToggleAccess();
  const stranded = strandedBy(toggle.error);
  const run = (allowStranding: boolean) => toggle.mutate({ rule, enabled: !rule.enabled, allowStranding });
  return (
    <>
      <Button type="button" size="sm" variant="ghost" disabled={toggle.isPending} onClick={() => (toggle.reset(), run(false))} data-testid="toggle-access">
        {toggle.isPending ? (rule.enabled ? "Disabling…" : "Enabling…") : rule.enabled ? "Disable" : "Enable"}
      </Button>
      {toggle.error && !stranded && <span className="block text-xs text-red-700 dark:text-red-300" data-testid="toggle-access-error">{changeErrorText(toggle.error)}</span>}
      <AskDialog open={stranded !== null} testId="toggle-access-dialog" title="Enable a rule that blocks every consumer?" confirmLabel="Enable anyway" pendingLabel="Enabling…" pending={toggle.isPending} onConfirm={() => run(true)} onCancel={() => toggle.reset()}>
        <p>Nothing was changed: enabled, this rule leaves these consumers with no provider.</p>
        <StrandedConsumers consumers={stranded ?? []} />
      </AskDialog>
    </>
  );
}

/** Delete one access rule (its registry and config-center copies), asked first, based on the revision shown. */
export function DeleteAccess({ rule }: { rule: AccessRule }) {
  const remove = useDeleteAccess();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button type="button" size="sm" variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => setAsking(true)} data-testid="delete-access">
        Delete
      </Button>
      <AskDialog
        open={asking}
        testId="delete-access-dialog"
        title="Delete this access rule?"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={changeErrorText(remove.error)}
        onConfirm={() => remove.mutate(rule, { onSuccess: () => setAsking(false) })}
        onCancel={() => (setAsking(false), remove.reset())}
      >
        <p>The rule that {accessRuleWords(rule)} is removed from the registry and the config center; the consumers it blocked get their providers back within seconds.</p>
        <p className="font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">{rule.route.rule}</p>
      </AskDialog>
    </>
  );
}
