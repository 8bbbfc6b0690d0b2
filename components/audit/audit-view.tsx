"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditFilter } from "@/lib/api/audit-filter";
import { auditPagesQuery } from "@/lib/api/queries";
import { useDebounced } from "../routes/use-debounced";
import { useFilterParam } from "../services/use-filter-param";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { AuditFilters, isAuditKind } from "./audit-filters";
import { AuditTable } from "./audit-table";

/** How long a typed filter must rest before the trail is asked again. */
const FILTER_DEBOUNCE_MS = 300;

/**
 * The Audit page: every recorded route change and invocation, newest first, filtered by
 * service, user and kind (kept in the address), a page at a time with "Load more". A route
 * change anywhere refetches it (the change stream's routes events).
 */
export function AuditView() {
  const [service, setService] = useFilterParam("service");
  const [user, setUser] = useFilterParam("user");
  const [kind, setKind] = useFilterParam("kind");
  const filter: AuditFilter = useDebounced({ service: service.trim(), user: user.trim(), kind: isAuditKind(kind) ? kind : "" }, FILTER_DEBOUNCE_MS);
  const query = useInfiniteQuery(auditPagesQuery(filter));
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = filter.service !== "" || filter.user !== "" || filter.kind !== "";
  const setters = { service: setService, user: setUser, kind: setKind };

  return (
    <div className="space-y-4" data-testid="audit-view">
      <AuditFilters values={{ service, user, kind }} onChange={(field, value) => setters[field](value)} />
      {query.error && (
        <Callout tone="bad" title="The audit trail could not be read">
          {query.error.message}
        </Callout>
      )}
      {query.isPending && <Callout>Reading the audit trail…</Callout>}
      {query.data && entries.length === 0 && <Callout>{filtered ? "No entry matches these filters." : "Nothing has been recorded yet: route changes and invocations appear here."}</Callout>}
      {entries.length > 0 && <AuditTable entries={entries} />}
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button type="button" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="audit-load-more">
            {query.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      )}
    </div>
  );
}
