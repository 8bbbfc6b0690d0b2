"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditFilter } from "@/lib/api/audit-filter";
import { auditPagesQuery } from "@/lib/api/client/queries";
import { localMinuteInstant } from "@/lib/audit/local-minute";
import { useDebounced } from "../routes/use-debounced";
import { useFilterParam } from "../services/use-filter-param";
import { Button } from "../ui/button";
import { Callout } from "../ui/callout";
import { AuditExportLinks } from "./audit-export-links";
import { AuditFilters, type AuditFilterValues, isAuditKind } from "./audit-filters";
import { AuditSpanNote } from "./audit-span-note";
import { AuditTable } from "./audit-table";

/** How long a typed filter must rest before the trail is asked again. */
const FILTER_DEBOUNCE_MS = 300;

/** The API's filter for what the address holds: the range's local minutes as instants, `to` through the end of its minute. */
function filterOf(values: AuditFilterValues): AuditFilter {
  return {
    service: values.service.trim(),
    user: values.user.trim(),
    kind: isAuditKind(values.kind) ? values.kind : "",
    from: localMinuteInstant(values.from),
    to: localMinuteInstant(values.to, true),
  };
}

/**
 * The Audit page: every recorded route change and invocation, newest first, filtered by
 * service, user, kind and date range (kept in the address), a page at a time with "Load
 * more"; how far back the trail goes; downloads of the matching entries. A route change
 * anywhere refetches it (the change stream's routes events).
 */
export function AuditView() {
  const params = { service: useFilterParam("service"), user: useFilterParam("user"), kind: useFilterParam("kind"), from: useFilterParam("from"), to: useFilterParam("to") };
  const values: AuditFilterValues = { service: params.service[0], user: params.user[0], kind: params.kind[0], from: params.from[0], to: params.to[0] };
  const filter = useDebounced(filterOf(values), FILTER_DEBOUNCE_MS);
  const query = useInfiniteQuery(auditPagesQuery(filter));
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const span = query.data?.pages[0]?.span;
  const filtered = Object.values(filter).some((v) => v !== "");

  return (
    <div className="space-y-4" data-testid="audit-view">
      <AuditFilters values={values} onChange={(field, value) => params[field][1](value)} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-[1_1_24rem]">{span && <AuditSpanNote span={span} />}</div>
        <AuditExportLinks filter={filter} />
      </div>
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
