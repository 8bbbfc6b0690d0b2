"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { fetchJson } from "@/lib/api/client/fetch-json";
import { sendJson } from "@/lib/api/client/send-json";
import { endedGrayFlowSchema, type GrayFlow, type GrayFlowState, grayFlowSchema, grayFlowsResponseSchema } from "@/lib/api/gray-flows";

export type { GrayFlow, GrayFlowState };

/** How often the flow is read again: another operator's step shows within this. */
const REFETCH_MS = 5_000;

const flowKey = (serviceKey: string) => ["gray-flows", serviceKey] as const;

/** The service a flow is of. */
export interface GrayService {
  readonly key: string;
  readonly interface: string;
  readonly group: string;
  readonly version: string;
}

/** What the flow's read and writes are doing, for the page to say. */
export interface GrayFlowStatus {
  /** The flow has not been read yet (nothing may start before it is: one may be under way). */
  readonly loading: boolean;
  /** Why it could not be read, or why the last write was refused. */
  readonly error: string | null;
  readonly saving: boolean;
}

/**
 * The gray-release flow of one service, as the console keeps it for every operator and
 * replica (GET/PUT/DELETE /api/v1/gray-flows): the plan, the rule(s) the flow wrote, the last
 * step applied. The setter starts the flow (none yet), moves it on (based on the revision
 * read), or ends it (null; `"returned"` when its writes were taken back, audited so). Writes
 * go one after another, each based on the revision the one before it answered, so a page
 * may record several changes in a row (the applications mode records each route it saves).
 */
export function useGrayFlow(service: GrayService): [GrayFlow | null, (next: GrayFlowState | null, how?: "returned") => void, GrayFlowStatus] {
  const client = useQueryClient();
  const key = flowKey(service.key);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const url = `/api/v1/gray-flows?service=${encodeURIComponent(service.interface)}&group=${encodeURIComponent(service.group)}&version=${encodeURIComponent(service.version)}`;
      const answer = await fetchJson(url, grayFlowsResponseSchema, signal);
      return answer.flows.find((f) => f.key === service.key) ?? null;
    },
    refetchInterval: REFETCH_MS,
  });
  const flow = query.data ?? null;
  /** The newest flow known: what the last write answered, or a newer read. */
  const latest = useRef<GrayFlow | null>(flow);
  useEffect(() => {
    if (flow === null || latest.current === null || flow.updatedAt >= latest.current.updatedAt) latest.current = flow;
  }, [flow]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const write = useMutation({
    mutationFn: async ({ next, how }: { next: GrayFlowState | null; how?: "returned" }): Promise<GrayFlow | null> => {
      const base = latest.current;
      if (next === null) {
        if (base === null) return null;
        const q = `service=${encodeURIComponent(service.interface)}&group=${encodeURIComponent(service.group)}&version=${encodeURIComponent(service.version)}&revision=${encodeURIComponent(base.revision)}&returned=${how === "returned"}`;
        await sendJson("DELETE", `/api/v1/gray-flows?${q}`, undefined, endedGrayFlowSchema);
        latest.current = null;
        return null;
      }
      const { plan, configId, step, routeIds } = next;
      const saved = await sendJson("PUT", "/api/v1/gray-flows", { plan, configId, step, ...(routeIds !== undefined ? { routeIds } : {}), revision: base?.revision ?? null }, grayFlowSchema);
      latest.current = saved;
      return saved;
    },
    onSuccess: (saved) => client.setQueryData(key, saved),
    onError: () => void client.invalidateQueries({ queryKey: key }),
  });
  const { mutateAsync } = write;
  const setFlow = useCallback(
    (next: GrayFlowState | null, how?: "returned") => {
      // The error is the mutation's, shown by the page.
      queue.current = queue.current.then(() => mutateAsync({ next, ...(how ? { how } : {}) })).catch(() => undefined);
    },
    [mutateAsync],
  );
  const error = write.error ? write.error.message : query.error ? `The gray release could not be read: ${query.error.message}` : null;
  return [flow, setFlow, { loading: query.isPending, error, saving: write.isPending }];
}
