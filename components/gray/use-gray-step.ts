"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendJson } from "@/lib/api/client/send-json";
import { type Config, configSchema, deletedConfigSchema } from "@/lib/api/overrides/configs";
import type { OverrideDraft } from "@/lib/override/override-draft";

/** Every write of the flow changes the service's configs, its providers' effective weights and the audit trail. */
function useChanged() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ["configs"] }), client.invalidateQueries({ queryKey: ["service"] }), client.invalidateQueries({ queryKey: ["audit"] })]);
}

/**
 * Applies one step: POST /api/v1/configs for the flow's first step, PUT /api/v1/configs/{id}
 * on the revision shown for the others; answers the config as saved (its id is the flow's).
 */
export function useApplyGrayStep() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ existing, draft, allowStranding }: { existing: Config | null; draft: OverrideDraft; allowStranding?: boolean }) =>
      existing === null
        ? sendJson("POST", "/api/v1/configs", { ...draft, ...(allowStranding ? { allowStranding: true } : {}) }, configSchema)
        : sendJson("PUT", `/api/v1/configs/${encodeURIComponent(existing.id)}`, { ...draft, revision: existing.revision, ...(allowStranding ? { allowStranding: true } : {}) }, configSchema),
    onSettled: changed,
  });
}

/** Returns everything to before the flow: DELETE /api/v1/configs/{id} of the flow's one override (recorded in the audit trail like any delete). */
export function useReturnGray() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (config: Config) => sendJson("DELETE", `/api/v1/configs/${encodeURIComponent(config.id)}?revision=${encodeURIComponent(config.revision)}`, undefined, deletedConfigSchema),
    onSettled: changed,
  });
}
