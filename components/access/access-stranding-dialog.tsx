"use client";

import type { AccessPreviewResponse } from "@/lib/api/access";
import { strandedInWords } from "@/lib/errors";
import { AskDialog } from "../routes/ask-dialog";
import { strandedBy } from "../routes/stranded-consumers";

/**
 * The confirm before saving an access rule that leaves every consumer that calls the
 * service with no provider: who loses every provider, from the server's 409
 * `strands_consumers` when it answered one, else from the preview's blocked consumers.
 */
export function AccessStrandingDialog({ open, error, preview, pending, onConfirm, onCancel }: { open: boolean; error: Error | null; preview: AccessPreviewResponse | null; pending: boolean; onConfirm: () => void; onCancel: () => void }) {
  const who = strandedBy(error) ?? preview?.consumers.filter((c) => c.blockedAfter) ?? [];
  return (
    <AskDialog open={open} testId="access-stranding-dialog" title="Block every consumer of this service?" confirmLabel="Save anyway" pendingLabel="Saving…" pending={pending} error={error && strandedBy(error) === null ? error.message : null} onConfirm={onConfirm} onCancel={onCancel}>
      <p>Nothing is saved yet. With this rule, these consumers lose every provider, and their calls fail until the rule is disabled or deleted:</p>
      <ul className="list-disc space-y-1 pl-5" data-testid="stranded-consumers">
        {who.map((c) => (
          <li key={`${c.application} ${c.host} ${c.release}`} data-stranded-consumer={c.application} className="[overflow-wrap:anywhere]">
            {strandedInWords([c])}
          </li>
        ))}
      </ul>
    </AskDialog>
  );
}
