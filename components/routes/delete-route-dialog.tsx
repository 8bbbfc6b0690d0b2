"use client";

import { Dialog } from "radix-ui";
import { useState } from "react";
import type { Route } from "@/lib/api/routes";
import { Button } from "../ui/button";
import { useDeleteRoute } from "./use-route-mutations";

/** Delete, after a confirmation that names the route and what deleting it does. */
export function DeleteRouteDialog({ route, onDeleted }: { route: Route; onDeleted?: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteRoute();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) remove.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button type="button" size="sm" variant="ghost" className="text-red-700 dark:text-red-300">
          Delete
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/30 dark:bg-black/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-3 rounded-lg border border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900">
          <Dialog.Title className="text-base font-semibold">Delete route “{route.name}”?</Dialog.Title>
          <Dialog.Description className="text-sm text-zinc-600 dark:text-zinc-300">
            Its node is removed from the registry, and consumers of {route.service} go back to the providers the other routes give them within seconds.
          </Dialog.Description>
          <p className="font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">{route.rule}</p>
          {remove.error && <p className="text-sm text-red-700 dark:text-red-300">{remove.error.message}</p>}
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button type="button">Cancel</Button>
            </Dialog.Close>
            <Button
              type="button"
              variant="primary"
              className="bg-red-600 hover:bg-red-700"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(route, {
                  onSuccess: () => {
                    setOpen(false);
                    onDeleted?.();
                  },
                })
              }
            >
              {remove.isPending ? "Deleting…" : "Delete"}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
