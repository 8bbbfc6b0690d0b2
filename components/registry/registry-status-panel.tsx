"use client";

import { useQuery } from "@tanstack/react-query";
import { registryStatusQuery } from "@/lib/api/queries";
import { describeRegistryState } from "@/lib/format/registry-state";
import { Badge } from "../ui/badge";
import { Callout } from "../ui/callout";

/** One card per configured registry: state, servers, root, what was read, invalid nodes. */
export function RegistryStatusPanel() {
  const { data, error } = useQuery(registryStatusQuery());
  if (error) return <Callout tone="bad">Could not reach the console: {error.message}</Callout>;
  if (!data) return <Callout>Loading…</Callout>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {data.registries.map((r) => {
        const d = describeRegistryState(r.state);
        return (
          <section key={r.source} className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <div className="flex items-center justify-between gap-2">
              <code className="truncate text-sm">{r.source}</code>
              <Badge tone={d.tone}>{d.label}</Badge>
            </div>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{d.detail}</p>
            <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
              <dt className="text-zinc-500">Servers</dt>
              <dd className="font-mono">{r.servers.join(", ")}</dd>
              <dt className="text-zinc-500">Root</dt>
              <dd className="font-mono">{r.root}</dd>
              <dt className="text-zinc-500">Services</dt>
              <dd>{r.serviceCount}</dd>
              <dt className="text-zinc-500">Last full read</dt>
              <dd>{r.syncedAt ? new Date(r.syncedAt).toLocaleString() : "not yet"}</dd>
            </dl>
            {r.invalidNodes.length > 0 && (
              <details className="text-sm">
                <summary className="cursor-pointer text-amber-700 dark:text-amber-400">
                  {r.invalidNodes.length} node(s) skipped: not valid Dubbo URLs
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
      })}
    </div>
  );
}
