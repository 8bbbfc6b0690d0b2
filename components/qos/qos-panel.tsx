"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fetchJson } from "@/lib/api/client/fetch-json";
import { sendJson } from "@/lib/api/client/send-json";
import { qosActionResponseSchema, type QosStatus, qosStatusSchema } from "@/lib/api/qos";
import { useSession } from "../auth/use-session";
import { AskDialog } from "../routes/ask-dialog";
import { StrandedConsumers, strandedBy } from "../routes/stranded-consumers";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";

const qosKey = (address: string) => ["qos", address] as const;

/** The QoS of the provider process at `address`, asked when shown (the server keeps the answer a few seconds, an unreachable one longer). */
function useQos(address: string) {
  return useQuery({ queryKey: qosKey(address), queryFn: ({ signal }) => fetchJson(`/api/v1/qos?address=${encodeURIComponent(address)}`, qosStatusSchema, signal), staleTime: 5_000, retry: false });
}

/**
 * Dubbo QoS of one provider process (issue 18): where it was asked, whether it answered and
 * why not, `ready` on 3.x, and each service it exports with whether it is registered; for
 * those who may change configs, Offline (asked first; again with the consumers it strands)
 * and Online, through the process's own QoS.
 */
export function QosPanel({ address }: { address: string }) {
  const qos = useQos(address);
  const client = useQueryClient();
  if (qos.error) return <p className="text-xs text-red-700 dark:text-red-300">{qos.error.message}</p>;
  if (!qos.data) return <p className="text-xs text-zinc-500">Asking QoS…</p>;
  const s = qos.data;
  return (
    <div className="min-w-0 space-y-2" data-testid="qos-panel" data-qos-address={address} data-reachable={s.reachable}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-mono">{address}</span>
        <Badge tone={s.reachable ? "good" : "neutral"}>{s.reachable ? "QoS answers" : "QoS not reachable"}</Badge>
        {s.ready !== null && (
          <Badge tone={s.ready ? "good" : "warn"} data-testid="qos-ready">
            {s.ready ? "ready" : "not ready"}
          </Badge>
        )}
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          at {s.qos ?? "—"} ({s.portFrom === "url" ? "its URL's qos.port" : "the console's QoS port"})
        </span>
        <Button type="button" size="sm" variant="ghost" className="h-6 px-1.5 text-xs" onClick={() => client.invalidateQueries({ queryKey: qosKey(address) })} data-testid="qos-refresh">
          Ask again
        </Button>
      </p>
      {s.reason !== null && (
        <p className="text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400" data-testid="qos-reason">
          {s.reason}
        </p>
      )}
      {s.reachable && <QosServices status={s} />}
    </div>
  );
}

function QosServices({ status }: { status: QosStatus }) {
  const session = useSession();
  const canWrite = session.can("configs.write");
  if (status.provides.length === 0) return <p className="text-xs text-zinc-500">The process exports no service.</p>;
  return (
    <ul className="space-y-1" data-testid="qos-services">
      {status.provides.map((p) => (
        <li key={p.service} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1" data-qos-service={p.service} data-published={p.published}>
          <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{p.service}</span>
          <Badge tone={p.published ? "good" : "warn"}>{p.published ? "registered" : "unregistered"}</Badge>
          {canWrite && <QosAction address={status.address} service={p.service} action={p.published ? "offline" : "online"} />}
        </li>
      ))}
    </ul>
  );
}

/** Offline asks first (what it does; again naming the consumers left with none when the server says so); Online is done at once. */
function QosAction({ address, service, action }: { address: string; service: string; action: "offline" | "online" }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const run = useMutation({
    mutationFn: (allowStranding: boolean) => sendJson("POST", `/api/v1/qos/${action}`, { address, service, ...(allowStranding ? { allowStranding: true } : {}) }, qosActionResponseSchema),
    onSuccess: (answer) => {
      client.setQueryData(qosKey(address), answer.status);
      setAsking(false);
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ["service"] }), client.invalidateQueries({ queryKey: ["address"] }), client.invalidateQueries({ queryKey: ["audit"] })]),
  });
  const stranded = strandedBy(run.error);
  if (action === "online") {
    return (
      <>
        <Button type="button" size="sm" variant="outline" className="h-6 px-2 text-xs" disabled={run.isPending} onClick={() => run.mutate(false)} data-testid="qos-online">
          {run.isPending ? "Registering…" : "Online"}
        </Button>
        {run.error && <span className="text-xs text-red-700 dark:text-red-300">{run.error.message}</span>}
      </>
    );
  }
  const close = () => (setAsking(false), run.reset());
  return (
    <>
      <Button type="button" size="sm" variant="ghost" className="h-6 px-2 text-xs text-red-700 dark:text-red-300" onClick={() => setAsking(true)} data-testid="qos-offline">
        Offline
      </Button>
      <AskDialog
        open={asking}
        testId="qos-offline-dialog"
        title={stranded ? "Take it offline anyway?" : "Take this service offline?"}
        confirmLabel={stranded ? "Take offline anyway" : "Take offline"}
        pendingLabel="Unregistering…"
        pending={run.isPending}
        error={run.error && !stranded ? run.error.message : null}
        onConfirm={() => run.mutate(stranded !== null)}
        onCancel={close}
      >
        <p className="[overflow-wrap:anywhere]">
          Dubbo QoS in the process at <span className="font-mono">{address}</span> unregisters <span className="font-mono">{service}</span>: its consumers stop calling it as the registry tells them, within
          seconds. The process keeps running; Online registers it again.
        </p>
        {stranded && (
          <>
            <p>Nothing was changed: this leaves registered consumers with no provider.</p>
            <StrandedConsumers consumers={stranded} />
          </>
        )}
      </AskDialog>
    </>
  );
}
