"use client";

import { X } from "lucide-react";
import { isEditable, withoutCondition } from "@/lib/api/routing/config-route-change";
import type { ConfigRoute } from "@/lib/api/routing/config-routes";
import { Button } from "../ui/button";
import { configRouteErrorMessage, usePutConfigRoute } from "./use-config-route-mutations";

/**
 * A config-center rule's conditions, one per line, in the order Dubbo applies them; a v3.0
 * rule with more than one offers to remove each (the last one goes by deleting the rule).
 * A v3.1 rule shows each `from` with its weighted destinations, read-only.
 */
export function ConfigRouteConditions({ rule }: { rule: ConfigRoute }) {
  const put = usePutConfigRoute();
  if (rule.rule === null) return <span className="text-xs text-zinc-500 dark:text-zinc-400">{rule.problem?.message ?? "not read"}</span>;
  if (rule.rule.format === "v3.1") {
    return (
      <ul className="space-y-1 font-mono text-xs">
        {rule.rule.conditions.map((c, i) => (
          <li key={i} className="[overflow-wrap:anywhere]">
            {c.from} ⇒ {c.to.map((t) => `${t.match} (weight ${t.weight})`).join("; ")}
          </li>
        ))}
      </ul>
    );
  }
  const removable = isEditable(rule) && rule.rule.conditions.length > 1;
  return (
    <div className="space-y-1">
      <ul className="space-y-1">
        {rule.rule.conditions.map((c, i) => (
          <li key={`${i}:${c}`} className="flex items-start gap-1" data-config-condition={c}>
            <span className="min-w-0 flex-1 font-mono text-xs [overflow-wrap:anywhere]">{c === "" ? "(blank)" : c}</span>
            {removable && (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="h-6 px-1"
                aria-label={`Remove condition ${c}`}
                disabled={put.isPending}
                onClick={() => {
                  const body = isEditable(rule) ? withoutCondition(rule, i) : null;
                  if (body) put.mutate(body);
                }}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ul>
      {put.error && (
        <p className="text-xs text-red-700 dark:text-red-300" role="alert">
          {configRouteErrorMessage(put.error)}
        </p>
      )}
    </div>
  );
}
