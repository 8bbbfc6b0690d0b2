"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";
import { z } from "zod";

/**
 * The gray-release flow of one service as this browser runs it: the plan, the id of the one
 * override the flow writes (null before its first step) and the last step applied (-1 for
 * none). Kept in localStorage under the service key, so a reload shows the current step;
 * the override itself is in the registry, where every consumer and operator sees it.
 */
const flowSchema = z.object({
  plan: z.object({ service: z.string(), group: z.string(), version: z.string(), newAddresses: z.array(z.string()).min(1), steps: z.array(z.number().int().min(1).max(100)).min(1), mode: z.enum(["weight", "tag", "applications"]).optional(), tag: z.string().optional(), applications: z.array(z.string()).optional() }),
  /** The flow's override (weight mode) or tag rule (tag mode) once its first step is applied. */
  configId: z.string().nullable(),
  step: z.number().int().min(-1),
  /** `applications` mode: the ids of the two condition routes the flow wrote. */
  routeIds: z.array(z.string()).optional(),
});
export type GrayFlow = z.infer<typeof flowSchema>;

const storageKey = (serviceKey: string) => `dubbo-console.gray-release.${serviceKey}`;
/** Fired on this window when the flow is written here (the `storage` event reaches only other windows). */
const CHANGED = "dubbo-console.gray-release";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

function rawFlow(serviceKey: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(serviceKey));
  } catch {
    return null;
  }
}

function parse(raw: string | null): GrayFlow | null {
  if (raw === null) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The flow of `serviceKey` and its setter (null ends it); none while the server renders (the browser's storage is read after hydration). */
export function useGrayFlow(serviceKey: string): [GrayFlow | null, (flow: GrayFlow | null) => void] {
  const raw = useSyncExternalStore(subscribe, () => rawFlow(serviceKey), () => null);
  const flow = useMemo(() => parse(raw), [raw]);
  const setFlow = useCallback(
    (next: GrayFlow | null) => {
      try {
        if (next === null) window.localStorage.removeItem(storageKey(serviceKey));
        else window.localStorage.setItem(storageKey(serviceKey), JSON.stringify(next));
      } catch {
        // Storage refused (private mode, full): nothing is kept.
      }
      window.dispatchEvent(new Event(CHANGED));
    },
    [serviceKey],
  );
  return [flow, setFlow];
}
