"use client";

import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import type { ReactNode } from "react";
import { registryStatusQuery } from "@/lib/api/client/queries";
import type { RegistryStatus } from "@/lib/api/registry-state";
import { countOf } from "@/lib/format/plural";
import { describeRegistryState } from "@/lib/format/registry-state";
import { describeStaleMarker } from "@/lib/format/stale-view";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";
import { TimeAgo } from "../ui/time-ago";
import { useNow } from "../ui/use-now";
import { AuditAclStatusNote } from "./audit-acl-status";
import { LiveUpdatesStatus } from "./live-updates-status";
import { StateHistory } from "./state-history";

/** The status page polls on its own, whatever the change stream does: "last answer from ZooKeeper" moves with every ping. */
const STATUS_POLL_MS = 3_000;

/**
 * Whether the audit trail's path is world-writable; one card per configured registry: state,
 * freshness, servers, root, what was read, the last error, the last state changes, invalid
 * nodes; and how this page is kept current.
 */
export function RegistryStatusPanel() {
  const { data, error, dataUpdatedAt } = useQuery({ ...registryStatusQuery(), refetchInterval: STATUS_POLL_MS });
  if (error) return <Callout tone="bad">Could not reach the console: {error.message}</Callout>;
  if (!data) return <Callout>Loading…</Callout>;
  return (
    <div className="space-y-4">
      <AuditAclStatusNote status={data.audit} />
      <div className="grid gap-4 md:grid-cols-2">
        {data.registries.map((r) => (
          <RegistryCard key={r.source} registry={r} fetchedAt={dataUpdatedAt} />
        ))}
      </div>
      <LiveUpdatesStatus />
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mb-2 min-w-0 [overflow-wrap:anywhere] sm:mb-0">{children}</dd>
    </>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-zinc-500 dark:text-zinc-400">{children}</span>;
}

function RegistryCard({ registry: r, fetchedAt }: { registry: RegistryStatus; fetchedAt: number }) {
  const d = describeRegistryState(r.state);
  const now = useNow();
  return (
    <section className="min-w-0 space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <code className="min-w-0 text-sm [overflow-wrap:anywhere]">{r.source}</code>
        <span className="flex shrink-0 gap-1.5">
          {r.stale && <Badge tone="warn">Stale</Badge>}
          <Badge tone={d.tone}>{d.label}</Badge>
        </span>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{d.detail}</p>
      {r.stale && (
        <Callout tone="warn" data-testid="stale-marker" icon={<History aria-hidden />}>
          <p>{describeStaleMarker(r.stale, r.stale.ageMs + (now === null ? 0 : Math.max(0, now - fetchedAt)))}</p>
        </Callout>
      )}
      <dl className="grid grid-cols-1 text-sm sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-x-4 sm:gap-y-1.5">
        <Row label="Servers">
          <span className="font-mono">{r.servers.join(", ")}</span>
        </Row>
        <Row label="Root">
          <span className="font-mono">{r.root}</span>
        </Row>
        <Row label="Services">{r.serviceCount}</Row>
        <Row label="Last full read">{r.syncedAt !== null ? <TimeAgo at={r.syncedAt} /> : <Muted>not yet</Muted>}</Row>
        <Row label="Last answer from ZooKeeper">{r.lastHeardAt !== null ? <TimeAgo at={r.lastHeardAt} /> : <Muted>never</Muted>}</Row>
        <Row label="Last connection error">
          {r.lastError ? (
            <>
              <span className="text-red-700 dark:text-red-300">{r.lastError.message}</span>{" "}
              <Muted>
                · <TimeAgo at={r.lastError.at} compact />
              </Muted>
            </>
          ) : (
            <Muted>None since the console started</Muted>
          )}
        </Row>
      </dl>
      <StateHistory history={r.history} />
      {r.invalidNodes.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-amber-700 dark:text-amber-400">
            {countOf(r.invalidNodes.length, "node")} skipped: not valid Dubbo URLs
          </summary>
          <ul className="mt-2 space-y-1 font-mono text-xs break-all">
            {r.invalidNodes.map((n) => (
              <li key={n.path}>
                {n.path}: {n.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
