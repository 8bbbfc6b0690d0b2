"use client";

import { isEditable, rewrite } from "@/lib/api/routing/config-route-change";
import type { ConfigRoute } from "@/lib/api/routing/config-routes";
import { useSession } from "../auth/use-session";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { configRouteErrorMessage, useDeleteConfigRoute, usePutConfigRoute } from "./use-config-route-mutations";

/** Enable or disable (a v3.0 rule the console can rewrite), and delete after a confirmation: one config-center rule's actions; none for a role that cannot write routes. */
export function ConfigRouteActions({ rule }: { rule: ConfigRoute }) {
  const put = usePutConfigRoute();
  const remove = useDeleteConfigRoute();
  const { can } = useSession();
  if (!can("routes.write")) return null;
  const enabled = rule.rule?.enabled ?? false;
  return (
    <div className="flex flex-wrap items-center gap-1">
      {isEditable(rule) && (
        <Button type="button" size="sm" variant="ghost" disabled={put.isPending} onClick={() => put.mutate(rewrite(rule, { enabled: !enabled }))}>
          {enabled ? "Disable" : "Enable"}
        </Button>
      )}
      <ConfirmDialog
        trigger="Delete"
        title={`Delete the config-center rule “${rule.key}”?`}
        description="Its node is removed from the config center, and the consumers that obey it (listed beside it) stop applying its conditions within seconds."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error ? configRouteErrorMessage(remove.error) : null}
        onClosed={() => remove.reset()}
        onConfirm={(close) => remove.mutate(rule, { onSuccess: close })}
      >
        <p className="font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">{rule.node}</p>
      </ConfirmDialog>
      {put.error && (
        <span className="text-xs text-red-700 dark:text-red-300" role="alert">
          {configRouteErrorMessage(put.error)}
        </span>
      )}
    </div>
  );
}
