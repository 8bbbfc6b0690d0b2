"use client";

import Link from "next/link";
import type { Route } from "@/lib/api/routes";
import { useSession } from "../auth/use-session";
import { Button } from "../ui/button";
import { CopyToConfigCenter } from "./copy-to-config-center";
import { DeleteRouteDialog } from "./delete-route-dialog";
import { routeEditHref } from "./route-hrefs";
import { useToggleRoute } from "./use-route-mutations";

/**
 * Edit, enable or disable, copy to the config center, delete: one route's actions in a
 * list, for a role that may write routes; a role that may not gets only its History.
 */
export function RouteActions({ route }: { route: Route }) {
  const toggle = useToggleRoute();
  const { can } = useSession();
  if (!can("routes.write"))
    return (
      <Button asChild size="sm" variant="ghost">
        <Link href={routeEditHref(route)} scroll={false} data-testid="route-history-link">
          History
        </Link>
      </Button>
    );
  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button asChild size="sm" variant="outline">
        <Link href={routeEditHref(route)} scroll={false}>
          Edit
        </Link>
      </Button>
      <Button type="button" size="sm" variant="ghost" disabled={toggle.isPending} onClick={() => toggle.mutate({ route, enabled: !route.enabled })}>
        {route.enabled ? "Disable" : "Enable"}
      </Button>
      <CopyToConfigCenter route={route} />
      <DeleteRouteDialog route={route} />
      {toggle.error && <span className="text-xs text-red-700 dark:text-red-300">{toggle.error.message}</span>}
    </div>
  );
}
