"use client";

import { useState } from "react";
import type { Route } from "@/lib/api/routing/routes";
import { Button } from "../ui/button";
import { AskDialog } from "./ask-dialog";
import { StrandedConsumers, strandedBy } from "./stranded-consumers";
import { useToggleRoute } from "./use-route-mutations";

/**
 * Enable or Disable, asked first: Disable always says what it does (consumers go back to
 * what the other routes leave them), and a change the server refuses because it leaves
 * registered consumers with no provider (409 `strands_consumers`) names them and is done
 * only when confirmed again (`allowStranding`).
 */
export function ToggleRoute({ route }: { route: Route }) {
  const toggle = useToggleRoute();
  const [asking, setAsking] = useState(false);
  const enabling = !route.enabled;
  const stranded = strandedBy(toggle.error);
  const run = (allowStranding: boolean) => toggle.mutate({ route, enabled: enabling, allowStranding }, { onSuccess: () => setAsking(false) });
  const open = () => {
    toggle.reset();
    if (enabling) run(false);
    setAsking(true);
  };
  const close = () => {
    setAsking(false);
    toggle.reset();
  };
  // Enabling asks only when the server says it strands someone; disabling always asks.
  const shown = asking && (!enabling || stranded !== null);
  return (
    <>
      <Button type="button" size="sm" variant="ghost" disabled={toggle.isPending} onClick={open} data-testid="toggle-route">
        {route.enabled ? "Disable" : "Enable"}
      </Button>
      <AskDialog
        open={shown}
        testId="toggle-route-dialog"
        title={`${enabling ? "Enable" : "Disable"} route “${route.name}”?`}
        confirmLabel={stranded ? `${enabling ? "Enable" : "Disable"} anyway` : "Disable"}
        pendingLabel={enabling ? "Enabling…" : "Disabling…"}
        pending={toggle.isPending}
        error={toggle.error && !stranded ? toggle.error.message : null}
        onConfirm={() => run(stranded !== null)}
        onCancel={close}
      >
        {stranded ? (
          <>
            <p>Nothing was changed: this leaves registered consumers with no provider.</p>
            <StrandedConsumers consumers={stranded} />
          </>
        ) : (
          <p>Its consumers stop applying it within seconds and get the providers the service&apos;s other routes leave them. It stays saved; enable it again at any time.</p>
        )}
      </AskDialog>
      {toggle.error && !shown && <span className="text-xs text-red-700 dark:text-red-300">{toggle.error.message}</span>}
    </>
  );
}
