"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fetchJson } from "@/lib/api/client/fetch-json";
import { type ConsumerSnapshot, routerSnapshotsResponseSchema } from "@/lib/api/router-snapshots";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { TimeAgo } from "../ui/time-ago";

/** Asked again this often while shown (each ask reads the consumers' latest call). */
const REFETCH_MS = 3_000;

const TONES: Record<ConsumerSnapshot["state"], "good" | "bad" | "info" | "neutral" | "warn"> = { agrees: "good", differs: "bad", collecting: "info", unsupported: "neutral", unreachable: "warn" };
const WORDS: Record<ConsumerSnapshot["state"], string> = { agrees: "agrees with the preview", differs: "differs from the preview", collecting: "recording…", unsupported: "no snapshots", unreachable: "QoS not reachable" };

const list = (p: { total: number; addresses: readonly string[]; truncated: boolean }) => `${p.total}${p.addresses.length > 0 ? `: ${p.addresses.join(", ")}${p.truncated || p.addresses.length < p.total ? ", …" : ""}` : ""}`;

/**
 * What the service's Dubbo 3 consumers really route, by their own QoS router snapshots, beside
 * the console's prediction (GET /api/v1/router-snapshots). Nothing is asked until the operator
 * starts it: the first ask turns recording on in each consumer (a little cost per call), and
 * the server turns it off a minute after the last.
 */
export function RouterSnapshotsPanel({ service }: { service: { interface: string; group: string; version: string } }) {
  const [asking, setAsking] = useState(false);
  const query = `service=${encodeURIComponent(service.interface)}&group=${encodeURIComponent(service.group)}&version=${encodeURIComponent(service.version)}`;
  const answer = useQuery({
    queryKey: ["router-snapshots", query],
    queryFn: ({ signal }) => fetchJson(`/api/v1/router-snapshots?${query}`, routerSnapshotsResponseSchema, signal),
    enabled: asking,
    refetchInterval: asking ? REFETCH_MS : false,
    retry: false,
  });
  return (
    <section className="mt-4 min-w-0 space-y-2" data-testid="router-snapshots">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">What the consumers route</h3>
        <Button type="button" size="sm" variant={asking ? "ghost" : "outline"} onClick={() => setAsking((a) => !a)} data-testid="router-snapshots-toggle">
          {asking ? "Stop asking" : "Ask the consumers"}
        </Button>
      </div>
      {!asking && <p className="text-xs text-zinc-600 dark:text-zinc-400">Asks each Dubbo 3 consumer by its QoS what its router chain left its latest call, and sets it beside the console&apos;s preview. Recording costs the consumer a little per call; it stops a minute after the last ask.</p>}
      {asking && answer.error && <p className="text-xs text-red-700 dark:text-red-300">{answer.error.message}</p>}
      {asking && !answer.data && !answer.error && <p className="text-xs text-zinc-500">Asking…</p>}
      {asking && answer.data && (
        <ul className="space-y-2" data-testid="router-snapshot-rows">
          {answer.data.consumers.length === 0 && <li className="text-sm">No consumer of this service is registered.</li>}
          {answer.data.consumers.map((c) => (
            <li key={`${c.address}|${c.application}`} className="min-w-0 rounded-md border border-zinc-200 p-2 text-sm dark:border-zinc-800" data-snapshot-consumer={c.address} data-state={c.state}>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium [overflow-wrap:anywhere]">{c.application || "(no application)"}</span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  {c.address}
                  {c.release ? `, Dubbo ${c.release}` : ""}
                </span>
                <Badge tone={TONES[c.state]}>{WORDS[c.state]}</Badge>
              </p>
              {c.snapshot && (
                <p className="font-mono text-xs [overflow-wrap:anywhere]" data-testid="snapshot-routed">
                  routed {list(c.snapshot.providers)} <span className="font-sans text-zinc-500">· <TimeAgo at={c.snapshot.at} compact /></span>
                </p>
              )}
              {c.predicted && (
                <p className="font-mono text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400" data-testid="snapshot-predicted">
                  preview {list(c.predicted)}
                </p>
              )}
              {c.reason && <p className="text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">{c.reason}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
