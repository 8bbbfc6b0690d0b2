"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type RollbackBody, rollbackResponseSchema } from "@/lib/api/audit";
import { ApiError } from "@/lib/api/client/fetch-json";
import { sendJson } from "@/lib/api/client/send-json";

/**
 * POST /api/v1/routes/{id}/rollback {auditId}: restores the route as it was before that
 * entry's change, and answers `{ route }` as restored (a new revision, as any edit; null when it
 * undid a creation, so the route is deleted). Refetches the
 * routes, their histories and the audit trail either way (a 409 means they moved on).
 */
export function useRollbackRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, auditId, allowStranding }: { id: string } & RollbackBody) =>
      sendJson("POST", `/api/v1/routes/${encodeURIComponent(id)}/rollback`, { auditId, ...(allowStranding ? { allowStranding } : {}) } satisfies RollbackBody, rollbackResponseSchema),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ["routes"] }), client.invalidateQueries({ queryKey: ["audit"] })]),
  });
}

/** What a refused rollback says: a 409 in plain words, anything else as the server put it. */
export function rollbackErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.code === "conflict" && Array.isArray(error.details.rollBackFirst)) return `Not rolled back: ${error.message}.`;
  if (error instanceof ApiError && error.status === 409) return `Not rolled back: ${error.message}. The history now shows the route's latest changes.`;
  if (error instanceof ApiError && error.status === 403) return `Not rolled back: ${error.message}`;
  return `Not rolled back: ${error.message}`;
}
