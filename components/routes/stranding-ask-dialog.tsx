"use client";

import type { ReactNode } from "react";
import { AskDialog } from "./ask-dialog";
import { StrandedConsumers, strandedBy } from "./stranded-consumers";

/**
 * The question after a write the server refused with 409 `strands_consumers`: who would be
 * left with no provider (the error's list) and a confirm that writes again with
 * `allowStranding`. Open while `asked` and the error is that refusal; `lead` comes before the list.
 */
export function StrandingAskDialog({
  asked,
  error,
  testId,
  title,
  confirmLabel,
  pendingLabel,
  pending,
  lead,
  onConfirm,
  onCancel,
}: {
  asked: boolean;
  error: Error | null;
  testId: string;
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  lead?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const stranded = strandedBy(error);
  return (
    <AskDialog open={asked && stranded !== null} testId={testId} title={title} confirmLabel={confirmLabel} pendingLabel={pendingLabel} pending={pending} onConfirm={onConfirm} onCancel={onCancel}>
      {lead}
      <StrandedConsumers consumers={stranded ?? []} />
      <p>Their calls fail until a provider is usable again.</p>
    </AskDialog>
  );
}
