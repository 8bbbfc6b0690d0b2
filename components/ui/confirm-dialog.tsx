"use client";

import { Dialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Button } from "./button";

/**
 * A destructive action behind a confirmation: a red trigger button opens a dialog that says
 * what the action does; its confirm button calls `onConfirm` with a `close` to call once
 * it succeeded. `error` is shown inside the dialog; `onClosed` lets the caller reset it.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  onClosed,
}: {
  trigger: string;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: (close: () => void) => void;
  onClosed?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) onClosed?.();
      }}
    >
      <Dialog.Trigger asChild>
        <Button type="button" size="sm" variant="ghost" className="text-red-700 dark:text-red-300">
          {trigger}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/30 dark:bg-black/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-3 rounded-lg border border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900">
          <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-zinc-600 dark:text-zinc-300">{description}</Dialog.Description>
          {children}
          {error && <p className="text-sm text-red-700 dark:text-red-300">{error}</p>}
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button type="button">Cancel</Button>
            </Dialog.Close>
            <Button type="button" variant="primary" className="bg-red-600 hover:bg-red-700" disabled={pending} onClick={() => onConfirm(() => setOpen(false))}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
