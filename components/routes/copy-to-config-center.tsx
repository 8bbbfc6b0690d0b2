"use client";

import type { Route } from "@/lib/api/routing/routes";
import { Button } from "../ui/button";
import { type CopyOutcome, configRouteErrorMessage, useCopyToConfigCenter } from "./use-config-route-mutations";

const DONE: Record<CopyOutcome, string> = {
  created: "Copied: the config-center rule was created",
  appended: "Copied: added to the config-center rule",
  present: "The config-center rule already holds it",
};

/**
 * "Copy to config center": puts a registry route's rule into its service's config-center
 * rule, for Dubbo 3.0.5+ consumers. Not offered where the copy is there (`present`); what
 * the last copy did stays said.
 */
export function CopyToConfigCenter({ route }: { route: Route }) {
  const copy = useCopyToConfigCenter();
  return (
    <>
      {route.configCenter !== "present" && (
        <Button type="button" size="sm" variant="ghost" disabled={copy.isPending} onClick={() => copy.mutate(route)} title="Dubbo 3.0.5 and later consumers ignore registry routes; they obey the config-center rule">
          {copy.isPending ? "Copying…" : "Copy to config center"}
        </Button>
      )}
      {copy.data && (
        <span className="text-xs text-emerald-700 dark:text-emerald-300" data-copy-outcome={copy.data} role="status">
          {DONE[copy.data]}
        </span>
      )}
      {copy.error && (
        <span className="text-xs text-red-700 dark:text-red-300" data-copy-error role="alert">
          {configRouteErrorMessage(copy.error)}
        </span>
      )}
    </>
  );
}
