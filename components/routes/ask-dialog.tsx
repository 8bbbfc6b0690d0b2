"use client";

import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "../ui/button";

/**
 * A question before a damaging action, opened by its caller (not by a trigger of its own):
 * what will happen, in words, and a red confirm button. Closing it (Cancel, Escape, the
 * overlay) calls `onCancel`; nothing is done.
 */
export function AskDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  error = null,
  onConfirm,
  onCancel,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/30 dark:bg-black/60" />
        <Dialog.Content
          data-testid={testId}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-3 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="space-y-2 text-sm text-zinc-700 dark:text-zinc-300">{children}</div>
          </Dialog.Description>
          {error && <p className="text-sm text-red-700 dark:text-red-300">{error}</p>}
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button type="button">Cancel</Button>
            </Dialog.Close>
            <Button type="button" variant="primary" className="bg-red-600 hover:bg-red-700" disabled={pending} onClick={onConfirm} data-testid={testId ? `${testId}-confirm` : undefined}>
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
