"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ConsumerImpact, RoutePreviewRequest } from "@/lib/api/routing/route-preview";
import { routePreviewQuery } from "@/lib/api/client/queries";
import { providerAddress } from "@/lib/dubbo/provider-address";
import { Button } from "../ui/button";
import { impactListsRequest } from "./provider-page-request";

/**
 * One impact row's gained and lost providers: the first few by address, as every answer
 * names them (`gainedNames`, `lostNames`), and the whole lists on request, asked of the
 * preview for this consumer alone (`impactUrls`), so a keystroke's answer does not carry
 * 40 consumers' URL lists. `request`: the draft the row is for (null: the rule does not
 * parse, and the lists cannot be asked).
 */
export function ImpactProviders({ serviceKey, request, c }: { serviceKey: string; request: RoutePreviewRequest | null; c: ConsumerImpact }) {
  const [open, setOpen] = useState(false);
  const more = c.gainedCount > c.gainedNames.length || c.lostCount > c.lostNames.length;
  const query = useQuery({ ...routePreviewQuery(serviceKey, request ? impactListsRequest(request, c.url) : ({} as RoutePreviewRequest)), enabled: open && request !== null });
  const row = query.data?.impact?.consumers.find((r) => r.url === c.url);
  return (
    <>
      {c.lostCount > 0 && <span>loses {named(c.lostNames, c.lostCount)}</span>}
      {c.gainedCount > 0 && <span>gains {named(c.gainedNames, c.gainedCount)}</span>}
      {more && request !== null && (
        <Button type="button" size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="impact-expand">
          {open ? "Hide providers" : "Show all providers"}
        </Button>
      )}
      {open && (
        <div className="mt-1 space-y-1" data-testid="impact-lists">
          {query.isPending && <p className="text-zinc-500 dark:text-zinc-400">Loading…</p>}
          {query.error && <p className="text-red-700 dark:text-red-300">{query.error.message}</p>}
          {row && <List label="Loses" urls={row.lost ?? []} count={row.lostCount} kind="lost" />}
          {row && <List label="Gains" urls={row.gained ?? []} count={row.gainedCount} kind="gained" />}
          {query.data && !row && <p className="text-zinc-500 dark:text-zinc-400">This consumer is no longer registered.</p>}
        </div>
      )}
    </>
  );
}

function List({ label, urls, count, kind }: { label: string; urls: readonly string[]; count: number; kind: "lost" | "gained" }) {
  if (count === 0) return null;
  return (
    <div>
      <p className="font-medium">
        {label} {count}
        {count > urls.length && ` (the first ${urls.length} shown)`}
      </p>
      <ul className="font-mono" data-impact-list={kind}>
        {urls.map((u) => (
          <li key={u} title={u} data-impact-provider={u}>
            {providerAddress(u)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The providers named, and how many more there are. */
function named(names: readonly string[], count: number): string {
  const shown = names.join(", ");
  return count > names.length ? `${shown} and ${count - names.length} more` : shown;
}
