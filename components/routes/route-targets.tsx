"use client";

import type { UseFormRegister } from "react-hook-form";
import type { Route } from "@/lib/api/routing/routes";
import type { RouteFormValues } from "./route-form-schema";

const hint = "block text-xs text-zinc-500 dark:text-zinc-400";

/**
 * Where the editor saves a route: the registry's routers category always (what Dubbo 2.x
 * to 3.0.4 consumers obey), and on request its service's config-center rule too (what
 * Dubbo 3.0.5 and later obey). Says what happens to the copy of a disabled route, and
 * when a route saved with a copy has lost it.
 */
export function RouteTargets({ register, configCenter, enabled, route }: { register: UseFormRegister<RouteFormValues>; configCenter: boolean; enabled: boolean; route: Route | null }) {
  return (
    <fieldset className="min-w-0 space-y-1.5 text-sm" data-testid="route-targets">
      <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Save to</legend>
      <label className="flex items-start gap-1.5">
        <input type="checkbox" checked disabled className="mt-1" aria-describedby="route-target-registry" />
        <span className="min-w-0">
          Registry
          <span id="route-target-registry" className={hint}>
            Dubbo 2.x – 3.0.4 consumers
          </span>
        </span>
      </label>
      <label className="flex items-start gap-1.5">
        <input type="checkbox" {...register("configCenter")} className="mt-1" data-testid="target-config-center" aria-describedby="route-target-config-center" />
        <span className="min-w-0">
          Also config center
          <span id="route-target-config-center" className={hint}>
            Dubbo 3.0.5+ consumers: the rule becomes a condition of the service&apos;s config-center rule
          </span>
        </span>
      </label>
      {configCenter && !enabled && <p className={hint}>While the route is disabled its condition is kept out of the config-center rule; enabling the route puts it back.</p>}
      {configCenter && route?.configCenter === "missing" && (
        <p className="text-xs text-amber-700 dark:text-amber-300" data-testid="copy-missing">
          The config-center rule lacks this route&apos;s condition (it was removed there); saving puts it back.
        </p>
      )}
    </fieldset>
  );
}
