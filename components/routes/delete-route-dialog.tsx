"use client";

import type { Route } from "@/lib/api/routing/routes";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useDeleteRoute } from "./use-route-mutations";

/** Delete, after a confirmation that names the route and what deleting it does. */
export function DeleteRouteDialog({ route, onDeleted }: { route: Route; onDeleted?: () => void }) {
  const remove = useDeleteRoute();
  return (
    <ConfirmDialog
      trigger="Delete"
      title={`Delete route “${route.name}”?`}
      description={`Its node is removed from the registry, and consumers of ${route.service} go back to the providers the other routes give them within seconds.`}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.error?.message ?? null}
      onClosed={() => remove.reset()}
      onConfirm={(close) =>
        remove.mutate(route, {
          onSuccess: () => {
            close();
            onDeleted?.();
          },
        })
      }
    >
      <p className="font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">{route.rule}</p>
    </ConfirmDialog>
  );
}
