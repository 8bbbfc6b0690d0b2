"use client";

import Link from "next/link";
import type { Route } from "@/lib/api/routing/routes";
import { useSession } from "../auth/use-session";
import { Button } from "../ui/button";
import { CopyToConfigCenter } from "./copy-to-config-center";
import { DeleteRouteDialog } from "./delete-route-dialog";
import { routeEditHref } from "./route-hrefs";
import { ToggleRoute } from "./toggle-route";

/**
 * Edit, enable or disable (asked first), copy to the config center (where the copy is not there yet), delete: one route's actions in a
 * list, for a role that may write routes; a role that may not gets only its History.
 */
export function RouteActions({ route }: { route: Route }) {
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
      <ToggleRoute route={route} />
      <CopyToConfigCenter route={route} />
      <DeleteRouteDialog route={route} />
    </div>
  );
}
