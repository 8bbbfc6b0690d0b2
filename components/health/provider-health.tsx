"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/lib/api/client/fetch-json";
import { sendJson } from "@/lib/api/client/send-json";
import { type HealthState, type ProviderHealth, probeResponseSchema, providersHealthResponseSchema } from "@/lib/api/provider-health";
import { useSession } from "../auth/use-session";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";

/** How often the health is read again (it costs the server a look at its connections, nothing sent). */
const REFETCH_MS = 3_000;

const healthKey = (what: string) => ["health", what] as const;

/** The health of a service's providers (`{ service }`) or of one address's (`{ address }`), read again every few seconds; null: not yet known what to ask. */
export function useProviderHealth(of: { service: string; group: string; version: string } | { address: string } | null) {
  const query = of === null ? "" : "address" in of ? `address=${encodeURIComponent(of.address)}` : `service=${encodeURIComponent(of.service)}&group=${encodeURIComponent(of.group)}&version=${encodeURIComponent(of.version)}`;
  const result = useQuery({
    queryKey: healthKey(query),
    queryFn: ({ signal }) => fetchJson(`/api/v1/health/providers?${query}`, providersHealthResponseSchema, signal),
    refetchInterval: REFETCH_MS,
    enabled: of !== null,
  });
  const byAddress = new Map<string, ProviderHealth>();
  for (const p of result.data?.providers ?? []) if (p.protocol === "dubbo" || !byAddress.has(p.address)) byAddress.set(p.address, p);
  return { byAddress, error: result.error, heartbeatMs: result.data?.heartbeatMs ?? null };
}

const TONES: Record<HealthState, "good" | "warn" | "bad" | "neutral" | "info"> = {
  reachable: "good",
  "read-only": "warn",
  unreachable: "bad",
  connecting: "info",
  "no-connection": "neutral",
  "not-dubbo": "neutral",
};
const WORDS: Record<HealthState, string> = {
  reachable: "reachable",
  "read-only": "read-only",
  unreachable: "unreachable",
  connecting: "connecting",
  "no-connection": "no connection",
  "not-dubbo": "other protocol",
};

/** One provider's health: a badge, the heartbeat's round trip, the cause when not reachable, and Probe for those who may. */
export function HealthCell({ health }: { health: ProviderHealth | undefined }) {
  const session = useSession();
  if (health === undefined) return <span className="text-xs text-zinc-500">…</span>;
  return (
    <span className="inline-flex min-w-0 flex-col items-start gap-0.5" data-testid="provider-health" data-state={health.state}>
      <span className="inline-flex flex-wrap items-center gap-1">
        <Badge tone={TONES[health.state]} title={health.cause ?? undefined}>
          {WORDS[health.state]}
        </Badge>
        {health.rttMs !== null && health.state === "reachable" && <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{health.rttMs < 1 ? health.rttMs.toFixed(2) : health.rttMs.toFixed(0)} ms</span>}
        {health.protocol === "dubbo" && session.can("invoke") && <ProbeButton address={health.address} />}
      </span>
      {health.cause !== null && health.state !== "not-dubbo" && <span className="max-w-64 text-xs [overflow-wrap:anywhere] text-zinc-500 dark:text-zinc-400" data-testid="provider-health-cause">{health.cause}</span>}
    </span>
  );
}

/** Connects (if need be) and sends one heartbeat; the answer refreshes every health view. */
function ProbeButton({ address }: { address: string }) {
  const client = useQueryClient();
  const probe = useMutation({
    mutationFn: () => sendJson("POST", "/api/v1/providers/probe", { address }, probeResponseSchema),
    onSettled: () => client.invalidateQueries({ queryKey: ["health"] }),
  });
  const said = probe.data ? (probe.data.ok ? `answered in ${probe.data.rttMs} ms` : `no answer: ${probe.data.error}`) : probe.error ? probe.error.message : null;
  return (
    <>
      <Button type="button" size="sm" variant="ghost" className="h-6 px-1.5 text-xs" disabled={probe.isPending} onClick={() => probe.mutate()} data-testid="probe-provider" title="Connect if need be and send one heartbeat">
        {probe.isPending ? "Probing…" : "Probe"}
      </Button>
      {said !== null && (
        <span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="probe-result" role="status">
          {said}
        </span>
      )}
    </>
  );
}
