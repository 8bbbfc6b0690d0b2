"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Provider, ServiceDetail } from "@/lib/api/catalog-entities";
import { routePreviewQuery, routesQuery } from "@/lib/api/client/queries";
import type { RoutePreviewRequest } from "@/lib/api/routing/route-preview";
import type { Route, RouteTarget } from "@/lib/api/routing/routes";
import { type GrayRoute, grayAppRoutes } from "@/lib/gray/gray-plan";
import { ImpactView } from "../routes/impact-view";
import { strandedBy } from "../routes/stranded-consumers";
import { StrandingAskDialog } from "../routes/stranding-ask-dialog";
import { useDeleteRoute, useSaveRoute } from "../routes/use-route-mutations";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { ConfirmDialog } from "../ui/confirm-dialog";
import type { GrayFlow, GrayFlowState } from "./use-gray-flow";

/** Both copies, so every release obeys the routes (2.x and 3.0 the registry's, 3.1+ the config center's). */
const TARGETS: RouteTarget[] = ["registry", "config-center"];

/** The impact of one of the flow's routes on every registered consumer (POST /api/v1/routes/preview, impact view). */
function RouteImpact({ service, route }: { service: ServiceDetail; route: GrayRoute }) {
  const consumer = service.consumers[0]?.url ?? `consumer://0.0.0.0/${service.interface}?application=console-preview&side=consumer`;
  const request: RoutePreviewRequest = { service: service.interface, group: service.group, version: service.version, rule: route.rule, consumer, include: ["impact"], targets: TARGETS, impactUrls: "none", listMax: 5 };
  const query = useQuery(routePreviewQuery(service.key, request));
  return (
    <div className="min-w-0 space-y-1" data-testid="gray-route-impact" data-route={route.name} data-state={query.isFetching ? "updating" : "current"}>
      <p className="font-mono text-xs [overflow-wrap:anywhere]">{route.rule}</p>
      {query.error && <p className="text-xs text-red-700 dark:text-red-300">The preview failed: {query.error.message}</p>}
      {query.data?.impact && <ImpactView serviceKey={service.key} request={request} impact={query.data.impact} />}
    </div>
  );
}

/**
 * A gray release to chosen consumer applications under way: one step, two condition routes
 * (lib/gray/gray-plan.ts grayAppRoutes) saved with both copies, each previewed on every
 * registered consumer before it is written; returning deletes both (each recorded in the
 * audit trail). A route of either name that exists already stops the step with its 409.
 */
export function GrayAppsRun({ service, providers, flow, setFlow }: { service: ServiceDetail; providers: readonly Provider[]; flow: GrayFlow; setFlow: (f: GrayFlowState | null, how?: "returned") => void }) {
  const routes = useQuery(routesQuery({ service: service.interface, group: service.group, version: service.version }));
  const save = useSaveRoute();
  const remove = useDeleteRoute();
  const [askStranding, setAskStranding] = useState(false);
  const [failed, setFailed] = useState<Error | null>(null);
  const [pending, setPending] = useState(false);
  const applications = flow.plan.applications ?? [];
  const pair = grayAppRoutes(applications, flow.plan.newAddresses);
  const ids = flow.routeIds ?? [];
  const own: Route[] = (routes.data?.routes ?? []).filter((r) => ids.includes(r.id));
  const lost = ids.length > 0 && routes.data !== undefined && own.length < ids.length;
  const fresh = providers.filter((p) => flow.plan.newAddresses.includes(p.address));

  /** Saves the routes not saved yet, in order; the ids saved so far are kept in the flow even when a later one fails. */
  const run = async (allowStranding: boolean) => {
    setPending(true);
    setFailed(null);
    const saved = [...ids];
    try {
      for (const r of pair.slice(saved.length)) {
        const route = await save.mutateAsync({ route: null, fields: { service: service.interface, group: service.group, version: service.version, name: r.name, rule: r.rule, priority: 0, force: false, runtime: false, enabled: true }, targets: TARGETS, allowStranding });
        saved.push(route.id);
        setFlow({ ...flow, routeIds: [...saved], step: saved.length === pair.length ? 0 : -1 });
      }
      setAskStranding(false);
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      setFailed(error);
      setAskStranding(strandedBy(error) !== null);
    } finally {
      setPending(false);
    }
  };
  const returnAll = async (close: () => void) => {
    setPending(true);
    setFailed(null);
    try {
      for (const r of own) await remove.mutateAsync(r);
      close();
      setFlow(null, "returned");
    } catch (e) {
      setFailed(e instanceof Error ? e : new Error(String(e)));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="space-y-3" data-testid="gray-run" data-mode="applications" data-step={flow.step}>
      <p className="text-sm [overflow-wrap:anywhere]">
        New providers: <span className="font-mono">{flow.plan.newAddresses.join(", ")}</span>, for consumer applications <span className="font-mono">{applications.join(", ")}</span> only
      </p>
      <p className="text-sm" data-testid="gray-now">
        {flow.step < 0
          ? ids.length === 0
            ? "Nothing is written yet: every consumer calls the providers as before."
            : "Only the first of the two routes is saved: apply the step again to save the second, or return everything."
          : `Now: ${applications.join(", ")} call only the new providers (all providers while none of them is up); every other consumer calls only the others.`}
      </p>
      {fresh.length === 0 && <Callout tone="warn">None of the new providers is registered now.</Callout>}
      {lost && (
        <Callout tone="warn" title="A route of the flow is gone" data-testid="gray-lost">
          Someone deleted a route this flow wrote. Return everything to delete the rest, or end the flow.
        </Callout>
      )}
      {flow.step < 0 && (
        <div className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-testid="gray-next">
          <p className="text-sm font-medium">Step 1: two condition routes, each shown with what it does to every registered consumer</p>
          {pair.slice(ids.length).map((r) => (
            <RouteImpact key={r.name} service={service} route={r} />
          ))}
          <Button type="button" variant="primary" disabled={pending || fresh.length === 0} onClick={() => void run(false)} data-testid="gray-apply">
            {pending ? "Applying…" : "Apply step 1"}
          </Button>
          {failed && strandedBy(failed) === null && <p className="text-sm text-red-700 dark:text-red-300">{failed.message}</p>}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {own.length > 0 && (
          <ConfirmDialog
            trigger="Return everything to before"
            title="Return every consumer to how it was before the gray release?"
            description={`The flow's ${own.length === 1 ? "route is" : "two routes are"} deleted, so every consumer calls every provider again as before. Consumers see it within seconds; each deletion is recorded in the audit trail.`}
            confirmLabel="Return everything"
            pendingLabel="Returning…"
            pending={pending}
            error={failed && !askStranding ? failed.message : null}
            onClosed={() => setFailed(null)}
            onConfirm={(close) => void returnAll(close)}
          />
        )}
        <Button type="button" variant="ghost" onClick={() => setFlow(null)} data-testid="gray-end">
          {own.length === 0 ? "Cancel the flow" : "End the flow (keep the routes)"}
        </Button>
      </div>
      <StrandingAskDialog
        asked={askStranding}
        error={failed}
        testId="gray-stranding-dialog"
        title="Apply routes that leave consumers with no provider?"
        confirmLabel="Apply anyway"
        pendingLabel="Applying…"
        pending={pending}
        onConfirm={() => void run(true)}
        onCancel={() => (setAskStranding(false), setFailed(null))}
      />
    </div>
  );
}
